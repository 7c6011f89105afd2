/**
 * Test doubles for the analytics tests: a transport that records requests and lets the test
 * answer them, a logger that keeps lines, window/document listeners the test fires by
 * hand (so trackers of earlier tests never react), and switches for browser state.
 */
import { vi } from 'vitest';
import type { Logger } from '../../src/engine/types';
import { createDelivery } from '../../src/analytics/delivery';
import type { Connect } from '../../src/analytics/tracker';
import type { Outcome, Transport } from '../../src/analytics/transport';
import { decodeBeacon } from '../../src/analytics/wireFormat';

export interface SentRequest {
  url: string;
  /** The POST body; undefined for a GET. */
  body: string | undefined;
  /** Still waiting for the collector's answer. */
  pending: boolean;
  /** Gives the collector's answer. */
  answer(outcome: Outcome): void;
}

export interface FakeTransport extends Transport {
  requests: SentRequest[];
  beacons: Array<{ url: string; body: string }>;
  /** Whether sendBeacon accepts; false plays a browser that refuses (the keep-alive quota). */
  acceptBeacon: boolean;
  /** Every request and beacon in the order sent, as decoded parameters. */
  sent(): Array<Array<[string, string]>>;
  /** The requests still waiting for an answer. */
  pending(): SentRequest[];
}

export function fakeTransport(acceptBeacon = true): FakeTransport {
  const order: string[] = [];
  const fake: FakeTransport = {
    requests: [],
    beacons: [],
    acceptBeacon,
    send(url, body) {
      order.push(body === undefined ? url : `${url}?${body}`);
      return new Promise<Outcome>((resolve) => {
        const request: SentRequest = {
          url,
          body,
          pending: true,
          answer(outcome) {
            request.pending = false;
            resolve(outcome);
          },
        };
        fake.requests.push(request);
      });
    },
    beacon(url, body) {
      if (!fake.acceptBeacon) return false;
      fake.beacons.push({ url, body });
      order.push(`${url}?${body}`);
      return true;
    },
    sent: () => order.map(decodeBeacon),
    pending: () => fake.requests.filter((request) => request.pending),
  };
  return fake;
}

/** A tracker's connection through the real delivery queue to `transport`. */
export const through =
  (transport: Transport): Connect =>
  (options) =>
    createDelivery({ ...options, transport });

export interface RecordingDelivery {
  connect: Connect;
  /** Every beacon the tracker submitted, in order, as decoded parameters: what it built, not how it left. */
  sent(): Array<Array<[string, string]>>;
}

/** A connection that records each beacon as the tracker submits it, for tests about what beacons say. */
export function recordingDelivery(): RecordingDelivery {
  const queries: string[] = [];
  return {
    connect: () => ({ submit: (query) => (queries.push(query), { sent: true, transport: 'fetch' }) }),
    sent: () => queries.map(decodeBeacon),
  };
}

/**
 * A Web Locks manager for one page's tests: exclusive locks by name, `ifAvailable` answered with
 * null while the name is held; `held` lists the names held now.
 */
export function fakeLocks() {
  const held = new Set<string>();
  type Callback = (lock: { name: string } | null) => unknown;
  return {
    held,
    request(name: string, options: { ifAvailable?: boolean } | Callback, callback?: Callback): Promise<unknown> {
      const run = (typeof options === 'function' ? options : callback)!;
      if (held.has(name)) {
        if (typeof options === 'object' && options.ifAvailable) return Promise.resolve().then(() => run(null));
        return Promise.reject(new Error('fakeLocks: waiting for a held lock is not modelled'));
      }
      held.add(name);
      return Promise.resolve()
        .then(() => run({ name }))
        .finally(() => held.delete(name));
    },
  };
}

/** First value of a parameter in decoded pairs. */
export const param = (pairs: Array<[string, string]>, name: string) => pairs.find(([key]) => key === name)?.[1];

export interface RecordingLogger extends Logger {
  lines: string[];
  groups: Array<{ heading: string; lines: ReadonlyArray<readonly unknown[]> }>;
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  const write = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const logger: RecordingLogger = {
    enabled: true,
    lines,
    groups: [],
    log: write,
    info: write,
    warn: write,
    error: write,
    group: (heading, groupLines) => void logger.groups.push({ heading, lines: groupLines }),
  };
  return logger;
}

/** Captures listeners added to window and document; `fire` runs them. */
export function captureListeners() {
  const listeners: Array<[string, EventListenerOrEventListenerObject]> = [];
  const record = (type: string, listener: EventListenerOrEventListenerObject | null) => {
    if (listener) listeners.push([type, listener]);
  };
  vi.spyOn(window, 'addEventListener').mockImplementation(record);
  vi.spyOn(document, 'addEventListener').mockImplementation(record);
  return {
    fire(type: string) {
      for (const [t, listener] of listeners) {
        if (t !== type) continue;
        const event = new Event(type);
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      }
    },
  };
}

export const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
export const setHidden = (hidden: boolean) => vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
