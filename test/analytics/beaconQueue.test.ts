import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconQueue, MAX_AGE_MS, MAX_QUEUE_BYTES, MAX_QUEUED, ORPHAN_MS, QUEUE_KEY, type QueuedBeacon } from '../../src/analytics/beaconQueue';
import { fakeLocks, recordingLogger } from './helpers';

const created = Date.now();
const beacon = (n: number, size = 10): QueuedBeacon => ({ i: `b${n}`, q: `AQB=1&c1=${'x'.repeat(size)}&AQE=1`, t: created + n, k: 'p' });
const ids = (list: QueuedBeacon[]) => list.map((b) => b.i);
const keyOf = (page: string) => `${QUEUE_KEY}.${page}`;
const stored = (page: string) => (JSON.parse(localStorage.getItem(keyOf(page)) ?? '{"b":[]}') as { w: number; b: QueuedBeacon[] }).b;
const add = (queue: ReturnType<typeof beaconQueue>, b: QueuedBeacon) => queue.write([...queue.read(), b]);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  delete (navigator as { locks?: unknown }).locks;
});

describe('beaconQueue: one queue per page', () => {
  it("keeps the page's beacons under its own key, oldest first, with the time it last wrote them; an empty queue leaves no key", () => {
    const queue = beaconQueue(recordingLogger(), 'p1');
    for (const n of [1, 2, 3]) add(queue, beacon(n));
    expect(ids(stored('p1'))).toEqual(['b1', 'b2', 'b3']);
    expect(stored('p1')[0]).toEqual(beacon(1));
    expect(JSON.parse(localStorage.getItem(keyOf('p1'))!).w).toBeGreaterThanOrEqual(created);
    queue.write([]);
    expect(localStorage.getItem(keyOf('p1'))).toBeNull();
  });

  it('never writes the key of another page', () => {
    const a = beaconQueue(recordingLogger(), 'a');
    const b = beaconQueue(recordingLogger(), 'b');
    add(a, beacon(1));
    add(b, beacon(2));
    expect(ids(a.read())).toEqual(['b1']);
    expect(ids(b.read())).toEqual(['b2']);
  });

  it("keeps its beacons on a page with Prototype.js's Array.prototype.toJSON (arrays stringify as strings)", () => {
    const prototypeJs = Array.prototype as unknown as { toJSON?: () => string };
    prototypeJs.toJSON = function (this: unknown[]) {
      return JSON.stringify(this.slice());
    };
    try {
      const queue = beaconQueue(recordingLogger(), 'p');
      for (const n of [1, 2]) add(queue, beacon(n));
      expect(ids(beaconQueue(recordingLogger(), 'p').read())).toEqual(['b1', 'b2']);
    } finally {
      delete prototypeJs.toJSON;
    }
  });

  it(`caps the count at ${MAX_QUEUED}, dropping the oldest, and says so`, () => {
    const logger = recordingLogger();
    const queue = beaconQueue(logger, 'p');
    for (let n = 1; n <= MAX_QUEUED + 5; n++) add(queue, beacon(n));
    const list = queue.read();
    expect(list).toHaveLength(MAX_QUEUED);
    expect(list[0]?.i).toBe('b6');
    expect(list.at(-1)?.i).toBe(`b${MAX_QUEUED + 5}`);
    expect(logger.lines.filter((l) => l.includes('1 oldest beacon(s) dropped'))).toHaveLength(5);
  });

  it(`caps the JSON at ${MAX_QUEUE_BYTES} bytes, dropping the oldest`, () => {
    const queue = beaconQueue(recordingLogger(), 'p');
    const size = 10 * 1024;
    for (const n of [1, 2, 3]) add(queue, beacon(n, size));
    expect(ids(queue.read())).toEqual(['b1', 'b2', 'b3']);
    add(queue, beacon(4, size));
    expect(ids(queue.read())).toEqual(['b2', 'b3', 'b4']);
    expect(localStorage.getItem(keyOf('p'))!.length).toBeLessThanOrEqual(MAX_QUEUE_BYTES);
  });

  it('keeps the queue in memory for this page when storage refuses it (full or blocked), and says so once', () => {
    const logger = recordingLogger();
    const queue = beaconQueue(logger, 'p');
    add(queue, beacon(1));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    add(queue, beacon(2));
    add(queue, beacon(3));
    expect(ids(queue.read())).toEqual(['b1', 'b2', 'b3']);
    expect(logger.lines.filter((l) => l.includes('keeps it in memory'))).toHaveLength(1);
    vi.restoreAllMocks();
    queue.write(queue.read().slice(1));
    expect(ids(stored('p'))).toEqual(['b2', 'b3']);
  });

  it('works, in memory, when storage throws on access', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });
    const queue = beaconQueue(recordingLogger(), 'p');
    expect(queue.read()).toEqual([]);
    expect(queue.others()).toBe(false);
    expect(() => add(queue, beacon(1))).not.toThrow();
    expect(ids(queue.read())).toEqual(['b1']);
  });

  it('ignores a corrupted stored value', () => {
    localStorage.setItem(keyOf('p'), '{not json');
    expect(beaconQueue(recordingLogger(), 'p').read()).toEqual([]);
    localStorage.setItem(keyOf('p'), JSON.stringify({ w: 1, b: [{ i: 'x' }, beacon(1), 42] }));
    expect(ids(beaconQueue(recordingLogger(), 'p').read())).toEqual(['b1']);
  });

  it(`drops beacons older than ${MAX_AGE_MS / 3_600_000} hours instead of sending them`, () => {
    const old = { ...beacon(1), t: Date.now() - MAX_AGE_MS - 1 };
    const recent = { ...beacon(2), t: Date.now() - MAX_AGE_MS + 60_000 };
    localStorage.setItem(keyOf('p'), JSON.stringify({ w: 1, b: [old, recent] }));
    expect(ids(beaconQueue(recordingLogger(), 'p').read())).toEqual(['b2']);
  });
});

describe('beaconQueue: adopting the queues of pages that are gone', () => {
  it('with Web Locks: adopts a queue whose lock is free, in creation order in front of its own, and keeps that lock', async () => {
    const locks = fakeLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    const gone = beaconQueue(recordingLogger(), 'gone');
    const alive = beaconQueue(recordingLogger(), 'alive');
    await new Promise((resolve) => setTimeout(resolve));
    add(gone, beacon(1));
    add(alive, beacon(2));
    gone.release(); // its page is left
    await new Promise((resolve) => setTimeout(resolve));
    const next = beaconQueue(recordingLogger(), 'next');
    add(next, beacon(3));
    expect(next.others()).toBe(true);
    await next.adopt();
    expect(ids(next.read())).toEqual(['b1', 'b3']);
    expect(localStorage.getItem(keyOf('gone'))).toBeNull();
    expect(ids(alive.read())).toEqual(['b2']); // its page still holds its lock
    expect(locks.held).toContain(keyOf('gone'));
    next.release();
    await new Promise((resolve) => setTimeout(resolve));
    expect(locks.held).not.toContain(keyOf('gone'));
  });

  it('with Web Locks: adopts the single queue of earlier versions (an array under the bare key)', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    localStorage.setItem(QUEUE_KEY, JSON.stringify([beacon(1)]));
    const queue = beaconQueue(recordingLogger(), 'p');
    await queue.adopt();
    expect(ids(queue.read())).toEqual(['b1']);
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it(`without Web Locks: adopts a queue not written for ${ORPHAN_MS / 60_000} minutes, and leaves a fresher one to its page`, async () => {
    vi.useFakeTimers();
    const quiet = beaconQueue(recordingLogger(), 'quiet');
    add(quiet, beacon(1));
    vi.advanceTimersByTime(ORPHAN_MS - 1000);
    const busy = beaconQueue(recordingLogger(), 'busy');
    add(busy, beacon(2));
    vi.advanceTimersByTime(2000);
    const next = beaconQueue(recordingLogger(), 'next');
    await next.adopt();
    expect(ids(next.read())).toEqual(['b1']);
    expect(ids(busy.read())).toEqual(['b2']);
  });

  it('without Web Locks: a page with a queue rewrites it when it looks for others, so it is not taken for gone', async () => {
    vi.useFakeTimers();
    const waiting = beaconQueue(recordingLogger(), 'waiting');
    add(waiting, beacon(1));
    vi.advanceTimersByTime(ORPHAN_MS - 1000);
    await waiting.adopt();
    vi.advanceTimersByTime(2000);
    await beaconQueue(recordingLogger(), 'other').adopt();
    expect(ids(waiting.read())).toEqual(['b1']);
  });
});
