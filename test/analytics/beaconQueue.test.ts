import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconQueue, type BeaconQueue, MAX_AGE_MS, MAX_QUEUE_BYTES, MAX_QUEUED, QUEUE_KEY, type QueuedBeacon } from '../../src/analytics/beaconQueue';
import { recordingLogger } from './helpers';

const created = Date.now();
const beacon = (n: number, size = 10): QueuedBeacon => ({ i: `b${n}`, q: `AQB=1&c1=${'x'.repeat(size)}&AQE=1`, t: created + n, k: 'p' });
const ids = (list: QueuedBeacon[]) => list.map((b) => b.i);
const stored = () => JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as QueuedBeacon[];
const add = (queue: BeaconQueue, b: QueuedBeacon) => queue.now((list) => [...list, b]);
const remove = (queue: BeaconQueue, id: string) => queue.now((list) => list.filter((b) => b.i !== id));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('beaconQueue', () => {
  it('keeps beacons in local storage, oldest first, and removes them by id', () => {
    const queue = beaconQueue(recordingLogger());
    for (const n of [1, 2, 3]) add(queue, beacon(n));
    expect(ids(stored())).toEqual(['b1', 'b2', 'b3']);
    expect(stored()[0]).toEqual(beacon(1));
    remove(queue, 'b2');
    expect(ids(queue.read())).toEqual(['b1', 'b3']);
    remove(queue, 'b1');
    remove(queue, 'b3');
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it("keeps its beacons on a page with Prototype.js's Array.prototype.toJSON (arrays stringify as strings)", () => {
    const prototypeJs = Array.prototype as unknown as { toJSON?: () => string };
    prototypeJs.toJSON = function (this: unknown[]) {
      return JSON.stringify(this.slice());
    };
    try {
      const queue = beaconQueue(recordingLogger());
      for (const n of [1, 2]) add(queue, beacon(n));
      expect(ids(queue.read())).toEqual(['b1', 'b2']);
    } finally {
      delete prototypeJs.toJSON;
    }
  });

  it('sees what another page wrote (the storage is the only state)', () => {
    add(beaconQueue(recordingLogger()), beacon(1));
    expect(ids(beaconQueue(recordingLogger()).read())).toEqual(['b1']);
  });

  it('locked: changes the list in one step and resolves with what the change returns', async () => {
    const queue = beaconQueue(recordingLogger());
    add(queue, beacon(1));
    const taken = await queue.locked((list) => [list.map((b) => ({ ...b, l: 5_000, o: 'me' })), list.length]);
    expect(taken).toBe(1);
    expect(queue.read()).toEqual([{ ...beacon(1), l: 5_000, o: 'me' }]);
    expect(queue.exclusive).toBe(false); // jsdom has no Web Locks
  });

  it('locked: runs under the Web Lock named after the queue, and still runs if the lock manager refuses', async () => {
    const names: string[] = [];
    const grant = { request: (name: string, run: () => unknown) => (names.push(name), Promise.resolve().then(run)) };
    const refuse = { request: () => Promise.reject(new DOMException('opaque origin', 'SecurityError')) };
    for (const locks of [grant, refuse]) {
      Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
      try {
        localStorage.clear();
        const queue = beaconQueue(recordingLogger());
        expect(queue.exclusive).toBe(true);
        await queue.locked((list) => [[...list, beacon(1)], undefined]);
        expect(ids(stored())).toEqual(['b1']);
      } finally {
        delete (navigator as { locks?: unknown }).locks;
      }
    }
    expect(names).toEqual([QUEUE_KEY]);
  });

  it(`caps the count at ${MAX_QUEUED}, dropping the oldest`, () => {
    const logger = recordingLogger();
    const queue = beaconQueue(logger);
    for (let n = 1; n <= MAX_QUEUED + 5; n++) add(queue, beacon(n));
    const list = queue.read();
    expect(list).toHaveLength(MAX_QUEUED);
    expect(list[0]?.i).toBe('b6');
    expect(list.at(-1)?.i).toBe(`b${MAX_QUEUED + 5}`);
    expect(logger.lines.filter((l) => l.includes('1 oldest beacon(s) dropped'))).toHaveLength(5);
  });

  it(`caps the JSON at ${MAX_QUEUE_BYTES} bytes, dropping the oldest`, () => {
    const queue = beaconQueue(recordingLogger());
    const size = 10 * 1024;
    for (const n of [1, 2, 3]) add(queue, beacon(n, size));
    expect(ids(queue.read())).toEqual(['b1', 'b2', 'b3']);
    add(queue, beacon(4, size));
    expect(ids(queue.read())).toEqual(['b2', 'b3', 'b4']);
    expect(localStorage.getItem(QUEUE_KEY)!.length).toBeLessThanOrEqual(MAX_QUEUE_BYTES);
  });

  it('drops a beacon larger than the byte cap on its own, with the others', () => {
    const queue = beaconQueue(recordingLogger());
    add(queue, beacon(1));
    add(queue, beacon(2, MAX_QUEUE_BYTES));
    expect(ids(queue.read())).toEqual([]);
  });

  it('keeps the queue in memory for this page when storage refuses it (full or blocked), and says so once', () => {
    const logger = recordingLogger();
    const queue = beaconQueue(logger);
    add(queue, beacon(1));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    add(queue, beacon(2));
    add(queue, beacon(3));
    expect(ids(queue.read())).toEqual(['b1', 'b2', 'b3']);
    expect(logger.lines.filter((l) => l.includes('keeps it in memory'))).toHaveLength(1);
    vi.restoreAllMocks();
    remove(queue, 'b1');
    expect(ids(stored())).toEqual(['b2', 'b3']);
  });

  it('works, in memory, when storage throws on access', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });
    const queue = beaconQueue(recordingLogger());
    expect(queue.read()).toEqual([]);
    expect(() => add(queue, beacon(1))).not.toThrow();
    expect(ids(queue.read())).toEqual(['b1']);
    expect(() => remove(queue, 'b1')).not.toThrow();
    expect(queue.read()).toEqual([]);
  });

  it('ignores a corrupted stored value and starts over', () => {
    localStorage.setItem(QUEUE_KEY, '{not json');
    const queue = beaconQueue(recordingLogger());
    expect(queue.read()).toEqual([]);
    localStorage.setItem(QUEUE_KEY, JSON.stringify([{ i: 'x' }, beacon(1), 42]));
    expect(ids(queue.read())).toEqual(['b1']);
    add(queue, beacon(2));
    expect(ids(stored())).toEqual(['b1', 'b2']);
  });

  it(`drops beacons older than ${MAX_AGE_MS / 3_600_000} hours instead of sending them`, () => {
    const queue = beaconQueue(recordingLogger());
    const old = { ...beacon(1), t: Date.now() - MAX_AGE_MS - 1 };
    const recent = { ...beacon(2), t: Date.now() - MAX_AGE_MS + 60_000 };
    localStorage.setItem(QUEUE_KEY, JSON.stringify([old, recent]));
    expect(ids(queue.read())).toEqual(['b2']);
    add(queue, beacon(3));
    expect(ids(stored())).toEqual(['b2', 'b3']);
  });
});
