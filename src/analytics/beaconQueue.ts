/**
 * Undelivered beacons, persisted in local storage and shared by every tab of the origin: those
 * the collector did not take, and those a page could not send before it went away. Bounded by
 * count and by bytes (oldest go first), so a long outage costs a bounded amount of the visitor's
 * storage and never an error; when storage refuses, this page keeps its queue in memory.
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
  /** Unique id, also the `/s{id}` segment of its URL, so a copy received twice is recognizable. */
  i: string;
  /** The query string; the URL around it is rebuilt at send time. */
  q: string;
  /** Creation time, ms since the epoch. */
  t: number;
  /** 'p' page view, 'l' link call. */
  k: 'p' | 'l';
  /** Claimed until (ms since the epoch): a page is sending it and the others leave it alone. */
  l?: number;
  /** The page that claimed it. */
  o?: string;
}

type Change<T> = (list: QueuedBeacon[]) => [QueuedBeacon[], T];

export interface BeaconQueue {
  /** Oldest first. */
  read(): QueuedBeacon[];
  /**
   * Changes the list as one step no other tab interleaves with: under the Web Locks API, or
   * (where it is missing) right away, and the caller re-reads its claims after a while.
   */
  locked<T>(change: Change<T>): Promise<T>;
  /** Changes the list now, in this task: for a page going away, where a lock would come too late. */
  now(change: (list: QueuedBeacon[]) => QueuedBeacon[]): void;
  /** Whether `locked` is exclusive across tabs. */
  readonly exclusive: boolean;
}

const isBeacon = (value: unknown): value is QueuedBeacon =>
  typeof (value as QueuedBeacon)?.i === 'string' &&
  typeof (value as QueuedBeacon).q === 'string' &&
  typeof (value as QueuedBeacon).t === 'number';

export function beaconQueue(logger: Logger): BeaconQueue {
  const store = webStorage('local');
  /** This page's queue while storage refuses it (blocked, or full of the page's own data). */
  let memory: QueuedBeacon[] | undefined;
  const read = () => {
    const oldest = Date.now() - MAX_AGE_MS;
    const stored = memory ?? store.getJSON<unknown>(QUEUE_KEY);
    return Array.isArray(stored) ? stored.filter((b): b is QueuedBeacon => isBeacon(b) && b.t > oldest) : [];
  };
  // Not JSON.stringify(list): a page with Prototype.js's Array.prototype.toJSON would have the
  // array stored as one string, and read() would then find no queue and lose every beacon.
  const serialize = (list: QueuedBeacon[]) => `[${list.map((beacon) => JSON.stringify(beacon)).join(',')}]`;
  const save = (list: QueuedBeacon[]) => {
    let json = serialize(list);
    let dropped = 0;
    while (list.length > MAX_QUEUED || json.length > MAX_QUEUE_BYTES) {
      list = list.slice(1);
      json = serialize(list);
      dropped++;
    }
    if (dropped) logger.warn(`Beacon queue full: ${dropped} oldest beacon(s) dropped.`);
    if (!list.length) store.remove(QUEUE_KEY);
    const kept = !list.length || store.set(QUEUE_KEY, json);
    if (!kept && !memory) logger.warn('Beacon queue: storage refused it; this page keeps it in memory.');
    memory = kept ? undefined : list;
  };
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  const locked = <T>(change: Change<T>): Promise<T> => {
    const run = () => {
      const [list, result] = change(read());
      save(list);
      return result;
    };
    // A lock manager that refuses (an opaque origin, a sandboxed frame) leaves the fallback.
    return locks ? locks.request(QUEUE_KEY, run).catch(run) : Promise.resolve().then(run);
  };
  return {
    read,
    locked,
    now: (change) => save(change(read())),
    exclusive: !!locks,
  };
}
