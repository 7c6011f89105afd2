import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconQueue, MAX_AGE_MS, MAX_QUEUE_BYTES, MAX_QUEUED, QUEUE_KEY, type QueuedBeacon } from '../../src/analytics/beaconQueue';
import { recordingLogger } from './helpers';

const created = Date.now();
const beacon = (n: number, size = 10): QueuedBeacon => ({ i: `b${n}`, q: `AQB=1&c1=${'x'.repeat(size)}&AQE=1`, t: created + n, k: 'p' });
const ids = (list: QueuedBeacon[]) => list.map((b) => b.i);
const stored = () => JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as QueuedBeacon[];

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('beaconQueue', () => {
  it('keeps beacons in local storage, oldest first, and removes them by id', () => {
    const queue = beaconQueue(recordingLogger());
    for (const n of [1, 2, 3]) expect(queue.add(beacon(n))).toBe(true);
    expect(ids(stored())).toEqual(['b1', 'b2', 'b3']);
    expect(stored()[0]).toEqual(beacon(1));
    queue.remove('b2');
    expect(ids(queue.read())).toEqual(['b1', 'b3']);
    queue.remove('b1');
    queue.remove('b3');
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it("keeps its beacons on a page with Prototype.js's Array.prototype.toJSON (arrays stringify as strings)", () => {
    const prototypeJs = Array.prototype as unknown as { toJSON?: () => string };
    prototypeJs.toJSON = function (this: unknown[]) {
      return JSON.stringify(this.slice());
    };
    try {
      const queue = beaconQueue(recordingLogger());
      for (const n of [1, 2]) expect(queue.add(beacon(n))).toBe(true);
      expect(ids(queue.read())).toEqual(['b1', 'b2']);
    } finally {
      delete prototypeJs.toJSON;
    }
  });

  it('sees what another page wrote (the storage is the only state)', () => {
    beaconQueue(recordingLogger()).add(beacon(1));
    expect(ids(beaconQueue(recordingLogger()).read())).toEqual(['b1']);
  });

  it('leases a beacon and releases it', () => {
    const queue = beaconQueue(recordingLogger());
    queue.add(beacon(1));
    queue.add(beacon(2));
    queue.lease('b2', 5_000);
    expect(queue.read().map((b) => b.l)).toEqual([undefined, 5_000]);
    queue.lease('b2', 0);
    expect(queue.read()[1]?.l).toBe(0);
  });

  it(`caps the count at ${MAX_QUEUED}, dropping the oldest`, () => {
    const logger = recordingLogger();
    const queue = beaconQueue(logger);
    for (let n = 1; n <= MAX_QUEUED + 5; n++) expect(queue.add(beacon(n))).toBe(true);
    const list = queue.read();
    expect(list).toHaveLength(MAX_QUEUED);
    expect(list[0]?.i).toBe('b6');
    expect(list.at(-1)?.i).toBe(`b${MAX_QUEUED + 5}`);
    expect(logger.lines.filter((l) => l.includes('not kept'))).toHaveLength(5);
  });

  it(`caps the JSON at ${MAX_QUEUE_BYTES} bytes, dropping the oldest`, () => {
    const queue = beaconQueue(recordingLogger());
    const size = 10 * 1024;
    for (const n of [1, 2, 3]) queue.add(beacon(n, size));
    expect(ids(queue.read())).toEqual(['b1', 'b2', 'b3']);
    queue.add(beacon(4, size));
    expect(ids(queue.read())).toEqual(['b2', 'b3', 'b4']);
    expect(localStorage.getItem(QUEUE_KEY)!.length).toBeLessThanOrEqual(MAX_QUEUE_BYTES);
  });

  it('refuses a beacon larger than the byte cap on its own, keeping the others', () => {
    const queue = beaconQueue(recordingLogger());
    queue.add(beacon(1));
    expect(queue.add(beacon(2, MAX_QUEUE_BYTES))).toBe(false);
    expect(ids(queue.read())).toEqual([]);
  });

  it('on a quota error drops the oldest until the queue fits', () => {
    const logger = recordingLogger();
    const queue = beaconQueue(logger);
    for (const n of [1, 2, 3]) queue.add(beacon(n, 500));
    // The browser now takes at most about two such beacons.
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.length > 1_200) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(queue.add(beacon(4, 500))).toBe(true);
    expect(ids(queue.read())).toEqual(['b3', 'b4']);
    expect(logger.lines.some((l) => l.includes('2 oldest beacon(s) not kept'))).toBe(true);
  });

  it('when every write fails, keeps nothing and never throws', () => {
    const queue = beaconQueue(recordingLogger());
    queue.add(beacon(1));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(queue.add(beacon(2))).toBe(false);
    expect(() => queue.remove('b1')).not.toThrow();
  });

  it('works, keeping nothing, when storage throws on access', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });
    const queue = beaconQueue(recordingLogger());
    expect(queue.add(beacon(1))).toBe(false);
    expect(queue.read()).toEqual([]);
    expect(() => queue.lease('b1', 1)).not.toThrow();
    expect(() => queue.remove('b1')).not.toThrow();
  });

  it('ignores a corrupted stored value and starts over', () => {
    localStorage.setItem(QUEUE_KEY, '{not json');
    const queue = beaconQueue(recordingLogger());
    expect(queue.read()).toEqual([]);
    localStorage.setItem(QUEUE_KEY, JSON.stringify([{ i: 'x' }, beacon(1), 42]));
    expect(ids(queue.read())).toEqual(['b1']);
    queue.add(beacon(2));
    expect(ids(stored())).toEqual(['b1', 'b2']);
  });

  it(`drops beacons older than ${MAX_AGE_MS / 3_600_000} hours instead of sending them`, () => {
    const queue = beaconQueue(recordingLogger());
    const old = { ...beacon(1), t: Date.now() - MAX_AGE_MS - 1 };
    const recent = { ...beacon(2), t: Date.now() - MAX_AGE_MS + 60_000 };
    localStorage.setItem(QUEUE_KEY, JSON.stringify([old, recent]));
    expect(ids(queue.read())).toEqual(['b2']);
    queue.add(beacon(3));
    expect(ids(stored())).toEqual(['b2', 'b3']);
  });
});
