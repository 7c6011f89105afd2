/**
 * Undelivered beacons, persisted in local storage and bounded by count and by bytes (oldest go
 * first), so a long outage costs a bounded amount of the visitor's storage and never an error.
 */
import { webStorage } from '../engine/storage';
import type { Logger } from '../engine/types';

export const QUEUE_KEY = 'tag-beacon-queue';
export const MAX_QUEUED = 50;
export const MAX_QUEUE_BYTES = 32 * 1024;
/**
 * A beacon older than this is dropped instead of sent: the collector dates a hit by its arrival,
 * so a day-old page view would be counted in the wrong visit and the wrong day.
 */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** One beacon. Keys are one letter because every byte counts against MAX_QUEUE_BYTES. */
export interface QueuedBeacon {
  /** Unique id. */
  i: string;
  /** The query string; the URL around it is rebuilt at send time. */
  q: string;
  /** Creation time, ms since the epoch. */
  t: number;
  /** 'p' page view, 'l' link call: decides the transport. */
  k: 'p' | 'l';
  /** While an image request carries it (ms since the epoch), other pages leave it alone. */
  l?: number;
}

export interface BeaconQueue {
  /** Oldest first. */
  read(): QueuedBeacon[];
  /** False when the beacon could not be kept (queue full of larger beacons, storage full or blocked). */
  add(beacon: QueuedBeacon): boolean;
  remove(id: string): void;
  lease(id: string, until: number): void;
}

const isBeacon = (value: unknown): value is QueuedBeacon =>
  typeof (value as QueuedBeacon)?.i === 'string' &&
  typeof (value as QueuedBeacon).q === 'string' &&
  typeof (value as QueuedBeacon).t === 'number';

export function beaconQueue(logger: Logger): BeaconQueue {
  const store = webStorage('local');
  const read = () => {
    const stored = store.getJSON<unknown>(QUEUE_KEY);
    const oldest = Date.now() - MAX_AGE_MS;
    return Array.isArray(stored) ? stored.filter((b): b is QueuedBeacon => isBeacon(b) && b.t > oldest) : [];
  };
  // Not JSON.stringify(list): a page with Prototype.js's Array.prototype.toJSON would have the
  // array stored as one string, and read() would then find no queue and lose every beacon.
  const serialize = (list: QueuedBeacon[]) => `[${list.map((beacon) => JSON.stringify(beacon)).join(',')}]`;
  // A full queue or a full storage must never stop tracking: the oldest make room, down to none.
  const save = (list: QueuedBeacon[]) => {
    let json = '';
    let dropped = 0;
    while (
      list.length &&
      (list.length > MAX_QUEUED || (json = serialize(list)).length > MAX_QUEUE_BYTES || !store.set(QUEUE_KEY, json))
    ) {
      list.shift();
      dropped++;
    }
    if (!list.length) store.remove(QUEUE_KEY);
    if (dropped) logger.warn(`Beacon queue: ${dropped} oldest beacon(s) not kept (queue cap, or storage full or blocked).`);
    return list;
  };
  return {
    read,
    add: (beacon) => save([...read(), beacon]).includes(beacon),
    remove: (id) => void save(read().filter((b) => b.i !== id)),
    lease: (id, until) => void save(read().map((b) => (b.i === id ? { ...b, l: until } : b))),
  };
}
