import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORPHAN_MS, QUEUE_KEY, type QueuedBeacon } from '../../src/analytics/beaconQueue';
import { createDelivery, REQUEST_TIMEOUT_MS } from '../../src/analytics/delivery';
import { captureListeners, fakeLocks, fakeTransport, param, recordingLogger, setHidden, setOnline, type FakeTransport } from './helpers';
import { decodeBeacon } from '../../src/analytics/wireFormat';
import { debugSwitch, qaFeed } from '../../src/engine/logger';

const ENDPOINT = 'https://c.test/b/ss/rs/1/JS-2.27.0';
/** Every queued beacon, of every page's queue. */
const stored = () =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith(QUEUE_KEY))
    .flatMap((key) => (JSON.parse(localStorage.getItem(key)!) as { b: QueuedBeacon[] }).b);
const query = (n: number) => `AQB=1&pageName=p${n}&AQE=1`;
/** pageName of every request and beacon, in the order sent. */
const names = (transport: FakeTransport) => transport.sent().map((pairs) => param(pairs, 'pageName'));
const storedNames = () => stored().map((b) => param(decodeBeacon(b.q), 'pageName'));
/** Beacons left by a page that is gone (its queue not written for longer than ORPHAN_MS). */
const preload = (...ns: number[]) =>
  localStorage.setItem(
    `${QUEUE_KEY}.gone`,
    JSON.stringify({ w: Date.now() - ORPHAN_MS - 1, b: ns.map((n): QueuedBeacon => ({ i: `${n}000`, q: query(n), t: Date.now() - 1000 + n, k: 'p' })) }),
  );
/** Lets promises, locks and due timers run. */
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

let listeners: ReturnType<typeof captureListeners>;
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  listeners = captureListeners();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

function setup(options: { acceptBeacon?: boolean; canSend?: () => boolean } = {}) {
  const transport = fakeTransport(options.acceptBeacon);
  const logger = recordingLogger();
  const delivery = createDelivery({ endpoint: ENDPOINT, transport, logger, canSend: options.canSend ?? (() => true) });
  return { transport, logger, delivery };
}

/** Answers every pending request 'ok', over and over, until none is left. */
async function answerAll(transport: FakeTransport) {
  for (let round = 0; round < 1000; round++) {
    await tick(200);
    const pending = transport.pending();
    if (!pending.length) return;
    pending.forEach((request) => request.answer('ok'));
  }
}

describe('delivery while the page lives', () => {
  it('sends a page view as a keep-alive GET to {endpoint}/s{id}?{query}, writing nothing to storage', async () => {
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: true, transport: 'fetch' });
    const request = transport.requests[0]!;
    expect(request.url).toMatch(/^https:\/\/c\.test\/b\/ss\/rs\/1\/JS-2\.27\.0\/s\d+\?AQB=1&pageName=p1&AQE=1$/);
    expect(request.body).toBeUndefined();
    expect(stored()).toEqual([]);
    request.answer('ok');
    await tick();
    expect(stored()).toEqual([]);
    expect(transport.beacons).toEqual([]);
  });

  it('POSTs the query as the body when the GET URL would exceed 2047 characters', async () => {
    const { transport, delivery } = setup();
    const long = `AQB=1&c1=${'x'.repeat(2100)}&AQE=1`;
    delivery.submit(long, 'p');
    expect(transport.requests[0]!.url).toMatch(/\/s\d+$/);
    expect(transport.requests[0]!.body).toBe(long);
  });

  it('sends one at a time, in order: the next waits for the answer to the one before', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    expect(delivery.submit(query(2), 'l')).toEqual({ sent: false, transport: 'held' });
    delivery.submit(query(3), 'l');
    expect(transport.requests).toHaveLength(1);
    await answerAll(transport);
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
  });

  it('holds a burst of 300 beacons and sends every one, in order, none dropped', async () => {
    const { transport, delivery } = setup();
    for (let n = 1; n <= 300; n++) delivery.submit(query(n), 'l');
    await answerAll(transport);
    expect(names(transport)).toEqual(Array.from({ length: 300 }, (_, i) => `p${i + 1}`));
    expect(transport.beacons).toEqual([]);
  });

  it('gives each beacon one id: a retry goes to the same URL, so a copy received twice is recognizable', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    transport.requests[0]!.answer('retry');
    await tick(2000);
    expect(transport.requests).toHaveLength(2);
    expect(transport.requests[1]!.url).toBe(transport.requests[0]!.url);
  });

  it('drops a beacon the collector refuses for good (4xx), says so, and goes on', async () => {
    const { transport, delivery, logger } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'p');
    transport.requests[0]!.answer('refused');
    await answerAll(transport);
    expect(names(transport)).toEqual(['p1', 'p2']);
    expect(stored()).toEqual([]);
    expect(logger.lines.some((line) => /refused by the collector/.test(line))).toBe(true);
  });
});

describe('delivery when the collector fails', () => {
  it('queues the failed beacon and those behind it, then every later one, and delivers them all once, in order, after a backoff', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'l');
    transport.requests[0]!.answer('retry');
    await tick();
    expect(storedNames()).toEqual(['p1', 'p2']);
    // A new beacon joins the queue and tries it at once: still failing.
    expect(delivery.submit(query(3), 'l')).toEqual({ sent: false, transport: 'queued' });
    await tick(200);
    expect(names(transport)).toEqual(['p1', 'p1']);
    transport.pending()[0]!.answer('retry');
    await tick();
    expect(storedNames()).toEqual(['p1', 'p2', 'p3']);

    // The collector is back: the next retry (within a few seconds) delivers everything.
    await tick(3000);
    await answerAll(transport);
    expect(names(transport).slice(2)).toEqual(['p1', 'p2', 'p3']);
    expect(stored()).toEqual([]);
    // And the page sends live again.
    expect(delivery.submit(query(4), 'l')).toEqual({ sent: true, transport: 'fetch' });
  });

  it('retries less often the longer the collector fails: 1 s at first, never more than about a minute apart', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    const times: number[] = [];
    for (let elapsed = 0; elapsed < 15 * 60_000; elapsed += 250) {
      await tick(250);
      for (const request of transport.pending()) {
        times.push(Date.now());
        request.answer('retry');
      }
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(750);
    expect(gaps[0]).toBeLessThanOrEqual(1500);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(75_000 + 250);
    expect(gaps.slice(-3).every((gap) => gap >= 45_000 - 250)).toBe(true);
    expect(times.length).toBeLessThan(40);
    expect(storedNames()).toEqual(['p1']);
  });

  it('queues while offline and sends on `online`, once, in order', async () => {
    setOnline(false);
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: false, transport: 'queued' });
    delivery.submit(query(2), 'l');
    await tick(5000);
    expect(transport.requests).toEqual([]);
    expect(storedNames()).toEqual(['p1', 'p2']);
    setOnline(true);
    listeners.fire('online');
    await answerAll(transport);
    expect(names(transport)).toEqual(['p1', 'p2']);
    expect(stored()).toEqual([]);
  });

  it("sends what earlier pages left first, and the new page's beacons behind them", async () => {
    preload(1, 2);
    const { transport, delivery } = setup();
    expect(delivery.submit(query(3), 'p')).toEqual({ sent: false, transport: 'queued' });
    await answerAll(transport);
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
    expect(stored()).toEqual([]);
  });

  it('sends no queued beacon while canSend says no', async () => {
    preload(1);
    const { transport } = setup({ canSend: () => false });
    listeners.fire('online');
    await tick(120_000);
    expect(transport.requests).toEqual([]);
    expect(storedNames()).toEqual(['p1']);
  });

  it('keeps the queue in memory when storage refuses it, and still delivers every beacon once', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'l');
    transport.requests[0]!.answer('retry');
    await tick(5000);
    await answerAll(transport);
    expect(names(transport).slice(1)).toEqual(['p1', 'p2']);
  });
});

describe('delivery across tabs (each page its own queue; the queues of pages that are gone adopted)', () => {
  it("a tab never sends another live tab's queued beacons: each arrives once, sent by the tab that made it", async () => {
    const a = setup();
    a.delivery.submit(query(1), 'p');
    a.transport.requests[0]!.answer('retry');
    await tick();
    const b = setup();
    b.delivery.submit(query(2), 'p');
    await answerAll(b.transport);
    await tick(3000);
    await answerAll(a.transport);
    expect(names(b.transport)).toEqual(['p2']);
    expect(names(a.transport)).toEqual(['p1', 'p1']);
    expect(stored()).toEqual([]);
  });

  it('sends first what a page that is gone left, then its own', async () => {
    preload(1, 2);
    const { transport, delivery } = setup();
    delivery.submit(query(3), 'p');
    await answerAll(transport);
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
    expect(stored()).toEqual([]);
  });

  it('with Web Locks: the queue a page leaves on pagehide is adopted by the next page, and only then', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    try {
      const first = setup();
      await tick();
      first.delivery.submit(query(1), 'p');
      first.transport.requests[0]!.answer('retry');
      await tick();
      const other = setup();
      await answerAll(other.transport);
      expect(other.transport.requests).toEqual([]); // the first page is still there

      listeners.fire('pagehide');
      await tick();
      const next = setup();
      next.delivery.submit(query(2), 'p');
      await answerAll(next.transport);
      expect(names(next.transport)).toEqual(['p1', 'p2']);
      expect(stored()).toEqual([]);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });
});

describe('delivery when the page is hidden or left', () => {
  it('never sends the request in flight a second time; what waits behind it goes by sendBeacon', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'l');
    delivery.submit(query(3), 'l');
    listeners.fire('pagehide');
    setHidden(true);
    listeners.fire('visibilitychange');
    expect(transport.requests).toHaveLength(1);
    expect(transport.beacons.map((b) => param(decodeBeacon(b.body), 'pageName'))).toEqual(['p2', 'p3']);
    expect(transport.beacons[0]!.url).toMatch(/\/s\d+$/);
    expect(stored()).toEqual([]);
    transport.requests[0]!.answer('ok');
    await tick(60_000);
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
  });

  it('a page being left does not queue the request it had in flight when that request reports a failure (the browser completes it)', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    listeners.fire('pagehide');
    transport.requests[0]!.answer('retry');
    await tick(60_000);
    expect(stored()).toEqual([]);
    expect(transport.requests).toHaveLength(1);
  });

  it("nor when the failure comes during pagehide, before this file's listener has run (a page's own pagehide listener came first)", async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'l');
    // Chromium fails the page's requests while it dispatches pagehide, and runs their reactions
    // between that event's listeners: here, before the delivery's own listener.
    transport.requests[0]!.answer('retry');
    for (let i = 0; i < 10; i++) await Promise.resolve();
    listeners.fire('pagehide');
    await tick(60_000);
    expect(stored()).toEqual([]);
    expect(transport.requests).toHaveLength(1);
    expect(transport.beacons.map((b) => param(decodeBeacon(b.body), 'pageName'))).toEqual(['p2']);
  });

  it('a request in flight at hide that then fails, on a page still alive (a hidden tab), is queued and retried', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    setHidden(true);
    listeners.fire('visibilitychange');
    transport.requests[0]!.answer('retry');
    await tick();
    expect(storedNames()).toEqual(['p1']);
    await tick(3000);
    await answerAll(transport);
    expect(names(transport)).toEqual(['p1', 'p1']);
    expect(stored()).toEqual([]);
  });

  it('a beacon made while the page is hidden does not wait behind the one in flight', () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    setHidden(true);
    delivery.submit(query(2), 'l');
    expect(transport.beacons.map((b) => param(decodeBeacon(b.body), 'pageName'))).toEqual(['p2']);
  });

  it('keeps for a later page what sendBeacon refuses (the keep-alive quota), in order', () => {
    const { transport, delivery } = setup({ acceptBeacon: false });
    for (const n of [1, 2, 3]) delivery.submit(query(n), 'l');
    listeners.fire('pagehide');
    expect(transport.requests).toHaveLength(1);
    expect(storedNames()).toEqual(['p2', 'p3']);
  });

  it('while the collector is failing, writes the waiting beacons to the queue at once instead of sendBeacon', async () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    transport.requests[0]!.answer('retry');
    await tick();
    delivery.submit(query(2), 'l'); // waits for the queue's lock
    listeners.fire('pagehide');
    expect(transport.beacons).toEqual([]);
    expect(storedNames()).toEqual(['p1', 'p2']);
    await tick();
    expect(storedNames()).toEqual(['p1', 'p2']);
  });

  it('a queued beacon in flight at hide leaves the queue (never sent twice); those behind it go by sendBeacon', async () => {
    preload(1, 2, 3);
    const { transport } = setup();
    await tick(200);
    expect(transport.pending()).toHaveLength(1);
    listeners.fire('pagehide');
    expect(transport.beacons.map((b) => param(decodeBeacon(b.body), 'pageName'))).toEqual(['p2', 'p3']);
    expect(stored()).toEqual([]);
  });

  it('a later page does not resend what an earlier page had in flight when it went away', async () => {
    const first = setup();
    first.delivery.submit(query(1), 'p');
    listeners.fire('pagehide');
    const second = setup();
    await tick(ORPHAN_MS + REQUEST_TIMEOUT_MS);
    expect(second.transport.requests).toEqual([]);
  });
});

describe("the QA panel's feed (?logdtm=panel): where each beacon stands", () => {
  it('tells the state of each beacon as it changes: in flight, waiting, answered, queued for a retry, and a queued one sent later', async () => {
    debugSwitch('logdtm', 'dtm-logImgRequests', '?logdtm=panel');
    const feed = qaFeed!;
    feed.length = 0;
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'l');
    transport.pending()[0]!.answer('ok');
    await tick();
    transport.pending()[0]!.answer('retry');
    await tick();
    const steps = () =>
      feed.filter((entry) => entry.source === 'beacon').map((entry) => [entry.method, param(decodeBeacon((entry.args[1] as QueuedBeacon).q), 'pageName')]);
    expect(steps()).toEqual([
      ['fetch', 'p1'],
      ['held', 'p2'],
      ['ok', 'p1'],
      ['retry', 'p2'],
    ]);
    // Each step names the beacon's address, as the request went.
    const [address, beacon] = feed.find((entry) => entry.source === 'beacon')!.args as [string, QueuedBeacon];
    expect(address).toBe(`${ENDPOINT}/s${beacon.i}`);
    await tick(61_000); // the retry's back-off, at its longest
    transport.pending().forEach((request) => request.answer('ok'));
    await tick();
    expect(steps().slice(4)).toEqual([['ok', 'p2']]);
    localStorage.clear();
  });
});
