import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CookieJar } from '../../src/engine/cookies';
import { BODY_STYLE_ID, startPersonalization, type PersonalizationOptions } from '../../src/personalization/bootstrap';
import { readQaModes } from '../../src/personalization/qaModes';
import type { Api, Core, TargetModule } from '../../src/personalization/types';
import { flushMicrotasks } from '../engine/helpers';
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

type W = Window & {
  adobe?: { target?: Record<string, unknown> };
  targetPageParams?: unknown;
  targetGlobalSettings?: unknown;
  Visitor?: unknown;
  PublicKeyCredential?: unknown;
  mboxCreate?: () => void;
};
const w = window as W;
const hidden = () => document.getElementById(BODY_STYLE_ID) !== null;

function memoryJar(initial: Record<string, string> = {}): CookieJar {
  const values = new Map(Object.entries(initial));
  return { get: (n) => values.get(n), set: (n, v) => (values.set(n, v), true), remove: (n) => values.delete(n) };
}

function setup(overrides: Partial<PersonalizationOptions> = {}) {
  const logger = { enabled: true, log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), group: vi.fn() };
  let core: Core | undefined;
  const api = Object.fromEntries(
    ['getOffer', 'getOffers', 'applyOffer', 'applyOffers', 'sendNotifications', 'trackEvent', 'triggerView', 'registerExtension'].map((n) => [
      n,
      vi.fn(() => n),
    ]),
  ) as unknown as Api;
  let loaded!: (module: TargetModule) => void;
  let failed!: (error: Error) => void;
  const module = new Promise<TargetModule>((resolve, reject) => ((loaded = resolve), (failed = reject)));
  const load = vi.fn(() => module);
  startPersonalization({
    settings: { enabled: true, clientCode: 'canadademo', serverDomain: null, timeout: 3000, optOutCookie: 'gc_pz_optout', imsOrgId: null },
    consentCookie: null,
    logger,
    load,
    jar: memoryJar(),
    ...overrides,
  });
  return {
    logger,
    api,
    load,
    core: () => core,
    /** A call of the page's, which makes the client load tag-target.js. */
    callApi: () => void (w.adobe!.target!.getOffers as (options: unknown) => unknown)({ request: {} }),
    arrive: () => loaded({ start: (c) => ((core = c), api), readQaModes }),
    fail: (error: Error) => failed(error),
  };
}

const events: string[] = [];
const record = (e: Event) => events.push(e.type);

beforeEach(() => {
  delete w.adobe;
  delete w.targetPageParams;
  delete w.targetGlobalSettings;
  delete w.Visitor;
  delete w.PublicKeyCredential;
  localStorage.clear();
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
  it('hides the body, sends the page-load request with execute.pageLoad and prefetch.views, and loads tag-target.js once the answer has an offer', async () => {
    const fetchMock = answer({ execute: { pageLoad: { options: [{ type: 'actions', content: [] }] } } });
    vi.stubGlobal('fetch', fetchMock);
    const { load } = setup();
    expect(hidden()).toBe(true);
    expect(document.getElementById(BODY_STYLE_ID)!.textContent).toBe('body{opacity:0!important}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^${location.origin}/rest/v1/delivery\\?client=canadademo&sessionId=[0-9a-f]{32}&version=2\\.11\\.4$`));
    const body = JSON.parse(init.body as string);
    // Nothing waits for the platform-authentication check, so it has not started (tests below).
    expect(body.execute).toEqual({ pageLoad: { parameters: { platformAuth: 'webAuth not returned in time' } } });
    expect(body.prefetch).toEqual({ views: [{ parameters: { platformAuth: 'webAuth not returned in time' } }] });
    expect(deliveryRequestProblems(body)).toEqual([]);
    await vi.waitFor(() => expect(events).toEqual(['at-library-loaded', 'at-request-start', 'at-request-succeeded']));
    // The answer is in: the body shows at once, without waiting for tag-target.js to render.
    expect(hidden()).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('an answer with nothing to render: the body shows, no-offers is reported, and tag-target.js is never downloaded', async () => {
    vi.stubGlobal('fetch', answer({ execute: { pageLoad: {} }, prefetch: {} }));
    const { load } = setup();
    await vi.waitFor(() => expect(events).toEqual(['at-library-loaded', 'at-request-start', 'at-request-succeeded', 'at-content-rendering-no-offers']));
    expect(hidden()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ['prefetched views', { prefetch: { views: [{ name: 'home', options: [] }] } }],
    ['click metrics', { prefetch: { metrics: [{ type: 'click', selector: '#a', eventToken: 't' }] } }],
    ['an Analytics for Target payload', { execute: { pageLoad: { analytics: { payload: { pe: 'tnt', tnta: '1:0:0:0' } } } } }],
  ])('an answer with %s loads tag-target.js', async (_, response) => {
    vi.stubGlobal('fetch', answer(response));
    const { load } = setup();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('a call of the API loads tag-target.js, whatever the answer', async () => {
    vi.stubGlobal('fetch', answer({}));
    const { load } = setup();
    void (w.adobe!.target!.getOffers as (o: unknown) => Promise<unknown>)({ request: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes targetPageParams on to the request', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetPageParams = () => ({ section: 'home', 'profile.lang': 'en', mbox3rdPartyId: 'crm-9', at_property: 'prop-1' });
    setup();
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.execute.pageLoad).toEqual({ parameters: { section: 'home', platformAuth: 'webAuth not returned in time' }, profileParameters: { lang: 'en' } });
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
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { logger } = setup({ settings: { enabled: true, clientCode: 'c', serverDomain: null, timeout: 3000, optOutCookie: 'o', imsOrgId: null } });
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
    const fetchMock = answer({ id: { tntId: 'abc.35_0' }, edgeHost: 'mboxedge35.tt.omtrdc.net', prefetch: { views: [{ name: 'home' }] } });
    vi.stubGlobal('fetch', fetchMock);
    const { arrive, core } = setup({
      settings: { enabled: true, clientCode: 'canada', serverDomain: 'canada.tt.omtrdc.net', timeout: 3000, optOutCookie: 'o', imsOrgId: null },
    });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toMatch(/^https:\/\/canada\.tt\.omtrdc\.net\/rest\/v1\/delivery\?client=canada&/);
    await vi.waitFor(() => expect(events).toContain('at-request-succeeded'));
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.url()).toMatch(/^https:\/\/mboxedge35\.tt\.omtrdc\.net\/rest\/v1\/delivery\?client=canada&/);
  });

  it('keeps calling the page origin without a server domain (the demo server), whatever the cluster', async () => {
    vi.stubGlobal('fetch', answer({ id: { tntId: 'abc.35_0' }, edgeHost: 'mboxedge35.tt.omtrdc.net', prefetch: { views: [{ name: 'home' }] } }));
    const { arrive, core } = setup();
    await vi.waitFor(() => expect(events).toContain('at-request-succeeded'));
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.url().startsWith(`${location.origin}/rest/v1/delivery?`)).toBe(true);
  });
});

describe('start-up in two parts (tag.js defers the part that reads the cookie store)', () => {
  it('hides the body and defines the API at once; the request leaves when the deferred part runs, and calls made meanwhile are served', async () => {
    const fetchMock = answer({ execute: { pageLoad: { options: [{ type: 'actions', content: [] }] } } });
    vi.stubGlobal('fetch', fetchMock);
    let later: (() => void) | undefined;
    const { arrive, api } = setup({ defer: (run) => (later = run) });
    expect(hidden()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    const call = (w.adobe!.target!.triggerView as (name: string) => unknown)('home');
    later!();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(events.slice(0, 2)).toEqual(['at-library-loaded', 'at-request-start']);
    arrive();
    await expect(call).resolves.toBe('triggerView');
    expect(api.triggerView).toHaveBeenCalledWith('home');
  });

  it('the body is built and logged in the deferred part, and scrubbed and sent in the task `soon` gives it', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    let later: (() => void) | undefined;
    let sending: (() => void) | undefined;
    const { logger } = setup({ defer: (run) => (later = run), soon: (run) => (sending = run) });
    later!();
    expect(logger.log).toHaveBeenCalledWith('page-load request', expect.objectContaining({ requestId: expect.any(String) }));
    expect(events).toContain('at-request-start');
    expect(fetchMock).not.toHaveBeenCalled();
    sending!();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('if the deferred part never runs (or fails), the body still shows at the time-out', () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', answer({}));
    setup({ defer: () => undefined });
    expect(hidden()).toBe(true);
    vi.advanceTimersByTime(2999);
    expect(hidden()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(hidden()).toBe(false);
  });

  it('a visitor who opted out: the style goes and the API answers with no-ops once the deferred part has read the cookie', async () => {
    vi.stubGlobal('fetch', answer({}));
    let later: (() => void) | undefined;
    const { load } = setup({ defer: (run) => (later = run), jar: memoryJar({ gc_pz_optout: 'true' }) });
    expect(hidden()).toBe(true);
    const call = (w.adobe!.target!.getOffers as (options: unknown) => Promise<unknown>)({ request: {} });
    later!();
    expect(hidden()).toBe(false);
    await expect(call).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
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
    expect(logger.warn).toHaveBeenCalledWith('Adobe Target has already been initialized');
    expect(w.adobe!.target).toBe(first);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('when delivery is off', () => {
  it.each([
    ['opted out', { jar: memoryJar({ gc_pz_optout: 'true' }) }, 'Disabled due to optout'],
    ['not opted in', { consentCookie: 'gc_consent' }, 'Adobe Target is not opted in'],
    [
      'switched off',
      { settings: { enabled: false, clientCode: 'c', serverDomain: null, timeout: 3000, optOutCookie: 'o', imsOrgId: null } },
      'Personalization is not enabled',
    ],
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

const ORG = 'ABC123@AdobeOrg';
const withOrg = { settings: { enabled: true, clientCode: 'c', serverDomain: null, timeout: 3000, optOutCookie: 'o', imsOrgId: ORG } };
const bodyOf = (fetchMock: { mock: { calls: unknown[][] } }, call = 0) => JSON.parse((fetchMock.mock.calls[call] as [string, RequestInit])[1].body as string);

/** Adobe's ID service, answering after `delay` ms. */
function installVisitor(delay: number, values: Record<string, unknown> = { MCMID: 'mid-1', MCAAMLH: 7, MCAAMB: 'blob' }) {
  const getInstance = vi.fn(() => ({
    getVisitorValues: (callback: (v: Record<string, unknown>) => void) => setTimeout(() => callback(values), delay),
    getCustomerIDs: () => ({ crm: { id: 'c-1', authState: 1 } }),
  }));
  w.Visitor = { getInstance };
  return getInstance;
}

describe('the Visitor ID service', () => {
  it("holds the page-load request (body hidden) until the org's ids arrive, then sends them", async () => {
    vi.useFakeTimers();
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const getInstance = installVisitor(400);
    setup(withOrg);
    expect(getInstance).toHaveBeenCalledWith(ORG);
    await vi.advanceTimersByTimeAsync(399);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events).toEqual(['at-library-loaded']);
    expect(hidden()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = bodyOf(fetchMock);
    expect(body.id).toMatchObject({
      marketingCloudVisitorId: 'mid-1',
      customerIds: [{ id: 'c-1', integrationCode: 'crm', authenticatedState: 'authenticated' }],
    });
    expect(body.experienceCloud).toEqual({ audienceManager: { locationHint: 7, blob: 'blob' }, analytics: { logging: 'server_side' } });
    expect(deliveryRequestProblems(body)).toEqual([]);
  });

  it("a service slower than 2000 ms: 'Visitor API requests timed out', the request leaves without its ids", async () => {
    vi.useFakeTimers();
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    installVisitor(2500);
    document.cookie = `AMCV_0000%40AdobeOrg=${encodeURIComponent('1|MCMID|from-cookie')}`;
    const { logger } = setup(withOrg);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    document.cookie = 'AMCV_0000%40AdobeOrg=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith('Visitor API requests timed out');
    const body = bodyOf(fetchMock);
    expect(body.id.customerIds).toBeUndefined();
    expect(body.id.marketingCloudVisitorId).toBe('from-cookie'); // the cookie is still read
  });

  it("a failing service: 'Visitor API requests error', the request leaves at once", async () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.Visitor = {
      getInstance: () => ({
        getVisitorValues: () => {
          throw new Error('ID service down');
        },
      }),
    };
    const { logger } = setup(withOrg);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(logger.error).toHaveBeenCalledWith('Visitor API requests error', expect.objectContaining({ message: 'ID service down' }));
  });

  it('without an org id in the settings, a Visitor on the page is not asked and nothing waits', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const getInstance = installVisitor(10);
    setup();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getInstance).not.toHaveBeenCalled();
  });

  it('the 3000 ms failsafe still unhides when the service and then the request hang', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() => new Promise(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    installVisitor(60_000);
    setup(withOrg);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(hidden()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(hidden()).toBe(false);
  });

  it('tag-target.js starts only once the ids are known, so its requests carry them too', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', answer({}));
    installVisitor(300);
    const { arrive, core, callApi } = setup(withOrg);
    callApi();
    arrive();
    await vi.advanceTimersByTimeAsync(299);
    expect(core()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(core()!.base().id).toMatchObject({ marketingCloudVisitorId: 'mid-1', customerIds: [{ id: 'c-1' }] });
  });
});

describe('targetGlobalSettings', () => {
  it('data providers run before the page-load request; their parameters join execute.pageLoad, failures are skipped', async () => {
    vi.useFakeTimers();
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetPageParams = () => 'section=home&weather=page';
    w.targetGlobalSettings = {
      dataProviders: [
        {
          name: 'weather',
          version: '1.0',
          timeout: 1000,
          provider: (cb: (e: unknown, p?: object) => void) => setTimeout(() => cb(null, { weather: 'sunny', 'profile.city': 'ottawa' }), 200),
        },
        { name: 'broken', version: '1.0', provider: (cb: (e: unknown) => void) => cb(new Error('down')) },
        { name: 'slow', version: '1.0', timeout: 500, provider: (cb: (e: unknown, p?: object) => void) => setTimeout(() => cb(null, { slow: 'yes' }), 800) },
      ],
    };
    const { logger } = setup();
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = bodyOf(fetchMock);
    // The page's own targetPageParams win over a provider's, in at.js's order.
    expect(body.execute.pageLoad).toEqual({
      parameters: { weather: 'page', section: 'home', platformAuth: 'webAuth not enabled' },
      profileParameters: { city: 'ottawa' },
    });
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'broken', expect.any(Error));
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'slow', 'time-out');
    expect(deliveryRequestProblems(body)).toEqual([]);
  });

  it('timeout: coerced and clamped like the configured one, it sets the failsafe', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    w.targetGlobalSettings = { timeout: '1500' };
    setup();
    await vi.advanceTimersByTimeAsync(1499);
    expect(hidden()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(hidden()).toBe(false);
  });

  it('bodyHiddenStyle replaces the hiding rule; bodyHidingEnabled: false hides nothing', () => {
    vi.stubGlobal('fetch', answer({}));
    w.targetGlobalSettings = { bodyHiddenStyle: '#main{visibility:hidden}' };
    setup();
    expect(document.getElementById(BODY_STYLE_ID)!.textContent).toBe('#main{visibility:hidden}');
    delete w.adobe;
    document.head.innerHTML = '';
    w.targetGlobalSettings = { bodyHidingEnabled: false };
    setup();
    expect(hidden()).toBe(false);
  });

  it("pageLoadEnabled: false logs 'Page load disabled', hides nothing and only prefetches views", () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetGlobalSettings = { pageLoadEnabled: false };
    const { logger } = setup();
    expect(logger.warn).toHaveBeenCalledWith('Page load disabled');
    expect(hidden()).toBe(false);
    const body = bodyOf(fetchMock);
    expect(body.execute).toBeUndefined();
    expect(body.prefetch.views).toHaveLength(1);
  });

  it('viewsEnabled: false prefetches no views; with page load off as well, no request is made', async () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetGlobalSettings = { viewsEnabled: false };
    const { arrive, core, callApi } = setup();
    const body = bodyOf(fetchMock);
    expect(body.prefetch).toBeUndefined();
    expect(body.execute.pageLoad).toBeDefined();
    callApi();
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.viewsEnabled).toBe(false);
    delete w.adobe;
    w.targetGlobalSettings = { viewsEnabled: false, pageLoadEnabled: false };
    const second = setup();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    second.callApi();
    second.arrive();
    await vi.waitFor(() => expect(second.core()).toBeDefined());
    await expect(second.core()!.pageLoad).resolves.toBeNull();
  });
});

describe('the platform-authentication check', () => {
  it("a page-load request that waits for nothing carries 'webAuth not returned in time' without starting the check; the check starts once tag-target.js is wanted, and later requests get its answer", async () => {
    let answerCheck!: (available: boolean) => void;
    const check = vi.fn(() => new Promise<boolean>((resolve) => (answerCheck = resolve)));
    w.PublicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: check };
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const { arrive, core, callApi } = setup();
    expect(bodyOf(fetchMock).execute.pageLoad.parameters).toEqual({ platformAuth: 'webAuth not returned in time' });
    await flushMicrotasks();
    expect(check).not.toHaveBeenCalled();
    callApi();
    expect(check).toHaveBeenCalledTimes(1);
    answerCheck(true);
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.platformAuth()).toBe('webAuth enabled');
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('a page-load answer with an offer starts the check, as tag-target.js is loaded for it', async () => {
    const check = vi.fn(() => Promise.resolve(false));
    w.PublicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: check };
    vi.stubGlobal('fetch', answer({ execute: { pageLoad: { options: [{ type: 'actions', content: [] }] } } }));
    const { load } = setup();
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('a request that waited for the ID service carries the answer the check gave meanwhile', async () => {
    vi.useFakeTimers();
    w.PublicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.reject(new Error('NotAllowed')) };
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    installVisitor(100);
    setup(withOrg);
    await vi.advanceTimersByTimeAsync(100);
    expect(bodyOf(fetchMock).execute.pageLoad.parameters).toEqual({ platformAuth: 'API error' });
  });
});

describe('telemetry', () => {
  it('pending entries leave once, with the next request, and each response’s timing goes to the store', async () => {
    localStorage.setItem('tgt:tlm:old-1', JSON.stringify({ requestId: 'old-1', timestamp: 1, mode: 'edge', execution: 40, telemetryServerToken: 'srv-1' }));
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ telemetryServerToken: 'srv-2' }))));
    vi.stubGlobal('fetch', fetchMock);
    const { arrive, core, callApi } = setup();
    const first = bodyOf(fetchMock);
    expect(first.telemetry).toEqual({ entries: [{ requestId: 'old-1', timestamp: 1, mode: 'edge', execution: 40, telemetryServerToken: 'srv-1' }] });
    expect(deliveryRequestProblems(first)).toEqual([]);
    expect(localStorage.getItem('tgt:tlm:old-1')).toBeNull();
    // The timing is stored by tag.js itself: a page with no offer never loads tag-target.js.
    await vi.waitFor(() => expect(localStorage.getItem(`tgt:tlm:${first.requestId}`)).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(`tgt:tlm:${first.requestId}`)!)).toEqual({
      requestId: first.requestId,
      timestamp: expect.any(Number),
      execution: expect.any(Number),
      telemetryServerToken: 'srv-2',
      mode: 'edge',
    });
    callApi();
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    await core()!.send(core()!.base());
    expect(bodyOf(fetchMock, 1).telemetry.entries.map((e: { requestId: string }) => e.requestId)).toEqual([first.requestId]); // old-1 went once
  });
});

/** The delivery request the page-load fetch carried. */
const sentBody = (fetchMock: ReturnType<typeof answer>) => JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
const details: Array<Record<string, unknown>> = [];
const keepDetail = (e: Event) => details.push((e as CustomEvent).detail);

describe('at.js 2.x page code and settings, as Adobe documents them', () => {
  beforeEach(() => {
    details.length = 0;
    for (const name of EVENTS) document.addEventListener(name, keepDetail);
  });
  afterEach(() => {
    for (const name of EVENTS) document.removeEventListener(name, keepDetail);
    document.cookie = 'AMCV_0000%40AdobeOrg=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    delete (w as { targetPageParamsAll?: unknown }).targetPageParamsAll;
  });

  it('targetGlobalSettings.enabled = false: no request, no hiding, no events; the API answers with no-ops', async () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetGlobalSettings = { enabled: false };
    const { logger, load } = setup();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(hidden()).toBe(false);
    expect(events).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith('Adobe Target content delivery is disabled in targetGlobalSettings.');
    const target = w.adobe!.target as unknown as Api;
    await expect(target.getOffers({ request: { execute: { pageLoad: {} } } }) as Promise<unknown>).resolves.toBeUndefined();
  });

  it('adopts Adobe\'s async pre-hiding snippet (<style id="at-body-style">) and removes it when the response is in', async () => {
    let respond!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (respond = resolve))),
    );
    const snippet = document.createElement('style');
    snippet.id = BODY_STYLE_ID;
    snippet.textContent = 'body {opacity: 0 !important}';
    document.head.appendChild(snippet);
    setup();
    expect(document.querySelectorAll(`#${BODY_STYLE_ID}`)).toHaveLength(1);
    respond(new Response(JSON.stringify({})));
    await vi.waitFor(() => expect(hidden()).toBe(false));
  });

  it('adobe.target works inside an at-library-loaded listener ("fire the page load later")', async () => {
    vi.stubGlobal('fetch', answer({}));
    w.targetGlobalSettings = { pageLoadEnabled: false, viewsEnabled: false };
    const seen: unknown[] = [];
    const listener = () =>
      seen.push(
        typeof (w.adobe!.target as { getOffers?: unknown }).getOffers,
        (w.adobe!.target as unknown as Api).getOffers({ request: { execute: { pageLoad: {} } } }),
      );
    document.addEventListener('at-library-loaded', listener);
    const { arrive, api } = setup();
    document.removeEventListener('at-library-loaded', listener);
    expect(seen[0]).toBe('function');
    arrive();
    await expect(seen[1]).resolves.toBe('getOffers');
    expect(api.getOffers).toHaveBeenCalledWith({ request: { execute: { pageLoad: {} } } });
  });

  it('at-request-succeeded carries the response tokens (Adobe’s Google Analytics sample reads them), the A4T payloads and the redirect flag', async () => {
    const tokens = { 'activity.name': 'Hero test', 'experience.name': 'B' };
    vi.stubGlobal(
      'fetch',
      answer({
        execute: {
          pageLoad: { options: [{ type: 'html', content: '<p>x</p>', responseTokens: tokens }], analytics: { payload: { pe: 'tnt', tnta: '1:0:0|2' } } },
        },
      }),
    );
    // The documented sample, unchanged but for gtag, which this page does not have.
    const sent: unknown[] = [];
    const gtag = (...args: unknown[]) => sent.push(args);
    const isEmpty = (val: unknown) => val === undefined || val == null || (val as unknown[]).length <= 0;
    const key = (obj: Record<string, unknown>) =>
      Object.keys(obj)
        .map((k) => `${k}${obj[k]}`)
        .join('');
    const distinct = (arr: Array<Record<string, unknown>>) => {
      const result = arr.reduce((acc: Record<string, unknown>, item) => ((acc[key(item)] = item), acc), {});
      return Object.keys(result).map((k) => result[k] as Record<string, string>);
    };
    const listener = (e: Event) => {
      const tokensSeen = (e as CustomEvent).detail.responseTokens;
      if (isEmpty(tokensSeen)) return;
      const activityNames: string[] = [];
      const experienceNames: string[] = [];
      distinct(tokensSeen).forEach((token) => {
        activityNames.push(token['activity.name']!);
        experienceNames.push(token['experience.name']!);
      });
      gtag('event', 'action_name', { eventCategory: 'target', eventAction: experienceNames, eventLabel: activityNames });
    };
    document.addEventListener('at-request-succeeded', listener);
    setup();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    document.removeEventListener('at-request-succeeded', listener);
    expect(sent[0]).toEqual(['event', 'action_name', { eventCategory: 'target', eventAction: ['B'], eventLabel: ['Hero test'] }]);
    const succeeded = details.find((d) => d.type === 'at-request-succeeded')!;
    expect(succeeded).toMatchObject({ redirect: false, responseTokens: [tokens], analyticsDetails: [{ payload: { pe: 'tnt', tnta: '1:0:0|2' } }] });
  });

  it('at-request-failed says what went wrong as Adobe documents it (message), and as at.js 2.11.4 does (error)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    setup();
    await vi.waitFor(() => expect(details.find((d) => d.type === 'at-request-failed')).toBeDefined());
    expect(details.find((d) => d.type === 'at-request-failed')).toMatchObject({ message: 'Network request failed', error: 'Network request failed' });
  });

  it('targetPageParamsAll goes with the page load (below targetPageParams) and with every mbox request', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    (w as { targetPageParamsAll?: unknown }).targetPageParamsAll = () => ['region=east', 'section=all', 'mbox3rdPartyId=crm-1'];
    w.targetPageParams = () => ({ section: 'home', profile: { memberStatus: 'Gold' } });
    const { arrive, core, callApi } = setup();
    const body = sentBody(fetchMock);
    expect(body.execute.pageLoad).toEqual({
      parameters: { region: 'east', section: 'home', platformAuth: 'webAuth not returned in time' },
      profileParameters: { memberStatus: 'Gold' },
    });
    expect(body.id.thirdPartyId).toBe('crm-1');
    callApi();
    arrive();
    return vi.waitFor(() => expect(core()!.split({ section: 'mbox', extra: '1' }).details.parameters).toEqual({ section: 'all', extra: '1', region: 'east' }));
  });

  it('cspStyleNonce goes on the body-hiding style; cspScriptNonce and the polling time-out reach the rendering code', async () => {
    vi.stubGlobal('fetch', answer({}));
    w.targetGlobalSettings = { cspScriptNonce: 'script-n', cspStyleNonce: 'style-n', selectorsPollingTimeout: 1234 };
    const { arrive, core, callApi } = setup();
    expect((document.getElementById(BODY_STYLE_ID) as HTMLStyleElement).nonce).toBe('style-n');
    callApi();
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    expect(core()!.nonces).toEqual({ script: 'script-n', style: 'style-n' });
    expect(core()!.selectorsTimeout).toBe(1234);
  });

  it('optinEnabled with the Opt-In service not approving Target, and optoutEnabled with an opted-out ID service, disable delivery', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.adobe = { optIn: { isApproved: (category: unknown) => category !== 'target', Categories: { TARGET: 'target' } } } as never;
    w.targetGlobalSettings = { optinEnabled: true };
    const first = setup();
    expect(first.logger.warn).toHaveBeenCalledWith('Adobe Target is not opted in');
    delete w.adobe;
    document.cookie = `AMCV_0000%40AdobeOrg=${encodeURIComponent('MCOPTOUT-1700000000s|isoptedout-true|MCMID|1')}`;
    w.targetGlobalSettings = { optoutEnabled: true };
    const second = setup();
    expect(second.logger.warn).toHaveBeenCalledWith('Disabled due to optout');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('serverState (hybrid personalization): no request, no body hiding, only its selectors hidden; its mboxes are dropped', async () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const response = {
      execute: {
        pageLoad: { options: [{ type: 'actions', content: [{ type: 'setHtml', selector: '#hero', cssSelector: '#hero', content: 'Hi' }] }] },
        mboxes: [{ name: 'x' }],
      },
      prefetch: { views: [{ name: 'home', options: [{ type: 'actions', content: [{ type: 'setText', selector: '.promo', content: 'P' }] }] }] },
    };
    w.targetGlobalSettings = { serverState: { request: { requestId: 'r1' }, response } };
    const { arrive, core } = setup();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hidden()).toBe(false);
    expect([...document.head.querySelectorAll('style')].map((s) => s.textContent)).toEqual(['#hero,.promo{visibility:hidden!important}']);
    expect(events).toEqual(['at-library-loaded']);
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    const state = await core()!.pageLoad;
    expect(state?.execute).toEqual({ pageLoad: response.execute.pageLoad });
    core()!.unhide();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it("deviceIdLifetime sets the device id's cookie life; analyticsLogging client_side asks for the A4T payload", async () => {
    const jar = memoryJar();
    const set = vi.spyOn(jar, 'set');
    vi.stubGlobal('fetch', answer({ id: { tntId: 'tnt-1' } }));
    w.targetGlobalSettings = { deviceIdLifetime: 86_400_000, analyticsLogging: 'client_side' };
    const fetchMock = vi.mocked(fetch);
    setup({ jar });
    expect(sentBody(fetchMock as never).experienceCloud.analytics).toEqual({ logging: 'client_side' });
    await vi.waitFor(() => expect(set.mock.calls.some(([name, value]) => name === 'mbox' && /PC#tnt-1#/.test(value))).toBe(true));
    const mbox = set.mock.calls.filter(([name]) => name === 'mbox').at(-1)![1];
    const expires = Number(/PC#tnt-1#(\d+)/.exec(mbox)![1]) * 1000;
    expect(expires - Date.now()).toBeLessThanOrEqual(86_400_000 + 1000);
    expect(expires - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
  });

  it('server-side logging (the default) names the page view it joins: its supplemental data id and tracking server', () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    setup({ analytics: { supplementalDataId: '1A2B3C4D5E6F7A8B-0A1B2C3D4E5F6A7B', trackingServer: 'metrics.canada.ca', send: vi.fn() } });
    expect(sentBody(fetchMock).experienceCloud.analytics).toEqual({
      logging: 'server_side',
      supplementalDataId: '1A2B3C4D5E6F7A8B-0A1B2C3D4E5F6A7B',
      trackingServer: 'metrics.canada.ca',
      trackingServerSecure: 'metrics.canada.ca',
    });
  });
});

describe("Adobe's QA trace (mboxTrace)", () => {
  afterEach(() => {
    history.replaceState(null, '', '/');
    delete (window as { ___target_trace?: unknown }).___target_trace;
  });

  it('?mboxTrace=window&authorization=… loads tag-target.js first, sends the token and appends each decision’s trace to window.___target_trace', async () => {
    history.replaceState(null, '', '/?mboxTrace=window&authorization=qa-token');
    const fetchMock = answer({ execute: { pageLoad: { options: [], trace: { campaigns: ['A'] } } } });
    vi.stubGlobal('fetch', fetchMock);
    const { load, arrive } = setup();
    expect(load).toHaveBeenCalledTimes(1);
    await flushMicrotasks();
    expect(fetchMock).not.toHaveBeenCalled();
    arrive();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock).trace).toEqual({ authorizationToken: 'qa-token' });
    await vi.waitFor(() => expect((window as { ___target_trace?: unknown[] }).___target_trace).toEqual([{ campaigns: ['A'] }]));
  });

  it('the trace session goes on to the next page, and ?mboxTrace=disable ends it', async () => {
    const jar = memoryJar();
    const page = async (url: string, response: unknown) => {
      delete w.adobe;
      history.replaceState(null, '', url);
      const fetchMock = answer(response);
      vi.stubGlobal('fetch', fetchMock);
      setup({ jar }).arrive();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      return fetchMock;
    };
    await page('/?mboxTrace=window&authorization=qa-token', {});
    const next = await page('/next-page.html', { execute: { pageLoad: { options: [], trace: { campaigns: ['B'] } } } });
    expect(sentBody(next).trace).toEqual({ authorizationToken: 'qa-token' });
    await vi.waitFor(() => expect((window as { ___target_trace?: unknown[] }).___target_trace).toEqual([{ campaigns: ['B'] }]));
    expect(sentBody(await page('/?mboxTrace=disable', {})).trace).toBeUndefined();
    // No QA switch is left: the next page's request leaves at once, without tag-target.js.
    history.replaceState(null, '', '/after.html');
    delete w.adobe;
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const { load } = setup({ jar });
    expect(load).not.toHaveBeenCalled();
    expect(sentBody(fetchMock).trace).toBeUndefined();
  });

  it('without the authorization token, no trace is asked for', async () => {
    history.replaceState(null, '', '/?mboxTrace=console');
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    setup().arrive();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock).trace).toBeUndefined();
  });

  it('when tag-target.js cannot be loaded for the QA switches, the request still leaves, without them, and says why', async () => {
    history.replaceState(null, '', '/?at_preview_token=qa');
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const { fail, logger } = setup();
    fail(new Error('network down'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock).qaMode).toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith('The QA modes could not be read:', 'network down');
  });
});

describe('the page-load answer is handled first', () => {
  it("the body shows as soon as the answer is in, before tag-target.js has arrived; only the offers' targets stay hidden", async () => {
    vi.stubGlobal(
      'fetch',
      answer({
        execute: { pageLoad: { options: [{ type: 'actions', content: [{ type: 'setHtml', selector: '#hero', cssSelector: '#hero', content: 'Hi' }] }] } },
      }),
    );
    const { arrive, core } = setup();
    await vi.waitFor(() => expect(hidden()).toBe(false));
    expect([...document.head.querySelectorAll('style')].map((s) => s.textContent)).toEqual(['#hero{visibility:hidden!important}']);
    arrive();
    await vi.waitFor(() => expect(core()).toBeDefined());
    core()!.unhide(); // what rendering does once its own hiding is in place
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('a redirect answer keeps the body hidden', async () => {
    vi.stubGlobal('fetch', answer({ execute: { pageLoad: { options: [{ type: 'redirect', content: 'https://www.canada.ca/fr.html' }] } } }));
    setup();
    await vi.waitFor(() => expect(events).toContain('at-request-succeeded'));
    expect(hidden()).toBe(true);
  });
});

describe('telemetryEnabled', () => {
  it('false: no timing is kept or sent', async () => {
    localStorage.setItem('tgt:tlm:old', JSON.stringify({ requestId: 'old', timestamp: 1, mode: 'edge', execution: 5 }));
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    w.targetGlobalSettings = { telemetryEnabled: false };
    setup();
    expect(sentBody(fetchMock).telemetry).toBeUndefined();
    await vi.waitFor(() => expect(events).toContain('at-request-succeeded'));
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tgt:tlm:') && key !== 'tgt:tlm:old')).toEqual([]);
  });
});
