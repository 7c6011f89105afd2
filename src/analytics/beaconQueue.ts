/**
 * Undelivered beacons, persisted in local storage: those the collector did not take, and those a
 * page could not send before it went away. Each page keeps its own queue under its own key, which
 * only it writes, so tabs never overwrite each other's entries (a Web Lock does not make local
 * storage coherent between browser processes, so a shared key read under a lock can still be a
 * stale copy). The queues of pages that are gone are adopted by the next page to look: a live
 * page holds a Web Lock named after its key, so a free lock means its owner is gone; the adopter
 * keeps that lock for its own life, so no other tab adopts the same queue from a stale copy.
 * Where Web Locks are missing, a queue is adopted once its owner has not written it for
 * ORPHAN_MS. Bounded by count and by bytes (oldest go first); when storage refuses, this page
 * keeps its queue in memory.
 */
import { DAY_MS } from '../engine/durations';
import { webStorage } from '../engine/storage';
import type { Logger } from '../engine/types';

/** The key of a page's queue is this, a dot and the page's id. */
export const QUEUE_KEY = 'tag-beacon-queue';
export const MAX_QUEUED = 50;
export const MAX_QUEUE_BYTES = 32 * 1024;
/**
 * A beacon older than this is dropped instead of sent: the collector dates a hit by its arrival,
 * so a day-old page view would be counted in the wrong visit and the wrong day.
 */
export const MAX_AGE_MS = DAY_MS;
/** Without Web Locks: a queue its page has not written for this long belongs to a page that is gone. */
export const ORPHAN_MS = 5 * 60 * 1000;

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
}

/** What a key holds: the time its page last wrote it, and its beacons, oldest first. */
interface Stored {
  w: number;
  b: QueuedBeacon[];
}

export interface BeaconQueue {
  /** This page's queue, oldest first. */
  read(): QueuedBeacon[];
  /** Replaces this page's queue (a full queue drops its oldest, and says so). */
  write(list: QueuedBeacon[]): void;
  /** Adds beacons behind those queued. */
  append(beacons: QueuedBeacon[]): void;
  /** Whether pages that are gone left beacons (some may belong to live tabs, which keep them). */
  others(): boolean;
  /** Moves the queues of pages that are gone in front of this page's own; resolves when done. */
  adopt(): Promise<void>;
  /** The page is left (maybe for the back/forward cache): others may adopt what it leaves. */
  release(): void;
  /** The page is back from the back/forward cache. */
  hold(): void;
}

const isBeacon = (value: unknown): value is QueuedBeacon =>
  typeof (value as QueuedBeacon)?.i === 'string' && typeof (value as QueuedBeacon).q === 'string' && typeof (value as QueuedBeacon).t === 'number';

export function beaconQueue(logger: Logger, page: string): BeaconQueue {
  const store = webStorage('local');
  const own = `${QUEUE_KEY}.${page}`;
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  /** This page's queue while storage refuses it (blocked, or full of the page's own data). */
  let memory: QueuedBeacon[] | undefined;
  /** Releases the locks this page holds: its own, and those of the queues it adopted. */
  let held: Array<() => void> = [];

  // An array is the one queue of versions before per-page keys; it is adopted like any other.
  const load = (key: string): Stored => {
    const value = store.getJSON<Partial<Stored> | unknown[]>(key);
    const list = Array.isArray(value) ? value : value?.b;
    const oldest = Date.now() - MAX_AGE_MS;
    return {
      w: (!Array.isArray(value) && value?.w) || 0,
      b: Array.isArray(list) ? list.filter((b): b is QueuedBeacon => isBeacon(b) && b.t > oldest) : [],
    };
  };
  const read = () => memory ?? load(own).b;
  // Beacons one by one, not JSON.stringify(list): a page with Prototype.js's
  // Array.prototype.toJSON would have the array stored as one string, and its beacons lost.
  const serialize = (list: QueuedBeacon[]) => `{"w":${Date.now()},"b":[${list.map((beacon) => JSON.stringify(beacon)).join(',')}]}`;
  const write = (list: QueuedBeacon[]) => {
    let json = serialize(list);
    let dropped = 0;
    while (list.length > MAX_QUEUED || json.length > MAX_QUEUE_BYTES) {
      list = list.slice(1);
      json = serialize(list);
      dropped++;
    }
    if (dropped) logger.warn(`Beacon queue full: ${dropped} oldest beacon(s) dropped.`);
    if (!list.length) store.remove(own);
    const kept = !list.length || store.set(own, json);
    if (!kept && !memory) logger.warn('Beacon queue: storage refused it; this page keeps it in memory.');
    memory = kept ? undefined : list;
  };
  const othersKeys = () => store.keys().filter((key) => (key === QUEUE_KEY || key.startsWith(`${QUEUE_KEY}.`)) && key !== own);
  /** Moves the queue under `key` in front of this page's, oldest first. */
  const move = (key: string) => {
    const { b } = load(key);
    if (b.length) write([...b, ...read()].sort((x, y) => x.t - y.t));
    store.remove(key);
  };
  /** Runs `then` with a Web Lock on `key` kept until the page is left; false when another holds it. */
  const keep = (key: string, then: () => void) =>
    new Promise<void>((done) => {
      locks!
        .request(key, { ifAvailable: true }, (lock) => {
          if (!lock) return done();
          then();
          done();
          return new Promise<void>((release) => held.push(release));
        })
        .catch(done);
    });
  const hold = () => void (locks && keep(own, () => undefined));
  hold();

  return {
    read,
    write,
    append: (beacons) => write([...read(), ...beacons]),
    others: () => othersKeys().length > 0,
    async adopt() {
      // Without locks, writing is how a live page shows it is still there.
      if (!locks && read().length) write(read());
      for (const key of othersKeys()) {
        if (locks) await keep(key, () => move(key));
        else if (load(key).w < Date.now() - ORPHAN_MS) move(key);
      }
    },
    release() {
      held.forEach((release) => release());
      held = [];
    },
    hold,
  };
}
