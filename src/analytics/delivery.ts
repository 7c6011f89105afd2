/**
 * Gets every beacon to the collector once, in the order the page made them.
 *
 * While the page lives, beacons go one at a time by a keep-alive request whose answer the tag
 * reads: one in flight when the page goes away still completes and is never sent again. A
 * failure, a time-out or a server error moves the beacon, and those behind it, to the page's
 * persisted queue, retried with backoff, when the browser is back online and when the next
 * beacon is made; the queues of pages that are gone are adopted and sent first. What is still
 * unsent when the page is hidden goes by sendBeacon, or stays queued when the collector was
 * failing. See "Delivery guarantees" in the README.
 */
import { decimal } from '../engine/decimal';
import { toFeed } from '../engine/logger';
import type { Logger } from '../engine/types';
import { beaconQueue, type QueuedBeacon } from './beaconQueue';
import type { Outcome, Transport } from './transport';

export interface BeaconResult {
  /** True when the beacon left the page (its answer may still put it in the queue). */
  sent: boolean;
  /** How it left, or 'held' behind one in flight, or 'queued' for a later try. */
  transport?: 'fetch' | 'held' | 'queued';
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
export const MAX_GET_URL = 2047;
/** A collector that has not answered by then is treated as failing, so it cannot stall the page's beacons. */
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * Retries wait half as long as the collector has been failing (at least 1 s, at most this), with
 * jitter so that tabs do not retry in step: a short outage is over quickly, a long one costs few requests.
 */
const MAX_RETRY_MS = 60_000;
/** Beacons a page holds in memory behind the one in flight (a burst); beyond it the oldest go. */
export const MAX_HELD = 1000;

export function createDelivery({ endpoint, transport, logger, canSend }: DeliveryOptions): Delivery {
  const queue = beaconQueue(logger, Math.random().toString(36).slice(2));
  const offline = () => navigator.onLine === false;
  const hidden = () => document.visibilityState === 'hidden';
  const address = (beacon: QueuedBeacon) => `${endpoint}/s${beacon.i}`;
  /** Tells the QA panel (when asked for) where a beacon stands. */
  const report = (state: string, beacon: QueuedBeacon) => toFeed('beacon', state, [address(beacon), beacon]);
  const send = (beacon: QueuedBeacon) => {
    const get = `${address(beacon)}?${beacon.q}`;
    const sent = get.length > MAX_GET_URL ? transport.send(address(beacon), beacon.q, REQUEST_TIMEOUT_MS) : transport.send(get, undefined, REQUEST_TIMEOUT_MS);
    // A page being left sees its requests fail during pagehide, between that event's listeners:
    // a failure is believed only a task later, once every pagehide listener (this file's
    // among them, whatever the page registered before it) has run and `leaving` is known.
    return sent.then((outcome) => (outcome === 'retry' ? new Promise<Outcome>((resolve) => setTimeout(() => resolve(outcome))) : outcome));
  };
  const without = (id: string) => queue.read().filter((entry) => entry.i !== id);

  /** This page's beacons not yet sent, oldest first; the first is in flight while `live` is set. */
  const held: QueuedBeacon[] = [];
  let live: QueuedBeacon | undefined;
  /** The queued beacon in flight. */
  let retrying: QueuedBeacon | undefined;
  let draining = false;
  /** New beacons join the queue behind older ones: the collector failed, or earlier pages left some. */
  let behind = queue.others();
  let failingSince = 0;
  /** Between pagehide and a return from the back/forward cache: answers can no longer be trusted. */
  let leaving = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retryLater = () => {
    failingSince ||= Date.now();
    clearTimeout(timer);
    timer = setTimeout(drain, Math.min(MAX_RETRY_MS, Math.max(1000, (Date.now() - failingSince) / 2)) * (0.75 + Math.random() / 2));
  };

  /** Sends the held beacons of this page, one at a time; a failure queues them all. */
  const pump = () => {
    const beacon = held[0];
    if (live || !beacon) return;
    live = beacon;
    void send(beacon).then((outcome) => {
      live = undefined;
      report(outcome, beacon);
      // A page being left sees its requests fail as it goes, while the browser completes them.
      if (outcome === 'retry' && !leaving) {
        behind = true;
        logger.warn(`Beacon collector unreachable: ${held.length} beacon(s) queued for a retry.`);
        queue.append(held.splice(0));
        return retryLater();
      }
      held.shift();
      if (outcome === 'refused') logger.warn('Beacon refused by the collector; it is not sent again.');
      pump();
    });
  };

  /** Sends the queue, oldest first, after adopting what pages that are gone left. */
  async function drain(): Promise<void> {
    if (draining || leaving || offline() || !canSend()) return;
    draining = true;
    clearTimeout(timer);
    await queue.adopt();
    for (let entry = queue.read()[0]; entry && !leaving; entry = queue.read()[0]) {
      retrying = entry;
      const outcome = await send(entry);
      retrying = undefined;
      report(outcome, entry);
      if (outcome === 'retry' && !leaving) {
        // Back in front, where a page hide may have taken it out.
        if (queue.read()[0]?.i !== entry.i) queue.write([entry, ...queue.read()]);
        draining = false;
        logger.warn('Beacon collector still unreachable; queued beacons wait for the next retry.');
        return retryLater();
      }
      if (outcome === 'refused') logger.warn('Queued beacon refused by the collector; it is not sent again.');
      queue.write(without(entry.i));
      failingSince = 0;
    }
    draining = false;
    if (leaving) return;
    behind = false;
    pump();
  }

  /**
   * The page is hidden and may never run again. The request in flight completes on its own and
   * is never sent twice; what waits goes by sendBeacon, or stays queued when the collector was
   * failing or the browser refuses (the keep-alive quota).
   */
  const hide = () => {
    const quick = (entry: QueuedBeacon) => !failingSince && !offline() && transport.beacon(address(entry), entry.q);
    const waiting = held.splice(live ? 1 : 0);
    const queued = queue.read().filter((entry) => entry.i !== retrying?.i);
    const left = [...queued, ...waiting].filter((entry) => !quick(entry));
    if (retrying || waiting.length || left.length < queued.length) queue.write(left);
  };

  window.addEventListener('pagehide', () => {
    leaving = true;
    hide();
    queue.release();
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    leaving = false;
    queue.hold();
    void drain();
  });
  document.addEventListener('visibilitychange', () => hidden() && hide());
  window.addEventListener('online', () => void drain());
  if (behind) void drain();

  return {
    submit(query, kind) {
      const beacon: QueuedBeacon = { i: decimal(Math.floor(Math.random() * 1e13)), q: query, t: Date.now(), k: kind };
      if (behind || offline()) {
        if (offline()) logger.info('Offline: beacon queued.');
        else logger.info('Beacon queued behind earlier ones.');
        queue.append([beacon]);
        report('queued', beacon);
        void drain();
        return { sent: false, transport: 'queued' };
      }
      held.push(beacon);
      if (held.length > MAX_HELD) {
        held.splice(live ? 1 : 0, 1);
        logger.warn(`More than ${MAX_HELD} beacons waiting: the oldest waiting one was dropped.`);
      }
      pump();
      const result: BeaconResult = live === beacon ? { sent: true, transport: 'fetch' } : { sent: false, transport: 'held' };
      report(result.transport!, beacon);
      // Made while the page is hidden (by a hide handler, or in a background tab): it must not wait.
      if (hidden()) hide();
      return result;
    },
  };
}
