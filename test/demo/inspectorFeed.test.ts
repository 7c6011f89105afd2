// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordedDelivery } from '../../demo/delivery';
import { InspectorFeed, streamFeed, summarizeDelivery } from '../../demo/inspector/feed';
import type { FeedEntry, FeedSnapshot } from '../../demo/inspector/model';
import { startDemoServer, type DemoServer } from '../../demo/server';

const PAGE = 'http://127.0.0.1/en.html';

/** A recorded request; the body as at.js sends it (plain strings where Adobe's types have enums). */
function recorded({ body, ...overrides }: Omit<Partial<RecordedDelivery>, 'body'> & { body?: object }): RecordedDelivery {
  return {
    receivedAt: '2026-11-22T10:00:00.000Z',
    method: 'POST',
    path: '/rest/v1/delivery',
    query: { client: 'canadademo' },
    kind: 'delivery',
    contentType: 'text/plain',
    origin: null,
    rawBody: '',
    notifications: [],
    fault: null,
    status: 200,
    ...overrides,
    body: (body ?? null) as RecordedDelivery['body'],
  };
}

describe('summarizing a personalization request', () => {
  it('says what the page asked for and which activities answered', () => {
    const summary = summarizeDelivery(
      recorded({
        body: {
          context: { channel: 'web', address: { url: PAGE } },
          execute: { pageLoad: {}, mboxes: [{ index: 0, name: 'hero' }] },
          prefetch: { views: [{}] },
        },
        response: {
          execute: {
            pageLoad: { options: [{ type: 'actions', responseTokens: { 'activity.name': 'Home banner', 'experience.name': 'English' } }] },
            mboxes: [{ name: 'hero', options: [{ type: 'json' }] }],
          },
          prefetch: { views: [{ name: 'services-view', options: [{ type: 'actions', responseTokens: { 'activity.name': 'Services' } }] }] },
        },
      }),
    );
    expect(summary).toEqual({
      receivedAt: '2026-11-22T10:00:00.000Z',
      method: 'POST',
      status: 200,
      kind: 'delivery',
      pageUrl: PAGE,
      pageLoad: true,
      execute: ['page load', 'mbox hero'],
      prefetch: ['views'],
      notifications: [],
      options: [
        { decision: 'execute', location: 'page load', type: 'actions', activity: 'Home banner', experience: 'English' },
        { decision: 'execute', location: 'mbox hero', type: 'json' },
        { decision: 'prefetch', location: 'view services-view', type: 'actions', activity: 'Services' },
      ],
    });
  });

  it('lists notifications with where they happened', () => {
    const summary = summarizeDelivery(
      recorded({
        kind: 'notification',
        body: {
          context: { channel: 'web', address: { url: PAGE } },
          notifications: [
            { id: '1', type: 'click', timestamp: 1, pageLoad: {} },
            { id: '2', type: 'display', timestamp: 1, view: { name: 'services-view' } },
            { id: '3', type: 'display', timestamp: 1, mbox: { name: 'hero' } },
          ],
        },
      }),
    );
    expect(summary.pageLoad).toBe(false);
    expect(summary.notifications).toEqual(['click (page load)', 'display (view services-view)', 'display (mbox hero)']);
  });

  it('reports faults and errors, and survives bodies that are not delivery requests', () => {
    expect(summarizeDelivery(recorded({ fault: 'hang', status: 0 })).problem).toBe('fault hang: no answer');
    expect(summarizeDelivery(recorded({ fault: '500', status: 500, response: { status: 500, message: 'Simulated' } })).problem).toBe('fault 500: Simulated');
    expect(summarizeDelivery(recorded({ kind: 'invalid', status: 400, response: { status: 400, message: 'context is required' } }))).toMatchObject({
      problem: 'context is required',
      execute: [],
      options: [],
    });
    expect(summarizeDelivery(recorded({ status: 200 })).problem).toBeUndefined();
  });
});

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Follows a server-sent event stream; `until` resolves once enough has arrived. */
async function follow(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let raw = '';
  const events = (): SseEvent[] =>
    raw
      .split('\n\n')
      .slice(0, -1)
      .flatMap((block) => {
        const fields = new Map(
          block.split('\n').flatMap((line) => {
            const match = /^(\w+): (.*)$/.exec(line);
            return match ? [[match[1]!, match[2]!] as const] : [];
          }),
        );
        const data = fields.get('data');
        return data === undefined ? [] : [{ event: fields.get('event') ?? 'message', id: fields.get('id'), data }];
      });
  return {
    async until(enough: (events: SseEvent[], raw: string) => boolean): Promise<{ events: SseEvent[]; raw: string }> {
      while (!enough(events(), raw)) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += decoder.decode(value, { stream: true });
      }
      return { events: events(), raw };
    },
    close: () => controller.abort(),
  };
}

describe('the demo server feed (GET /__events)', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, extraHosts: [], beaconFile: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends what was recorded so far, then each new beacon and survey file request as it arrives', async () => {
    await fetch(`${server.url}/b/ss/canadadev/1/JS-2.27.0/s1?AQB=1&pageName=First&g=${encodeURIComponent(PAGE)}&AQE=1`);
    const stream = await follow(`${server.url}/__events`);
    // Once the snapshot is out, later arrivals come as entries.
    await stream.until((events) => events.length >= 1);
    await fetch(`${server.url}/b/ss/canadadev/1/JS-2.27.0/s2`, { method: 'POST', body: 'AQB=1&pageName=Second&pe=lnk_d&AQE=1' });
    await fetch(`${server.url}/content/dam/canada/json/im.xml`, { headers: { Referer: PAGE } });
    const { events, raw } = await stream.until((received) => received.length >= 3);
    stream.close();
    expect(raw.startsWith('retry: 1000\n\n')).toBe(true);
    const [snapshot, beacon, surveyFile] = events;
    expect(snapshot!.event).toBe('snapshot');
    const sent = JSON.parse(snapshot!.data) as FeedSnapshot;
    expect(sent.instance).toBe(server.events.instance);
    expect(sent.entries.map((e) => e.kind === 'beacon' && e.beacon.params)).toEqual([
      [
        ['AQB', '1'],
        ['pageName', 'First'],
        ['g', PAGE],
        ['AQE', '1'],
      ],
    ]);
    expect(beacon).toMatchObject({ event: 'entry', id: `${server.events.instance}:2` });
    expect((JSON.parse(beacon!.data) as FeedEntry & { kind: 'beacon' }).beacon.method).toBe('POST');
    expect(JSON.parse(surveyFile!.data)).toMatchObject({ id: 3, kind: 'surveyFile', surveyFile: { method: 'GET', status: 200, pageUrl: PAGE } });
    expect((JSON.parse(surveyFile!.data) as FeedEntry & { kind: 'surveyFile' }).surveyFile.bytes).toBeGreaterThan(100);
    // The collector's own record is unchanged.
    expect(server.beacons.list().map((b) => b.method)).toEqual(['GET', 'POST']);
  });

  it('sends a reconnecting page only what it has not seen, and everything to a page from another server run', async () => {
    const last = server.events.list().length;
    const snapshotAfter = async (lastEventId: string) => {
      const stream = await follow(`${server.url}/__events`, { 'Last-Event-ID': lastEventId });
      const { events } = await stream.until((received) => received.length >= 1);
      stream.close();
      return JSON.parse(events[0]!.data) as FeedSnapshot;
    };
    expect((await snapshotAfter(`${server.events.instance}:${last - 1}`)).entries.map((e) => e.id)).toEqual([last]);
    expect((await snapshotAfter(`another:${last}`)).entries).toHaveLength(last);
  });

  it('records personalization requests once answered, with their page', async () => {
    await server.delivery.ready();
    const before = server.events.list().length;
    await fetch(`${server.url}/rest/v1/delivery?client=canadademo&sessionId=s1&version=2.11.4`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ context: { channel: 'web', address: { url: PAGE } }, execute: { pageLoad: {} } }),
    });
    const entry = server.events.list()[before];
    expect(entry).toMatchObject({ kind: 'delivery', delivery: { status: 200, pageUrl: PAGE, pageLoad: true, execute: ['page load'] } });
    expect(entry!.kind === 'delivery' && entry!.delivery.options.some((option) => option.activity === 'Canada.ca home page banner (EN/FR)')).toBe(true);
  });

  it('serves the inspector page and its bundled script', async () => {
    const page = await fetch(`${server.url}/inspector`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('src="/inspector/inspector.js"');
    const script = await fetch(`${server.url}/inspector/inspector.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(50_000); // React is in it: no CDN
    expect((await fetch(`${server.url}/inspector/inspector.css`)).status).toBe(200);
    expect((await fetch(`${server.url}/inspector/model.ts`)).status).toBe(404);
  });
});

describe('streamFeed on its own', () => {
  const feed = new InspectorFeed();
  let http: Server;
  let url: string;
  beforeAll(async () => {
    http = createServer((req, res) => streamFeed(feed, req, res, 20));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  it('sends heartbeats while idle and stops listening when the page goes away', async () => {
    const unsubscribed = vi.fn();
    const subscribe = feed.subscribe.bind(feed);
    vi.spyOn(feed, 'subscribe').mockImplementation((listener) => {
      const unsubscribe = subscribe(listener);
      return () => {
        unsubscribed();
        return unsubscribe();
      };
    });
    const stream = await follow(url);
    const { raw } = await stream.until((_events, text) => text.split(': heartbeat\n\n').length > 2);
    stream.close();
    expect(raw).toContain('event: snapshot');
    await vi.waitFor(() => expect(unsubscribed).toHaveBeenCalledTimes(1));
  });
});
