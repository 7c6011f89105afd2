import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_KEY, type QueuedBeacon } from '../../src/analytics/beaconQueue';
import { createDelivery } from '../../src/analytics/delivery';
import { captureListeners, fakeTransport, param, recordingLogger, setHidden, setOnline, type FakeTransport } from './helpers';

const ENDPOINT = 'https://c.test/b/ss/rs/1/JS-2.27.0';
const stored = () => JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as QueuedBeacon[];
const query = (n: number) => `AQB=1&pageName=p${n}&AQE=1`;
/** pageName of every request, in the order sent. */
const names = (transport: FakeTransport) => transport.sent().map((pairs) => param(pairs, 'pageName'));
const preload = (...ns: number[]) =>
  localStorage.setItem(QUEUE_KEY, JSON.stringify(ns.map((n): QueuedBeacon => ({ i: `old${n}`, q: query(n), t: Date.now() - 1000 + n, k: 'p' }))));

let listeners: ReturnType<typeof captureListeners>;
beforeEach(() => {
  localStorage.clear();
  listeners = captureListeners();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function setup(options: { acceptBeacon?: boolean; canSend?: () => boolean } = {}) {
  const transport = fakeTransport(options.acceptBeacon);
  const logger = recordingLogger();
  const delivery = createDelivery({ endpoint: ENDPOINT, transport, logger, canSend: options.canSend ?? (() => true) });
  return { transport, logger, delivery };
}

describe('delivery: transport choice', () => {
  it('sends a page view as an image request to {endpoint}/s{random}?{query}, written ahead to the queue', () => {
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: true, transport: 'image' });
    expect(transport.beacons).toHaveLength(0);
    const url = transport.images[0]!.url;
    expect(url).toMatch(/^https:\/\/c\.test\/b\/ss\/rs\/1\/JS-2\.27\.0\/s\d+\?AQB=1&pageName=p1&AQE=1$/);
    // Pending until the image loads, leased so that other tabs leave it alone.
    expect(stored()).toHaveLength(1);
    expect(stored()[0]!.l).toBeGreaterThan(Date.now());
    transport.images[0]!.load();
    expect(stored()).toEqual([]);
  });

  it('uses sendBeacon for a page view when the document is hidden (POST body = the query)', () => {
    setHidden(true);
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: true, transport: 'beacon' });
    expect(transport.images).toHaveLength(0);
    expect(transport.beacons[0]!.url).toMatch(/^https:\/\/c\.test\/b\/ss\/rs\/1\/JS-2\.27\.0\/s\d+$/);
    expect(transport.beacons[0]!.body).toBe(query(1));
    expect(stored()).toEqual([]);
  });

  it('uses sendBeacon when the GET URL would exceed 2047 characters', () => {
    const { transport, delivery } = setup();
    const long = `AQB=1&c1=${'x'.repeat(2100)}&AQE=1`;
    expect(delivery.submit(long, 'p')).toEqual({ sent: true, transport: 'beacon' });
    expect(transport.beacons[0]!.body).toBe(long);
    // Just under the limit still goes by image.
    const base = `${ENDPOINT}/s${'0'.repeat(13)}?`.length;
    delivery.submit(`AQB=1&c1=${'x'.repeat(2047 - base - 'AQB=1&c1=&AQE=1'.length - 1)}&AQE=1`, 'p');
    expect(transport.images).toHaveLength(1);
  });

  it('prefers sendBeacon for a link call', () => {
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'l')).toEqual({ sent: true, transport: 'beacon' });
    expect(transport.images).toHaveLength(0);
    expect(stored()).toEqual([]);
  });

  it('falls back to an image when sendBeacon is missing or refuses', () => {
    setHidden(true);
    const { transport, delivery } = setup({ acceptBeacon: false });
    expect(delivery.submit(query(1), 'l')).toEqual({ sent: true, transport: 'image' });
    expect(delivery.submit(query(2), 'p')).toEqual({ sent: false, transport: 'queued' });
    transport.images[0]!.load();
    expect(names(transport)).toEqual(['p1', 'p2']);
    expect(transport.images).toHaveLength(2);
  });
});

describe('delivery: queue and flush', () => {
  it('keeps a beacon whose image fails, and sends it again on the next flush', () => {
    const { transport, logger, delivery } = setup();
    delivery.submit(query(1), 'p');
    transport.images[0]!.fail();
    expect(stored().map((b) => [b.q, b.l])).toEqual([[query(1), 0]]);
    expect(logger.lines.some((l) => l.includes('unreachable'))).toBe(true);
    listeners.fire('online');
    expect(names(transport)).toEqual(['p1', 'p1']);
    transport.images[1]!.load();
    expect(stored()).toEqual([]);
  });

  it('queues instead of sending while offline, then flushes on `online` in order, one at a time', () => {
    const online = setOnline(false);
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: false, transport: 'queued' });
    expect(delivery.submit(query(2), 'l')).toEqual({ sent: false, transport: 'queued' });
    expect(delivery.submit(query(3), 'p')).toEqual({ sent: false, transport: 'queued' });
    expect(transport.sent()).toEqual([]);
    expect(stored().map((b) => b.q)).toEqual([query(1), query(2), query(3)]);

    online.mockReturnValue(true);
    listeners.fire('online');
    // One image at a time: the second waits for the first to load.
    expect(names(transport)).toEqual(['p1']);
    transport.images[0]!.load();
    // The link call goes by image too: a sendBeacon could be overtaken by the page view behind it.
    expect(names(transport)).toEqual(['p1', 'p2']);
    transport.images[1]!.load();
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
    expect(transport.beacons).toHaveLength(0);
    transport.images[2]!.load();
    expect(stored()).toEqual([]);
  });

  it('flushes a backlog of link calls image by image, in order; only the last goes by sendBeacon', () => {
    const online = setOnline(false);
    const { transport, delivery } = setup();
    for (const n of [1, 2, 3]) delivery.submit(query(n), 'l');
    online.mockReturnValue(true);
    listeners.fire('online');
    expect(names(transport)).toEqual(['p1']);
    transport.images[0]!.load();
    transport.images[1]!.load();
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
    expect(transport.images).toHaveLength(2);
    expect(transport.beacons.map((b) => b.body)).toEqual([query(3)]);
    expect(stored()).toEqual([]);
  });

  it('stops a flush at the first failure and keeps the order for the next one', () => {
    preload(1, 2, 3);
    const { transport } = setup();
    expect(names(transport)).toEqual(['p1']);
    transport.images[0]!.fail();
    expect(names(transport)).toEqual(['p1']);
    expect(stored().map((b) => b.i)).toEqual(['old1', 'old2', 'old3']);
    listeners.fire('online');
    transport.images[1]!.load();
    transport.images[2]!.load();
    transport.images[3]!.load();
    expect(names(transport)).toEqual(['p1', 'p1', 'p2', 'p3']);
    expect(stored()).toEqual([]);
  });

  it('flushes the previous pages\' beacons when created, before a new one', () => {
    preload(1, 2);
    const { transport, delivery } = setup();
    expect(delivery.submit(query(3), 'p')).toEqual({ sent: false, transport: 'queued' });
    transport.images[0]!.load();
    transport.images[1]!.load();
    transport.images[2]!.load();
    expect(names(transport)).toEqual(['p1', 'p2', 'p3']);
    expect(stored()).toEqual([]);
  });

  it('after a failed image, sends link calls by image too until one gets through (sendBeacon would lose them)', () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    transport.images[0]!.fail();
    expect(delivery.submit(query(2), 'l')).toEqual({ sent: false, transport: 'queued' });
    transport.images[1]!.fail();
    // The queue bound drops the page view: the link call is now first, and the collector still down.
    localStorage.setItem(QUEUE_KEY, JSON.stringify(stored().slice(1)));
    listeners.fire('online');
    expect(transport.beacons).toEqual([]);
    expect(names(transport)).toEqual(['p1', 'p1', 'p2']);
    transport.images[2]!.fail();
    expect(stored().map((b) => b.q)).toEqual([query(2)]);
    // Back: once an image gets through, link calls go by sendBeacon again.
    listeners.fire('online');
    transport.images[3]!.load();
    expect(delivery.submit(query(3), 'l')).toEqual({ sent: true, transport: 'beacon' });
    expect(names(transport)).toEqual(['p1', 'p1', 'p2', 'p2', 'p3']);
    expect(stored()).toEqual([]);
  });

  it('sends the first beacon left by an earlier page by image, even a link call, then the rest as usual', () => {
    const left = [1, 2].map((n): QueuedBeacon => ({ i: `old${n}`, q: query(n), t: Date.now() - 1000 + n, k: 'l' }));
    localStorage.setItem(QUEUE_KEY, JSON.stringify(left));
    const { transport } = setup();
    expect(transport.beacons).toEqual([]);
    expect(names(transport)).toEqual(['p1']);
    transport.images[0]!.load();
    expect(transport.beacons.map((b) => b.body)).toEqual([query(2)]);
    expect(stored()).toEqual([]);
  });

  it('sends nothing, not even old beacons, while canSend says no', () => {
    preload(1);
    let allowed = false;
    const { transport } = setup({ canSend: () => allowed });
    listeners.fire('online');
    expect(transport.sent()).toEqual([]);
    allowed = true;
    listeners.fire('online');
    expect(names(transport)).toEqual(['p1']);
  });

  it('does not send a beacon another tab is sending, until its lease runs out', () => {
    const tabA = setup();
    tabA.delivery.submit(query(1), 'p');
    const tabB = setup();
    expect(tabB.delivery.submit(query(2), 'p')).toEqual({ sent: true, transport: 'image' });
    expect(names(tabB.transport)).toEqual(['p2']);
    // Tab A closed without its image completing: after the lease, another page sends it.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    const tabC = setup();
    expect(names(tabC.transport)).toEqual(['p1']);
  });

  it('still sends, once, when storage is blocked', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: true, transport: 'image' });
    expect(delivery.submit(query(2), 'l')).toEqual({ sent: true, transport: 'beacon' });
    expect(names(transport)).toEqual(['p1', 'p2']);
    transport.images[0]!.fail();
    listeners.fire('online');
    expect(transport.sent()).toHaveLength(2);
  });

  it('drops a beacon it can neither keep nor send (offline with blocked storage)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    setOnline(false);
    const { transport, delivery } = setup();
    expect(delivery.submit(query(1), 'p')).toEqual({ sent: false });
    expect(transport.sent()).toEqual([]);
  });
});

describe('delivery: page going away', () => {
  it('hands the pending image and what waits behind it to sendBeacon on pagehide, without duplicates', () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    delivery.submit(query(2), 'p');
    expect(names(transport)).toEqual(['p1']);
    listeners.fire('pagehide');
    expect(transport.images[0]!.aborted).toBe(true);
    expect(transport.beacons.map((b) => b.body)).toEqual([query(1), query(2)]);
    expect(stored()).toEqual([]);
    // A late outcome of the abandoned image changes nothing, and the next page sends nothing again.
    transport.images[0]!.load();
    const next = setup();
    expect(names(transport)).toEqual(['p1', 'p1', 'p2']);
    expect(next.transport.sent()).toEqual([]);
  });

  it('hands off on visibilitychange to hidden too', () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    listeners.fire('visibilitychange'); // still visible: nothing
    expect(transport.beacons).toHaveLength(0);
    const hidden = setHidden(true);
    listeners.fire('visibilitychange');
    expect(transport.beacons.map((b) => b.body)).toEqual([query(1)]);
    expect(stored()).toEqual([]);
    // Visible again: a late outcome of the abandoned image must not disturb the next ones' order.
    hidden.mockReturnValue('visible');
    delivery.submit(query(2), 'p');
    delivery.submit(query(3), 'p');
    transport.images[0]!.load();
    expect(names(transport)).toEqual(['p1', 'p1', 'p2']); // image, then its hand-off, then p2
    transport.images[1]!.load();
    expect(names(transport)).toEqual(['p1', 'p1', 'p2', 'p3']);
  });

  it('keeps the beacon queued when sendBeacon refuses it, and leaves the image running', () => {
    const { transport, delivery } = setup({ acceptBeacon: false });
    delivery.submit(query(1), 'p');
    listeners.fire('pagehide');
    expect(transport.images[0]!.aborted).toBe(false);
    expect(stored().map((b) => b.q)).toEqual([query(1)]);
    transport.images[0]!.load();
    expect(stored()).toEqual([]);
  });

  it('does not hand off while offline (sendBeacon would accept and lose it)', () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    setOnline(false);
    listeners.fire('pagehide');
    expect(transport.beacons).toHaveLength(0);
    expect(stored()).toHaveLength(1);
  });

  it('leaves beacons that already failed for the next page', () => {
    const { transport, delivery } = setup();
    delivery.submit(query(1), 'p');
    transport.images[0]!.fail();
    listeners.fire('pagehide');
    expect(transport.beacons).toHaveLength(0);
    expect(stored()).toHaveLength(1);
  });
});
