/**
 * Gets every beacon to the collector once, in the order the page made them.
 *
 * While the page lives, beacons go one at a time by a keep-alive request whose answer the tag
 * reads: one in flight when the page goes away still completes and is never sent again. A
 * failure, a time-out or a server error moves the beacon, and those behind it, to the queue
 * shared by the origin's tabs, retried with backoff, when the browser is back online and when
 * the next beacon is made; a tab claims queue entries before it sends them. What is still unsent
 * when the page is hidden goes by sendBeacon, or into the queue when the collector was failing.
 * See "Delivery guarantees" in the README.
 */
import type { Logger } from '../engine/types';
import { beaconQueue, type QueuedBeacon } from './beaconQueue';
import type { Transport } from './transport';

export interface BeaconResult {
  /** True when the beacon left the page (its answer may still put it in the queue). */
  sent: boolean;
  /** How it left, or 'held' behind one in flight, or 'queued' for a later try. */
  transport?: 'fetch' | 'beacon' | 'held' | 'queued';
}

export interface DeliveryOptions {
  /** `{origin}/b/ss/{reportSuite}/1/JS-{version}`; `/s{id}` is added per beacon. */
  endpoint: string;
  transport: Transport;
  logger: Logger;
  /** Re-checked before queued beacons are sent: consent or the tracking gate may have closed since. */
  canSend: () => boolean;
}

export interface Delivery {
  submit(query: string, kind: QueuedBeacon['k']): BeaconResult;
}

/** Longest GET URL sent; browsers and proxies have cut longer ones (Adobe's own limit is 2047). */
const MAX_GET_URL = 2047;
/** A collector that has not answered by then is treated as failing, so it cannot stall the page's beacons. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How long a claim keeps other tabs off a queue entry; past it, a page that died no longer holds it. */
export const CLAIM_MS = REQUEST_TIMEOUT_MS + 5_000;
/**
 * Retries wait half as long as the collector has been failing (at least 1 s, at most this), with
 * jitter so that tabs do not retry in step: a short outage is over quickly, a long one costs few requests.
 */
const MAX_RETRY_MS = 60_000;
/** Where claims are not exclusive (no Web Locks), how long a tab waits before re-reading its claims. */
const SETTLE_MS = 150;
/** Beacons a page holds in memory behind the one in flight (a burst); beyond it the oldest go. */
export const MAX_HELD = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createDelivery({ endpoint, transport, logger, canSend }: DeliveryOptions): Delivery {
  const queue = beaconQueue(logger);
  const page = Math.random().toString(36).slice(2);
  const offline = () => navigator.onLine === false;
  const hidden = () => document.visibilityState === 'hidden';
  const address = (beacon: QueuedBeacon) => `${endpoint}/s${beacon.i}`;
  const send = (beacon: QueuedBeacon) => {
    const get = `${address(beacon)}?${beacon.q}`;
    return get.length > MAX_GET_URL
      ? transport.send(address(beacon), beacon.q, REQUEST_TIMEOUT_MS)
      : transport.send(get, undefined, REQUEST_TIMEOUT_MS);
  };

  /** This page's beacons not yet sent, oldest first; the first is in flight while `live` is set. */
  const held: QueuedBeacon[] = [];
  let live: QueuedBeacon | undefined;
  /** Queue entries this page has claimed and is sending, oldest first; the first may be in flight. */
  let claimed: QueuedBeacon[] = [];
  let retrying: QueuedBeacon | undefined;
  let draining = false;
  /** Beacons waiting to be appended to the queue under the lock. */
  const unwritten: QueuedBeacon[] = [];
  /** New beacons join the queue behind older ones: the collector failed, or earlier pages left some. */
  let behind = queue.read().length > 0;
  let failingSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const persist = (beacons: QueuedBeacon[]) => {
    unwritten.push(...beacons);
    return queue.locked((list) => [[...list, ...unwritten.splice(0)], undefined]);
  };
  const retryLater = (ms?: number) => {
    clearTimeout(timer);
    timer = setTimeout(drain, ms ?? Math.min(MAX_RETRY_MS, Math.max(1000, (Date.now() - failingSince) / 2)) * (0.75 + Math.random() / 2));
  };
  const unclaim = (entry: QueuedBeacon): QueuedBeacon => ({ i: entry.i, q: entry.q, t: entry.t, k: entry.k });

  /** The collector failed: this beacon and those behind it wait in the queue. */
  const fail = (beacons: QueuedBeacon[]) => {
    behind = true;
    failingSince ||= Date.now();
    logger.warn(`Beacon collector unreachable: ${beacons.length} beacon(s) queued for a retry.`);
    void persist(beacons);
    retryLater();
  };

  /** Sends the held beacons of this page, one at a time. */
  const pump = () => {
    const beacon = held[0];
    if (live || !beacon) return;
    live = beacon;
    void send(beacon).then((outcome) => {
      live = undefined;
      if (outcome === 'retry') return fail(held.splice(0));
      held.shift();
      if (outcome === 'refused') logger.warn('Beacon refused by the collector; it is not sent again.');
      pump();
    });
  };

  /**
   * Claims the oldest queue entries no other page is sending (stopping at the first one claimed
   * elsewhere, so each tab's beacons keep their order) and sends them one at a time.
   */
  async function drain(): Promise<void> {
    if (draining || offline() || !canSend()) return;
    draining = true;
    clearTimeout(timer);
    const now = Date.now();
    let queued = 0;
    claimed = await queue.locked((list) => {
      queued = list.length;
      const free = list.findIndex((entry) => (entry.l ?? 0) > now);
      const mine = list.slice(0, free < 0 ? list.length : free).map((entry) => ({ ...entry, l: now + CLAIM_MS, o: page }));
      return [[...mine, ...list.slice(mine.length)], mine];
    });
    if (claimed.length && !queue.exclusive) {
      await sleep(SETTLE_MS);
      const mine = new Set(queue.read().filter((entry) => entry.o === page).map((entry) => entry.i));
      claimed = claimed.filter((entry) => mine.has(entry.i));
    }
    const sent = new Set<string>();
    for (let entry = claimed[0]; entry; entry = claimed[0]) {
      retrying = entry;
      const outcome = await send(entry);
      retrying = undefined;
      if (outcome === 'retry') {
        // Back in the queue, in front, unclaimed: including one a page hide took out of it.
        const back = claimed.map(unclaim);
        claimed = [];
        await queue.locked((list) => [[...back, ...list.filter((e) => !back.some((b) => b.i === e.i))], undefined]);
        draining = false;
        failingSince ||= Date.now();
        logger.warn('Beacon collector still unreachable; queued beacons wait for the next retry.');
        return retryLater();
      }
      if (outcome === 'refused') logger.warn('Queued beacon refused by the collector; it is not sent again.');
      claimed.shift();
      sent.add(entry.i);
      await queue.locked((list) => [list.filter((e) => !sent.has(e.i)), undefined]);
    }
    draining = false;
    if (sent.size) {
      failingSince = 0;
      return drain();
    }
    // Nothing to claim: the queue is empty, or another page is sending its head (check again soon).
    if (queued) return retryLater(1000);
    behind = false;
    failingSince = 0;
    pump();
  }

  /**
   * The page is hidden and may never run again. The request in flight completes on its own and
   * is never sent twice; what waits for a lock is written now; the rest goes by sendBeacon, or
   * stays queued when the collector was failing or the browser refuses (the keep-alive quota).
   */
  const hide = () => {
    const waiting = held.splice(live ? 1 : 0);
    const unsent = claimed.filter((entry) => entry !== retrying);
    claimed = retrying ? [retrying] : [];
    const beaconed = new Set<string>();
    const quick = (entry: QueuedBeacon) =>
      !failingSince && !offline() && transport.beacon(address(entry), entry.q) && beaconed.add(entry.i);
    const left = [...unwritten.splice(0), ...waiting].filter((entry) => !quick(entry));
    unsent.forEach(quick);
    if (!left.length && !unsent.length && !retrying) return;
    queue.now((list) => [
      ...list.filter((entry) => !beaconed.has(entry.i) && entry.i !== retrying?.i).map((entry) => (entry.o === page ? unclaim(entry) : entry)),
      ...left,
    ]);
  };

  window.addEventListener('pagehide', hide);
  document.addEventListener('visibilitychange', () => hidden() && hide());
  window.addEventListener('online', () => void drain());
  if (behind) void drain();

  return {
    submit(query, kind) {
      const beacon: QueuedBeacon = { i: String(Math.floor(Math.random() * 1e13)), q: query, t: Date.now(), k: kind };
      if (behind || offline()) {
        logger.info(offline() ? 'Offline: beacon queued.' : 'Beacon queued behind earlier ones.');
        void persist([beacon]).then(drain);
        return { sent: false, transport: 'queued' };
      }
      held.push(beacon);
      if (held.length > MAX_HELD) {
        held.splice(live ? 1 : 0, 1);
        logger.warn(`More than ${MAX_HELD} beacons waiting: the oldest waiting one was dropped.`);
      }
      pump();
      const result: BeaconResult = live === beacon ? { sent: true, transport: 'fetch' } : { sent: false, transport: 'held' };
      // Made while the page is hidden (by a hide handler, or in a background tab): it must not wait.
      if (hidden()) hide();
      return result;
    },
  };
}
