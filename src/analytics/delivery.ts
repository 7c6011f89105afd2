/**
 * Gets beacons to the collector once each and in order. Every beacon is written to the queue
 * before it is sent and leaves it only when delivered, so a collector outage, a lost connection
 * or a page that closes mid-request only delays it to a later flush.
 */
import type { Logger } from '../engine/types';
import { beaconQueue, type QueuedBeacon } from './beaconQueue';
import type { Transport } from './transport';

export interface BeaconResult {
  /** True when the beacon left the page (an image may still fail; it then stays queued). */
  sent: boolean;
  transport?: 'image' | 'beacon' | 'queued';
}

export interface DeliveryOptions {
  /** `{origin}/b/ss/{reportSuite}/1/JS-{version}`; `/s{random}` is added per request. */
  endpoint: string;
  transport: Transport;
  logger: Logger;
  /** Re-checked before each flush: consent or the tracking gate may have closed since queuing. */
  canSend: () => boolean;
}

export interface Delivery {
  submit(query: string, kind: QueuedBeacon['k']): BeaconResult;
}

/** Longest GET URL sent; browsers and proxies have cut longer ones (Adobe's own limit is 2047). */
const MAX_GET_URL = 2047;
/**
 * How long an image in flight keeps other tabs (which share the queue) from sending the same
 * beacon; after that, a page that died mid-request no longer holds it back.
 */
const LEASE_MS = 30_000;

export function createDelivery({ endpoint, transport, logger, canSend }: DeliveryOptions): Delivery {
  const queue = beaconQueue(logger);
  const offline = () => navigator.onLine === false;
  const hidden = () => document.visibilityState === 'hidden';
  // The random segment defeats caches, as in AppMeasurement.
  const address = () => `${endpoint}/s${Math.floor(Math.random() * 1e13)}`;
  /**
   * sendBeacon reports a beacon handed to the browser, never one the collector refused: while the
   * last image failed (or beacons left by an earlier page hint that one did), a beacon it sent
   * would be lost. Until an image gets through, beacons go by image, where a failure keeps them.
   */
  let unreachable = queue.read().length > 0;
  // sendBeacon survives the page going away and takes long bodies; an image tells us it arrived.
  // Beacons sent by sendBeacon travel in parallel and may reach the collector in any order, so a
  // link call takes it only when nothing waits behind it (`last`): a backlog goes image by image.
  const sentByBeacon = (beacon: QueuedBeacon, url: string, force?: boolean, last = true) =>
    (force || url.length + 1 + beacon.q.length > MAX_GET_URL || (!unreachable && ((beacon.k === 'l' && last) || hidden()))) &&
    transport.beacon(url, beacon.q);

  /** The one image request in flight: one at a time keeps beacons in order. */
  let inflight: { beacon: QueuedBeacon; abort: () => void } | undefined;

  /**
   * Sends queued beacons oldest first until one needs an image request (its load continues the
   * flush) or fails. `beaconOnly` is for a page going away, where an image would be cut off.
   * Returns the last beacon sent and how.
   */
  const flush = (beaconOnly?: boolean): [string, 'image' | 'beacon'] | undefined => {
    if (inflight || offline() || !canSend()) return;
    let sent: [string, 'image' | 'beacon'] | undefined;
    const queued = queue.read();
    for (const [n, beacon] of queued.entries()) {
      if ((beacon.l ?? 0) > Date.now()) continue; // another page is sending it
      const url = address();
      if (sentByBeacon(beacon, url, beaconOnly, n === queued.length - 1)) {
        queue.remove(beacon.i);
        sent = [beacon.i, 'beacon'];
        continue;
      }
      if (beaconOnly) break;
      queue.lease(beacon.i, Date.now() + LEASE_MS);
      const request = { beacon, abort: () => {} };
      inflight = request;
      request.abort = transport.image(`${url}?${beacon.q}`, (ok) => {
        if (inflight !== request) return;
        inflight = undefined;
        unreachable = !ok;
        if (ok) {
          queue.remove(beacon.i);
          flush();
        } else {
          queue.lease(beacon.i, 0);
          logger.warn('Beacon collector unreachable; the beacon stays queued for a later flush.');
        }
      });
      return [beacon.i, 'image'];
    }
    return sent;
  };

  // A page going away cancels its image requests: the one in flight goes by sendBeacon, and so
  // does whatever waited behind it. Refused, it stays queued (and leased) for a later page.
  // An image the collector had already answered, but whose load had not fired yet, is then
  // counted twice: rare, and the price of never losing one.
  const handOff = () => {
    const request = inflight;
    if (!request || offline() || !transport.beacon(address(), request.beacon.q)) return;
    request.abort();
    inflight = undefined;
    queue.remove(request.beacon.i);
    flush(true);
  };
  window.addEventListener('pagehide', handOff);
  document.addEventListener('visibilitychange', () => hidden() && handOff());
  window.addEventListener('online', () => flush());
  flush();

  return {
    submit(query, kind) {
      const beacon: QueuedBeacon = { i: Date.now().toString(36) + Math.random().toString(36).slice(2, 8), q: query, t: Date.now(), k: kind };
      if (!queue.add(beacon)) {
        // Storage is full or blocked: send it now, once, with no retry.
        if (offline()) return { sent: false };
        const url = address();
        if (sentByBeacon(beacon, url)) return { sent: true, transport: 'beacon' };
        transport.image(`${url}?${query}`, () => {});
        return { sent: true, transport: 'image' };
      }
      const last = flush();
      if (last?.[0] === beacon.i) return { sent: true, transport: last[1] };
      logger.info(offline() ? 'Offline: beacon queued.' : 'Beacon queued behind earlier ones.');
      return { sent: false, transport: 'queued' };
    },
  };
}
