import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CookieJar } from '../../src/engine/cookies';
import { ALREADY_INITIALIZED, BODY_STYLE_ID, startPersonalization, type PersonalizationOptions } from '../../src/personalization/bootstrap';
import type { Api, Core, TargetModule } from '../../src/personalization/types';
import { deliveryRequestProblems } from './deliveryShape';

const EVENTS = [
  'at-library-loaded',
  'at-request-start',
  'at-request-succeeded',
  'at-request-failed',
  'at-content-rendering-start',
  'at-content-rendering-succeeded',
  'at-content-rendering-failed',
  'at-content-rendering-no-offers',
  'at-content-rendering-redirect',
];

type W = Window & { adobe?: { target?: Record<string, unknown> }; targetPageParams?: unknown; mboxCreate?: () => void };
const w = window as W;
const hidden = () => document.getElementById(BODY_STYLE_ID) !== null;

function memoryJar(initial: Record<string, string> = {}): CookieJar {
  const values = new Map(Object.entries(initial));
  return { get: (n) => values.get(n), set: (n, v) => (values.set(n, v), true), remove: (n) => values.delete(n) };
}

function setup(overrides: Partial<PersonalizationOptions> = {}) {
  const logger = { enabled: true, log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), group: vi.fn() };
  let core: Core | undefined;
  const api = Object.fromEntries(['getOffer', 'getOffers', 'applyOffer', 'applyOffers', 'sendNotifications', 'trackEvent', 'triggerView', 'registerExtension'].map((n) => [n, vi.fn(() => n)])) as unknown as Api;
  let loaded!: (module: TargetModule) => void;
  let failed!: (error: Error) => void;
  const load = vi.fn(() => new Promise<TargetModule>((resolve, reject) => ((loaded = resolve), (failed = reject))));
  startPersonalization({
    settings: { enabled: true, clientCode: 'canadademo', serverDomain: null, timeout: 3000, optOutCookie: 'gc_pz_optout' },
    consentCookie: null,
    logger,
    load,
    scrubUrl: (url) => url,
    jar: memoryJar(),
    ...overrides,
  });
  return {
    logger,
    api,
    load,
    core: () => core,
    arrive: () => loaded({ start: (c) => ((core = c), api) }),
    fail: (error: Error) => failed(error),
  };
}

const events: string[] = [];
const record = (e: Event) => events.push(e.type);

beforeEach(() => {
  delete w.adobe;
  delete w.targetPageParams;
  document.head.innerHTML = '';
  events.length = 0;
  for (const name of EVENTS) document.addEventListener(name, record);
});
afterEach(() => {
  for (const name of EVENTS) document.removeEventListener(name, record);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (body: unknown, status = 200) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('start-up', () => {
  it('hides the body, sends the page-load request with execute.pageLoad and prefetch.views, and loads the rest at the same time', async () => {
    const fetchMock = answer({ execute: { pageLoad: { options: [{ type: 'actions', content: [] }] } } });
    vi.stubGlobal('fetch', fetchMock);
    const { load } = setup();
    expect(hidden()).toBe(true);
    expect(document.getElementById(BODY_STYLE_ID)!.textContent).toBe('body{opacity:0!important}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1); // not waiting for the response
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^${location.origin}/rest/v1/delivery\\?client=canadademo&sessionId=[0-9a-f]{32}&version=2\\.11\\.4$`));
    const body = JSON.parse(init.body as string);
    expect(body.execute).toEqual({ pageLoad: {} });
    expect(body.prefetch).toEqual({ views: [{}] });
    expect(deliveryRequestProblems(body)).toEqual([]);
    await vi.waitFor(() => expect(events).toEqual(['at-library-loaded', 'at-request-start', 'at-request-succeeded']));
    expect(hidden()).toBe(true); // offers to render: the rest of the client unhides after rendering
  });

  it('passes targetPageParams on to the request', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetPageParams = () => ({ section: 'home', 'profile.lang': 'en', mbox3rdPartyId: 'crm-9', at_property: 'prop-1' });
    setup();
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.execute.pageLoad).toEqual({ parameters: { section: 'home' }, profileParameters: { lang: 'en' } });
    expect(body.id.thirdPartyId).toBe('crm-9');
    expect(body.property).toEqual({ token: 'prop-1' });
  });

  it('sends the Experience Cloud id the Visitor ID service left in its AMCV_ cookie', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = `AMCV_0000%40AdobeOrg=${encodeURIComponent('1585540135|MCMID|4567|MCAID|NONE')}`;
    setup();
    document.cookie = 'AMCV_0000%40AdobeOrg=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.id.marketingCloudVisitorId).toBe('4567');
  });

  it('unhides at once when the response has no page-load offers', async () => {
    vi.stubGlobal('fetch', answer({ execute: { pageLoad: { options: [] } } }));
    setup();
    await vi.waitFor(() => expect(hidden()).toBe(false));
  });

  it.each([
    ['a 500', answer({ status: 500 }, 500), 'Unexpected error'],
    ['a network failure', vi.fn(() => Promise.reject(new TypeError('x'))), 'Network request failed'],
  ])('unhides on %s and reports at-request-failed with status error', async (_, fetchMock, message) => {
    vi.stubGlobal('fetch', fetchMock);
    let detail: Record<string, unknown> = {};
    document.addEventListener('at-request-failed', (e) => (detail = (e as CustomEvent).detail), { once: true });
    const { logger } = setup();
    await vi.waitFor(() => expect(hidden()).toBe(false));
    expect(detail).toMatchObject({ type: 'at-request-failed', status: 'error', error: message });
    expect(logger.error).toHaveBeenCalledWith('page-load request failed:', message);
  });

  it('unhides by its own timer after the time-out when the request hangs', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { logger } = setup({ settings: { enabled: true, clientCode: 'c', serverDomain: null, timeout: 3000, optOutCookie: 'o' } });
    await vi.advanceTimersByTimeAsync(2999);
    expect(hidden()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(hidden()).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('The page was unhidden by the 3000 ms time-out');
  });

  it('unhides and answers queued calls with no-ops when tag-target.js cannot be loaded', async () => {
    vi.stubGlobal('fetch', answer({ execute: { pageLoad: { options: [{ type: 'html', content: 'x' }] } } }));
    const { fail, logger } = setup();
    const queued = (w.adobe!.target!.getOffers as () => Promise<unknown>)();
    fail(new Error('404'));
    await expect(queued).resolves.toBeUndefined();
    expect(hidden()).toBe(false);
    expect(logger.error).toHaveBeenCalledWith('The personalization code could not be loaded; nothing is rendered:', '404');
  });

  it('uses the edge host once the cluster is known, with a server domain', async () => {
    const fetchMock = answer({ id: { tntId: 'abc.35_0' }, edgeHost: 'mboxedge35.tt.omtrdc.net' });
    vi.stubGlobal('fetch', fetchMock);
    const { arrive, core } = setup({ settings: { enabled: true, clientCode: 'canada', serverDomain: 'canada.tt.omtrdc.net', timeout: 3000, optOutCookie: 'o' } });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toMatch(/^https:\/\/canada\.tt\.omtrdc\.net\/rest\/v1\/delivery\?client=canada&/);
    await vi.waitFor(() => expect(events).toContain('at-request-succeeded'));
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.url()).toMatch(/^https:\/\/mboxedge35\.tt\.omtrdc\.net\/rest\/v1\/delivery\?client=canada&/);
  });

  it('keeps calling the page origin without a server domain (the demo server), whatever the cluster', async () => {
    vi.stubGlobal('fetch', answer({ id: { tntId: 'abc.35_0' }, edgeHost: 'mboxedge35.tt.omtrdc.net' }));
    const { arrive, core } = setup();
    await vi.waitFor(() => expect(events).toContain('at-request-succeeded'));
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.url().startsWith(`${location.origin}/rest/v1/delivery?`)).toBe(true);
  });
});

describe('window.adobe.target', () => {
  it('queues calls made before tag-target.js arrives and replays them first-in-first-out', async () => {
    vi.stubGlobal('fetch', answer({}));
    const { api, arrive, core } = setup();
    const target = w.adobe!.target!;
    expect(target.VERSION).toBe('2.11.4');
    (target.triggerView as (n: string) => void)('a');
    (target.triggerView as (n: string) => void)('b');
    const offers = (target.getOffers as (o: unknown) => Promise<unknown>)({ request: { execute: {} } });
    expect(api.triggerView).not.toHaveBeenCalled();
    arrive();
    await expect(offers).resolves.toBe('getOffers');
    expect(vi.mocked(api.triggerView).mock.calls).toEqual([['a'], ['b']]);
    expect(vi.mocked(api.triggerView).mock.invocationCallOrder[1]).toBeLessThan(vi.mocked(api.getOffers).mock.invocationCallOrder[0]!);
    // Once loaded, calls go straight through.
    expect((target.getOffer as () => unknown)()).toBe('getOffer');
    expect(core()?.pageLoad).toBeInstanceOf(Promise);
  });

  it('warns on the deprecated mbox functions', () => {
    vi.stubGlobal('fetch', answer({}));
    const { logger } = setup();
    w.mboxCreate!();
    expect(logger.warn).toHaveBeenCalledWith('mboxCreate is not supported by at.js 2.x; use adobe.target.getOffer and applyOffer');
  });

  it('logs Adobe Target has already been initialized and changes nothing when loaded twice', () => {
    vi.stubGlobal('fetch', answer({}));
    setup();
    const first = w.adobe!.target;
    const { logger, load } = setup();
    expect(logger.warn).toHaveBeenCalledWith(ALREADY_INITIALIZED);
    expect(w.adobe!.target).toBe(first);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('when delivery is off', () => {
  it.each([
    ['opted out', { jar: memoryJar({ gc_pz_optout: 'true' }) }, 'Disabled due to optout'],
    ['not opted in', { consentCookie: 'gc_consent' }, 'Adobe Target is not opted in'],
    ['switched off', { settings: { enabled: false, clientCode: 'c', serverDomain: null, timeout: 3000, optOutCookie: 'o' } }, 'Personalization is not enabled'],
  ] as Array<[string, Partial<PersonalizationOptions>, string]>)('%s: no hiding, no request, a no-op API', async (_, overrides, message) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { logger, load } = setup(overrides);
    expect(logger.warn).toHaveBeenCalledWith(message);
    expect(hidden()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    await expect((w.adobe!.target!.getOffers as () => Promise<unknown>)()).resolves.toBeUndefined();
    expect(() => (w.adobe!.target!.triggerView as (n: string) => void)('x')).not.toThrow();
  });
});
