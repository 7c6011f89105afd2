/**
 * The beacon inspector's feed, on the server: every beacon, personalization request and survey
 * file request in arrival order, numbered, and streamed to inspector pages as server-sent events.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Beacon } from '../beacon';
import type { RecordedDelivery } from '../delivery';
import type { DeliverySummary, FeedEntry, FeedSnapshot, OptionSummary, SurveyFileRequest } from './model';

type Listener = (entry: FeedEntry) => void;
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** 'page load', 'mbox hero', 'view services-view' for a request or response item. */
function locations(part: unknown): string[] {
  if (!isObject(part)) return [];
  const named = (kind: string) => (item: Json) => `${kind} ${text(item.name) ?? '(unnamed)'}`;
  return [
    ...(isObject(part.pageLoad) ? ['page load'] : []),
    ...objects(part.mboxes).map(named('mbox')),
    // A page-load request asks for every view with one nameless item.
    ...objects(part.views).map((view) => (view.name === undefined ? 'views' : named('view')(view))),
  ];
}

function optionsOf(decision: 'execute' | 'prefetch', part: unknown): OptionSummary[] {
  if (!isObject(part)) return [];
  const places: Array<[string, Json]> = [
    ...(isObject(part.pageLoad) ? [['page load', part.pageLoad] as [string, Json]] : []),
    ...objects(part.mboxes).map((mbox): [string, Json] => [`mbox ${text(mbox.name) ?? ''}`, mbox]),
    ...objects(part.views).map((view): [string, Json] => [`view ${text(view.name) ?? ''}`, view]),
  ];
  return places.flatMap(([location, place]) =>
    objects(place.options).map((option) => {
      const tokens = isObject(option.responseTokens) ? option.responseTokens : {};
      const activity = text(tokens['activity.name']);
      const experience = text(tokens['experience.name']);
      return { decision, location, type: text(option.type) ?? '', ...(activity ? { activity } : {}), ...(experience ? { experience } : {}) };
    }),
  );
}

function problemOf(entry: RecordedDelivery): string | undefined {
  const message = isObject(entry.response) ? text(entry.response.message) : undefined;
  if (entry.fault) return `fault ${entry.fault}${entry.status === 0 ? ': no answer' : message ? `: ${message}` : ''}`;
  if (entry.status >= 400) return message ?? `status ${entry.status}`;
  return undefined;
}

/** A recorded delivery request as the inspector lists it. */
export function summarizeDelivery(entry: RecordedDelivery): DeliverySummary {
  const body: Json = isObject(entry.body) ? (entry.body as unknown as Json) : {};
  const context = isObject(body.context) ? body.context : {};
  const address = isObject(context.address) ? context.address : {};
  const response = isObject(entry.response) ? entry.response : {};
  const pageUrl = text(address.url);
  const problem = problemOf(entry);
  return {
    receivedAt: entry.receivedAt,
    method: entry.method,
    status: entry.status,
    kind: entry.kind,
    ...(pageUrl ? { pageUrl } : {}),
    pageLoad: isObject(body.execute) && isObject(body.execute.pageLoad),
    execute: locations(body.execute),
    prefetch: locations(body.prefetch),
    notifications: objects(body.notifications).map((n) => {
      const where = locations({ pageLoad: n.pageLoad, mboxes: isObject(n.mbox) ? [n.mbox] : [], views: isObject(n.view) ? [n.view] : [] });
      return `${text(n.type) ?? 'notification'}${where.length ? ` (${where.join(', ')})` : ''}`;
    }),
    options: [...optionsOf('execute', response.execute), ...optionsOf('prefetch', response.prefetch)],
    ...(problem ? { problem } : {}),
  };
}

/** The feed: entries in arrival order, and listeners for new ones. */
export class InspectorFeed {
  /** Tells one server run from the next, so a reconnecting page knows whether its ids still hold. */
  readonly instance = randomUUID().slice(0, 8);
  private readonly items: FeedEntry[] = [];
  private readonly listeners = new Set<Listener>();

  /** Every entry so far, oldest first. */
  list(): FeedEntry[] {
    return [...this.items];
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addBeacon(beacon: Beacon): void {
    this.add({ id: this.items.length + 1, kind: 'beacon', beacon });
  }

  addDelivery(delivery: DeliverySummary): void {
    this.add({ id: this.items.length + 1, kind: 'delivery', delivery });
  }

  addSurveyFile(surveyFile: SurveyFileRequest): void {
    this.add({ id: this.items.length + 1, kind: 'surveyFile', surveyFile });
  }

  private add(entry: FeedEntry): void {
    this.items.push(entry);
    for (const listener of this.listeners) listener(entry);
  }
}

export const HEARTBEAT_MS = 15_000;

/** The id of the last entry a reconnecting page saw ('instance:id'), or 0 when it is from another run. */
function seenUpTo(lastEventId: string | string[] | undefined, instance: string): number {
  const match = typeof lastEventId === 'string' ? /^([^:]+):(\d+)$/.exec(lastEventId) : null;
  return match && match[1] === instance ? Number(match[2]) : 0;
}

/**
 * GET /__events: one `snapshot` event with the entries recorded so far (after the
 * Last-Event-ID a reconnecting EventSource sends), then one `entry` event each, and a comment
 * line as a heartbeat so idle proxies and browsers keep the stream open.
 */
export function streamFeed(feed: InspectorFeed, req: IncomingMessage, res: ServerResponse, heartbeatMs = HEARTBEAT_MS): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  const event = (name: string, id: number, data: unknown) => res.write(`event: ${name}\nid: ${feed.instance}:${id}\ndata: ${JSON.stringify(data)}\n\n`);
  const after = seenUpTo(req.headers['last-event-id'], feed.instance);
  const entries = feed.list().filter((entry) => entry.id > after);
  const snapshot: FeedSnapshot = { instance: feed.instance, entries };
  // The browser reconnects a second after the server goes away, not after its default 3 s.
  res.write('retry: 1000\n\n');
  event('snapshot', entries.at(-1)?.id ?? after, snapshot);
  const unsubscribe = feed.subscribe((entry) => event('entry', entry.id, entry));
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}
