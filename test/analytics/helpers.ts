/**
 * Test doubles for the analytics tests: a transport that records requests and lets the test
 * decide their outcome, a logger that keeps lines, window/document listeners the test fires by
 * hand (so trackers of earlier tests never react), and switches for browser state.
 */
import { vi } from 'vitest';
import type { Logger } from '../../src/engine/types';
import type { Transport } from '../../src/analytics/transport';
import { decodeBeacon } from '../../src/analytics/wireFormat';

export interface ImageRequest {
  url: string;
  aborted: boolean;
  load(): void;
  fail(): void;
}

export interface FakeTransport extends Transport {
  images: ImageRequest[];
  beacons: Array<{ url: string; body: string }>;
  /** Whether sendBeacon accepts; `undefined` plays a browser without sendBeacon (also refuses). */
  acceptBeacon: boolean;
  /** Every request in the order sent, as decoded parameters. */
  sent(): Array<Array<[string, string]>>;
}

export function fakeTransport(acceptBeacon = true): FakeTransport {
  const order: string[] = [];
  const fake: FakeTransport = {
    images: [],
    beacons: [],
    acceptBeacon,
    image(url, done) {
      order.push(url);
      const request: ImageRequest = {
        url,
        aborted: false,
        load: () => done(true),
        fail: () => done(false),
      };
      fake.images.push(request);
      return () => {
        request.aborted = true;
      };
    },
    beacon(url, body) {
      if (!fake.acceptBeacon) return false;
      fake.beacons.push({ url, body });
      order.push(`${url}?${body}`);
      return true;
    },
    sent: () => order.map(decodeBeacon),
  };
  return fake;
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
export const setHidden = (hidden: boolean) =>
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
