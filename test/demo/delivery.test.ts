// @vitest-environment node
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import TargetDecisioningEngine from '@adobe/target-decisioning-engine';
import { createDeliveryHandler, type DeliveryRequest, type DeliveryResponse } from '../../demo/delivery';
import { startDemoServer, type DemoServer } from '../../demo/server';

vi.mock('@adobe/target-decisioning-engine', async (importOriginal) => {
  const original = await importOriginal<typeof import('@adobe/target-decisioning-engine')>();
  return { default: vi.fn(original.default) };
});

// No network: every TCP connection and every fetch to a non-loopback host throws (and is noted).
const outbound: string[] = [];
const loopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i.test(host);
const realFetch = globalThis.fetch;
const realConnect = net.Socket.prototype.connect;

function hostOfConnectArgs(args: unknown[]): string | null {
  const [first, second] = args;
  if (Array.isArray(first)) return hostOfConnectArgs(first);
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path) return null; // a local socket
    return options.host ?? 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) return typeof second === 'string' ? second : 'localhost';
  return null;
}

beforeAll(() => {
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const host = hostOfConnectArgs(args);
    if (host !== null && !loopback(host)) {
      outbound.push(`connect ${host}`);
      throw new Error(`test: network call to ${host} refused`);
    }
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!loopback(url.hostname)) {
      outbound.push(`fetch ${url.href}`);
      throw new Error(`test: fetch to ${url.host} refused`);
    }
    return realFetch(input, init);
  }) as typeof fetch;
});

afterAll(() => {
  net.Socket.prototype.connect = realConnect;
  globalThis.fetch = realFetch;
});

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ beaconFile: false, extraHosts: [] });
});
afterAll(async () => {
  await server?.close();
});

const query = 'client=canadademo&sessionId=3f2c9a1e-demo&version=2.11.4';

function context(path: string): DeliveryRequest['context'] {
  return {
    channel: 'web' as DeliveryRequest['context']['channel'],
    address: { url: `${server.url}${path}`, referringUrl: '' },
    screen: { width: 1280, height: 800, colorDepth: 24, pixelRatio: 1 },
    window: { width: 1280, height: 720 },
    browser: { host: new URL(server.url).host, webGLRenderer: 'test' },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    timeOffsetInMinutes: -240,
  };
}

function pageLoadBody(path: string, extra: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return {
    requestId: `req-${path}`,
    context: context(path),
    id: { tntId: 'b1f0c2d3e4f5a6b7c8d9e0f1a2b3c4d5.35_0' },
    experienceCloud: { analytics: { logging: 'server_side' as never } },
    execute: { pageLoad: {} },
    prefetch: { views: [{}] },
    ...extra,
  };
}

async function post(
  body: unknown,
  {
    path = '/rest/v1/delivery',
    search = query,
    contentType = 'text/plain',
    origin = server.url,
    signal,
  }: { path?: string; search?: string; contentType?: string; origin?: string; signal?: AbortSignal } = {},
) {
  const response = await fetch(`${server.url}${path}?${search}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Origin: origin },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  return { response, text, json: () => JSON.parse(text) as DeliveryResponse & { message?: string } };
}

describe('local decisioning endpoint (POST /rest/v1/delivery)', () => {
  it('answers the English home page with the English setHtml/setStyle actions and response tokens', async () => {
    const { response, json } = await post(pageLoadBody('/en.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.url);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    const body = json();
    expect(body).toMatchObject({ status: 200, requestId: 'req-/en.html', client: 'canadademo', id: { tntId: 'b1f0c2d3e4f5a6b7c8d9e0f1a2b3c4d5.35_0' } });
    expect(typeof body.edgeHost).toBe('string');
    const options = body.execute?.pageLoad?.options ?? [];
    expect(options).toHaveLength(1);
    const [option] = options;
    expect(option?.type).toBe('actions');
    const actions = option?.content as Array<{ type: string; selector: string; content: unknown }>;
    expect(actions.map((a) => a.type)).toEqual(['setHtml', 'setStyle']);
    expect(actions[0]).toMatchObject({ selector: '#gc-pz-banner' });
    expect(actions[0]?.content).toContain('lang="en"');
    expect(actions[0]?.content).toContain('Find government services');
    expect(actions[1]?.content).toMatchObject({ 'background-color': '#26374a' });
    expect(option?.responseTokens).toMatchObject({
      'activity.id': 900101,
      'activity.name': 'Canada.ca home page banner (EN/FR)',
      'experience.id': 0,
      'experience.name': 'English home page',
      'offer.id': 700101,
      'offer.name': expect.stringContaining('/en'),
      'geo.city': 'ottawa',
      'geo.state': 'ontario',
    });
    expect(body.execute?.pageLoad?.metrics).toEqual([expect.objectContaining({ type: 'click', selector: '#gc-pz-banner a', eventToken: expect.any(String) })]);
  });

  it('answers the French home page with the French actions', async () => {
    const body = (await post(pageLoadBody('/fr.html'))).json();
    const option = body.execute?.pageLoad?.options?.[0];
    const actions = option?.content as Array<{ type: string; content: unknown }>;
    expect(actions[0]?.type).toBe('setHtml');
    expect(actions[0]?.content).toContain('lang="fr"');
    expect(actions[0]?.content).toContain('Trouvez plus rapidement');
    expect(option?.responseTokens).toMatchObject({ 'experience.id': 1, 'experience.name': 'French home page', 'offer.id': 700111 });
  });

  it('returns no page-load offers on a page without an activity', async () => {
    const body = (await post(pageLoadBody('/en/services/demo.html', { prefetch: undefined }))).json();
    expect(body.status).toBe(200);
    expect(body.execute?.pageLoad?.options).toEqual([]);
  });

  it('prefetches the services-view offer in the page language', async () => {
    const en = (await post(pageLoadBody('/en.html', { execute: undefined }))).json();
    expect(en.execute).toBeUndefined();
    const view = en.prefetch?.views?.find((v) => v.name === 'services-view');
    expect(view?.options?.[0]).toMatchObject({ type: 'actions', eventToken: expect.any(String) });
    expect(view?.options?.[0]?.content).toEqual([
      expect.objectContaining({ type: 'setHtml', selector: '#gc-pz-services', content: expect.stringContaining('lang="en"') }),
    ]);
    expect(view?.options?.[0]?.responseTokens).toMatchObject({ 'activity.id': 900102, 'location.name': 'services-view' });
    expect(view?.metrics).toEqual([expect.objectContaining({ type: 'click', selector: '#gc-pz-services a' })]);

    const fr = (await post(pageLoadBody('/fr.html', { execute: undefined, prefetch: { views: [{ name: 'services-view' }] } }))).json();
    expect(fr.prefetch?.views?.[0]?.options?.[0]?.content).toEqual([expect.objectContaining({ content: expect.stringContaining('lang="fr"') })]);
  });

  it('answers the redirect test page with a redirect offer (absolute URL on the page origin)', async () => {
    const body = (await post(pageLoadBody('/en/pz-redirect-test.html'))).json();
    const option = body.execute?.pageLoad?.options?.[0];
    expect(option?.type).toBe('redirect');
    expect(option?.content).toBe(`${server.url}/en/pz-redirected.html`);
    expect(option?.responseTokens).toMatchObject({ 'activity.id': 900103, 'experience.name': 'Redirect (English)' });
  });

  it('decides regional mboxes (json offer of the feature-flag A/B test)', async () => {
    const body = (await post(pageLoadBody('/en.html', { execute: { mboxes: [{ name: 'gc-pz-feature', index: 0 }] }, prefetch: undefined }))).json();
    const mbox = body.execute?.mboxes?.[0];
    expect(mbox).toMatchObject({ name: 'gc-pz-feature', index: 0 });
    expect(mbox?.options?.[0]).toMatchObject({ type: 'json', content: { feature: 'services-menu', enabled: expect.any(Boolean) } });
  });

  it('accepts notifications (sendBeacon content type), answers their ids and records them', async () => {
    server.delivery.requests.clear();
    const notification = {
      id: 'n-1',
      type: 'display',
      timestamp: Date.now(),
      tokens: ['Z2MtcHp8OTAwMTAyfDB8ZGlzcGxheQ=='],
      view: { name: 'services-view' },
    };
    const { response, json } = await post(
      { requestId: 'beacon-1', context: context('/en.html'), notifications: [notification] },
      { contentType: 'text/plain;charset=UTF-8' },
    );
    expect(response.status).toBe(200);
    expect(json()).toMatchObject({ status: 200, requestId: 'beacon-1', notifications: [{ id: 'n-1' }] });
    const [recorded] = server.delivery.requests.list();
    expect(recorded).toMatchObject({ kind: 'notification', method: 'POST', contentType: 'text/plain;charset=UTF-8', status: 200 });
    expect(recorded?.query).toEqual({ client: 'canadademo', sessionId: '3f2c9a1e-demo', version: '2.11.4' });
    expect(server.delivery.requests.notifications()).toEqual([notification]);
  });

  it('records every delivery request with its body and answer', async () => {
    server.delivery.requests.clear();
    await post(pageLoadBody('/en.html'));
    const [entry] = server.delivery.requests.list();
    expect(entry).toMatchObject({ kind: 'delivery', status: 200, origin: server.url, body: { requestId: 'req-/en.html', execute: { pageLoad: {} } } });
    expect(entry?.response).toMatchObject({ status: 200 });
  });

  it('answers a malformed or invalid body with 400 and a JSON error', async () => {
    const bad = await post('{"requestId": ');
    expect(bad.response.status).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: expect.stringContaining('Malformed request body') });
    const noContext = await post({ requestId: 'x', execute: { pageLoad: {} } });
    expect(noContext.response.status).toBe(400);
    expect(noContext.json().message).toBe('context is required');
    const noClient = await post(pageLoadBody('/en.html'), { search: 'sessionId=1' });
    expect(noClient.response.status).toBe(400);
    expect(noClient.response.headers.get('access-control-allow-origin')).toBe(server.url);
  });

  it('answers a CORS preflight and grants credentials to loopback origins only', async () => {
    const preflight = await fetch(`${server.url}/rest/v1/delivery?${query}`, {
      method: 'OPTIONS',
      headers: { Origin: server.url, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(server.url);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const foreign = await post(pageLoadBody('/en.html'), { origin: 'https://evil.example' });
    expect(foreign.response.status).toBe(200);
    expect(foreign.response.headers.get('access-control-allow-origin')).toBeNull();
  });

  describe('fault modes', () => {
    it('500 by query parameter', async () => {
      const { response, json } = await post(pageLoadBody('/en.html'), { search: `${query}&fault=500` });
      expect(response.status).toBe(500);
      expect(json().status).toBe(500);
    });

    it('malformed JSON by server-domain path prefix', async () => {
      const { response, text } = await post(pageLoadBody('/en.html'), { path: '/__fault/malformed/rest/v1/delivery' });
      expect(response.status).toBe(200);
      expect(() => JSON.parse(text)).toThrow();
    });

    it('slow:<ms> delays the answer', async () => {
      const started = Date.now();
      const { response } = await post(pageLoadBody('/en.html'), { path: '/__fault/slow:250/rest/v1/delivery' });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    });

    it('hang via setFault never answers (until cleared)', async () => {
      server.delivery.setFault('hang');
      try {
        expect(server.delivery.fault).toBe('hang');
        const hung = post(pageLoadBody('/en.html'), { signal: AbortSignal.timeout(400) });
        await expect(hung).rejects.toThrow();
        expect(server.delivery.requests.list().at(-1)).toMatchObject({ fault: 'hang', status: 0 });
      } finally {
        server.delivery.setFault(null);
      }
      expect((await post(pageLoadBody('/en.html'))).response.status).toBe(200);
    });

    it('refuses unknown fault modes', async () => {
      const { response, json } = await post(pageLoadBody('/en.html'), { search: `${query}&fault=explode` });
      expect(response.status).toBe(400);
      expect(json().message).toContain('Unknown fault mode');
      expect(() => server.delivery.setFault('slow:abc')).toThrow('Unknown fault mode');
    });
  });

  describe('no network', () => {
    it('builds the engine from the artifact payload with polling, telemetry and fetch off', async () => {
      const engineFactory = vi.mocked(TargetDecisioningEngine);
      engineFactory.mockClear();
      const handler = createDeliveryHandler();
      await handler.ready();
      expect(engineFactory).toHaveBeenCalledTimes(1);
      const [config] = engineFactory.mock.calls[0] ?? [];
      expect(config).toMatchObject({ client: 'canadademo', pollingInterval: 0, telemetryEnabled: false, artifactPayload: handler.artifact });
      expect(config?.artifactPayload).toMatchObject({ geoTargetingEnabled: false, rules: { mboxes: expect.any(Object), views: expect.any(Object) } });
      expect(config).not.toHaveProperty('artifactLocation');
      await expect(config?.fetchApi?.('https://assets.adobetarget.com/x')).rejects.toThrow('no network calls');
      handler.close();
    });

    it('the guard is armed, and nothing so far went beyond loopback', async () => {
      await expect(fetch('https://assets.adobetarget.com/rules.json')).rejects.toThrow('refused');
      expect(() => net.connect(443, 'mboxedge35.tt.omtrdc.net')).toThrow('refused');
      expect(outbound).toEqual(['fetch https://assets.adobetarget.com/rules.json', 'connect mboxedge35.tt.omtrdc.net']);
      outbound.length = 0;
      // Let the engine's delayed notification timers run, then check again.
      await post(pageLoadBody('/en.html', { execute: { mboxes: [{ name: 'gc-pz-feature', index: 0 }] } }));
      await new Promise((r) => setTimeout(r, 50));
      expect(outbound).toEqual([]);
    });
  });
});
