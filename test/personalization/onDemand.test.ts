import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitParams } from '../../src/personalization/modes';
import { sendNotifications } from '../../src/personalization/notify';
import { OFFER_EVENT } from '../../src/personalization/offers';
import { start } from '../../src/personalization/onDemand';
import { navigation } from '../../src/personalization/render';
import { beacon, getContent } from '../../src/personalization/request';
import { REDACTION_MARKER as R } from '../../src/privacy/redact';
import type { Core, Decision, DeliveryResponse } from '../../src/personalization/types';
import { deliveryRequestProblems } from './deliveryShape';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeCore(pageLoad: Promise<DeliveryResponse | null> = Promise.resolve({}), overrides: Partial<Core> = {}) {
  const events: Array<[string, Record<string, unknown>]> = [];
  const logger = { enabled: true, log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), group: vi.fn() };
  const core: Core = {
    logger,
    settings: { enabled: true, clientCode: 'c', serverDomain: null, timeout: 3000, optOutCookie: 'o', imsOrgId: null },
    base: () => ({ requestId: 'r', context: { channel: 'web' }, id: {} }),
    send: vi.fn(() => Promise.resolve({ status: 200 } as DeliveryResponse)),
    url: () => 'https://edge/rest/v1/delivery?client=c&sessionId=s&version=2.11.4',
    emit: (type, detail = {}) => void events.push([type, detail]),
    unhide: vi.fn(),
    nonces: {},
    selectorsTimeout: 5000,
    analyticsForTarget: vi.fn(),
    split: splitParams,
    beacon: (body) => beacon(core.url(), body),
    fetchContent: getContent,
    pageLoad,
    viewsEnabled: true,
    platformAuth: () => 'webAuth enabled',
    ...overrides,
  };
  return { core, events, logger, names: () => events.map(([type]) => type) };
}

const view = (name: string, html: string): Decision => ({
  name,
  options: [{ type: 'actions', eventToken: `tok-${name}`, content: [{ type: 'setHtml', selector: '#slot', content: html }] }],
});

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="slot">original</div>';
  (window as { adobeDataLayer?: unknown }).adobeDataLayer = undefined;
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: vi.fn(() => true) }));
});
afterEach(() => vi.unstubAllGlobals());

describe('page-load rendering', () => {
  it('renders the offer, unhides the body, then reports success and publishes the test-offer metadata', async () => {
    const response: DeliveryResponse = {
      execute: {
        pageLoad: {
          options: [
            {
              type: 'actions',
              content: [{ type: 'setHtml', selector: '#slot', content: 'new' }],
              responseTokens: {
                'activity.name': 'A',
                'activity.id': 1,
                'experience.name': 'E',
                'experience.id': 0,
                'offer.name': 'O',
                'offer.id': 7,
                'geo.city': 'ottawa',
                'geo.state': 'ontario',
              },
            },
          ],
        },
      },
    };
    const { core, names } = fakeCore(Promise.resolve(response));
    // The body shows as soon as the response is in: by then the offer's own target is hidden.
    const hiddenAtUnhide: string[] = [];
    const unhide = vi.mocked(core.unhide).mockImplementation(() => {
      hiddenAtUnhide.push(...[...document.head.querySelectorAll('style')].map((style) => style.textContent ?? ''));
    });
    start(core);
    await flush();
    expect(unhide).toHaveBeenCalled();
    expect(hiddenAtUnhide).toEqual(['#slot{visibility:hidden!important}']);
    expect(document.getElementById('slot')!.textContent).toBe('new');
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(names()).toEqual(['at-content-rendering-start', 'at-content-rendering-succeeded']);
    expect((window as { adobeDataLayer?: unknown[] }).adobeDataLayer).toEqual([
      {
        event: OFFER_EVENT,
        target: {
          activityName: 'A',
          activityId: '1',
          experienceName: 'E',
          experienceId: '0',
          offerName: 'O',
          offerId: '7',
          geoCity: 'ottawa',
          geoState: 'ontario',
          mbox: 'target-global-mbox',
        },
      },
    ]);
  });

  it('a failed action is logged and marked failed; the others still apply', async () => {
    const response: DeliveryResponse = {
      execute: {
        pageLoad: {
          options: [
            {
              type: 'actions',
              content: [
                { type: 'setAttribute', selector: '#slot', content: {} },
                { type: 'setText', selector: '#slot', content: 'still' },
              ],
            },
          ],
        },
      },
    };
    const { core, events, logger } = fakeCore(Promise.resolve(response));
    start(core);
    await flush();
    expect(document.getElementById('slot')!.textContent).toBe('still');
    expect(events.at(-1)).toEqual(['at-content-rendering-failed', { status: 'error', error: 'No attributes', errors: ['No attributes'] }]);
    expect(logger.error).toHaveBeenCalledWith('Action failed:', 'No attributes');
    expect(logger.error).toHaveBeenCalledWith('Page load rendering failed');
    expect(core.unhide).toHaveBeenCalled();
  });

  it('no offers: reports it and unhides', async () => {
    const { core, names } = fakeCore(Promise.resolve({ execute: { pageLoad: { options: [] } } }));
    start(core);
    await flush();
    expect(names()).toEqual(['at-content-rendering-no-offers']);
    expect(core.unhide).toHaveBeenCalled();
  });

  it('a redirect offer replaces the location and keeps the body hidden', async () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    const { core, names } = fakeCore(Promise.resolve({ execute: { pageLoad: { options: [{ type: 'redirect', content: 'https://x/en.html' }] } } }));
    start(core);
    await flush();
    expect(names()).toEqual(['at-content-rendering-redirect']);
    expect(replace).toHaveBeenCalledWith('https://x/en.html');
    expect(core.unhide).not.toHaveBeenCalled();
  });

  it('a javascript: redirect offer is refused with the action-error message, and the page shown', async () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    const { core, names, logger } = fakeCore(
      Promise.resolve({ execute: { pageLoad: { options: [{ type: 'redirect', content: 'javascript:alert(document.cookie)' }] } } }),
    );
    start(core);
    await flush();
    expect(replace).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith('Action failed:', 'Unsafe URL refused: javascript:');
    expect(names()).toContain('at-content-rendering-failed');
    expect(core.unhide).toHaveBeenCalled();
  });

  it('html offers without a selector go to the end of head; json offers render nothing', async () => {
    const { core } = fakeCore(
      Promise.resolve({
        execute: {
          pageLoad: {
            options: [
              { type: 'html', content: '<meta name="x">' },
              { type: 'json', content: { a: 1 } },
            ],
          },
        },
      }),
    );
    start(core);
    await flush();
    expect(document.head.lastElementChild?.getAttribute('name')).toBe('x');
    expect(document.getElementById('slot')!.textContent).toBe('original');
  });

  it('dynamic offers are fetched with GET and rendered as HTML', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('<b>dyn</b>'));
    vi.stubGlobal('fetch', fetchMock);
    const { core } = fakeCore();
    const api = start(core);
    api.applyOffer({ mbox: 'dyn-mbox', selector: '#slot', offer: [{ action: 'setContent', type: 'dynamic', content: 'https://x/offer.html' }] });
    await vi.waitFor(() => expect(document.getElementById('slot')!.innerHTML).toBe('<b>dyn</b>'));
    expect(fetchMock).toHaveBeenCalledWith('https://x/offer.html', { credentials: 'include' });
  });

  it('a click on a metric element sends a click notification', async () => {
    const { core } = fakeCore(
      Promise.resolve({
        execute: {
          pageLoad: {
            options: [{ type: 'actions', content: [{ type: 'setHtml', selector: '#slot', content: '<a href="#x">go</a>' }] }],
            metrics: [{ type: 'click', selector: '#slot a', eventToken: 'click-tok' }],
          },
        },
      }),
    );
    start(core);
    await flush();
    await flush();
    document.querySelector<HTMLElement>('#slot a')!.click();
    const beacon = vi.mocked(navigator.sendBeacon);
    expect(beacon).toHaveBeenCalledTimes(1);
    const body = JSON.parse(beacon.mock.calls[0]![1] as string);
    expect(body.notifications[0]).toMatchObject({ type: 'click', tokens: ['click-tok'], pageLoad: {} });
    expect(deliveryRequestProblems(body)).toEqual([]);
  });
});

describe('views', () => {
  it('views triggered before the page-load response queue first-in-first-out and only the latest renders', async () => {
    let answer!: (response: DeliveryResponse) => void;
    const { core, events } = fakeCore(new Promise((resolve) => (answer = resolve)));
    const api = start(core);
    api.triggerView('Home');
    api.triggerView('Services-View');
    answer({ prefetch: { views: [view('home', 'home offer'), view('services-view', 'services offer')] } });
    await flush();
    await flush();
    expect(document.getElementById('slot')!.textContent).toBe('services offer');
    const rendered = events.filter(([type]) => type === 'at-content-rendering-succeeded').map(([, d]) => d.viewName);
    expect(rendered).toEqual(['services-view']);
    const notifications = vi.mocked(navigator.sendBeacon).mock.calls.map(([, body]) => JSON.parse(body as string).notifications[0]);
    expect(notifications).toEqual([expect.objectContaining({ type: 'display', tokens: ['tok-services-view'], view: { name: 'services-view' } })]);
  });

  it('the order decides: the other way round, the other view wins', async () => {
    let answer!: (response: DeliveryResponse) => void;
    const { core } = fakeCore(new Promise((resolve) => (answer = resolve)));
    const api = start(core);
    api.triggerView('services-view');
    api.triggerView('home');
    answer({ prefetch: { views: [view('home', 'home offer'), view('services-view', 'services offer')] } });
    await flush();
    await flush();
    expect(document.getElementById('slot')!.textContent).toBe('home offer');
  });

  it('after the response, a view renders at once; page: false sends no display notification', async () => {
    const { core } = fakeCore(Promise.resolve({ prefetch: { views: [view('a', 'A')] } }));
    const api = start(core);
    await flush();
    api.triggerView('a', { page: false });
    await flush();
    expect(document.getElementById('slot')!.textContent).toBe('A');
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
  });

  it('bad view names are refused with a log line; unknown views report no offers', async () => {
    const { core, events, logger } = fakeCore(Promise.resolve({ prefetch: { views: [] } }));
    const api = start(core);
    await flush();
    api.triggerView('');
    api.triggerView(42);
    expect(logger.error).toHaveBeenCalledWith('View name should be a non-empty string');
    api.triggerView('nope');
    await flush();
    expect(events.at(-1)).toEqual(['at-content-rendering-no-offers', { viewName: 'nope', status: 'success' }]);
  });

  it("with views turned off by targetGlobalSettings, triggerView logs 'Views are not enabled' and renders nothing", async () => {
    const { core, events, logger } = fakeCore(Promise.resolve({ prefetch: { views: [view('a', 'A')] } }), { viewsEnabled: false });
    const api = start(core);
    await flush();
    api.triggerView('a');
    await flush();
    expect(logger.warn).toHaveBeenCalledWith('Views are not enabled');
    expect(document.getElementById('slot')!.textContent).toBe('original');
    expect(events.filter(([, d]) => d.viewName)).toEqual([]);
  });

  it('a queued view after a failed page-load request logs a view delivery error', async () => {
    const { core, logger } = fakeCore(Promise.resolve(null));
    const api = start(core);
    api.triggerView('a');
    await flush();
    await flush();
    expect(logger.error).toHaveBeenCalledWith('View delivery error: the page-load request failed');
  });
});

describe('notifications', () => {
  it('go by sendBeacon to the delivery URL when the browser takes it', async () => {
    const { core } = fakeCore();
    await sendNotifications(core, [{ id: '1', type: 'display', timestamp: 1 }]);
    expect(navigator.sendBeacon).toHaveBeenCalledWith(core.url(), expect.stringContaining('"notifications":[{"id":"1"'));
    expect(core.send).not.toHaveBeenCalled();
  });

  it('fall back to a keep-alive POST when the beacon is refused, retried once on failure', async () => {
    vi.mocked(navigator.sendBeacon).mockReturnValue(false);
    const { core, logger } = fakeCore();
    vi.mocked(core.send).mockRejectedValueOnce(new Error('Network request failed')).mockResolvedValueOnce({});
    await sendNotifications(core, [{ id: '1', type: 'click', timestamp: 1 }]);
    expect(core.send).toHaveBeenCalledTimes(2);
    expect(vi.mocked(core.send).mock.calls[0]![2]).toBe(true);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('log Beacon data sent failed after the retry fails, and never reject', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: undefined }));
    const { core, logger } = fakeCore();
    vi.mocked(core.send).mockRejectedValue(new Error('Request timed out'));
    await expect(sendNotifications(core, [{ id: '1', type: 'display', timestamp: 1 }])).resolves.toBeUndefined();
    expect(core.send).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledWith('Beacon data sent failed', 'Request timed out');
  });
});

describe('the API', () => {
  it('getOffer asks for the mbox and hands at.js-style actions to success', async () => {
    const { core } = fakeCore();
    vi.mocked(core.send).mockResolvedValue({ execute: { mboxes: [{ name: 'gc-pz-feature', options: [{ type: 'json', content: { enabled: true } }] }] } });
    const success = vi.fn();
    start(core).getOffer({ mbox: 'gc-pz-feature', params: { a: 1, 'profile.b': 2 }, success, error: vi.fn(), timeout: 500 });
    await flush();
    expect(success).toHaveBeenCalledWith([{ action: 'setJson', content: [{ enabled: true }] }]);
    const [request, timeout] = vi.mocked(core.send).mock.calls[0]!;
    expect(timeout).toBe(500);
    expect(request.execute).toEqual({
      mboxes: [{ index: 0, name: 'gc-pz-feature', parameters: { a: '1', platformAuth: 'webAuth enabled' }, profileParameters: { b: '2' } }],
    });
    expect(deliveryRequestProblems(request)).toEqual([]);
  });

  it('getOffer takes the answer for its mbox by index, when the name Target echoes is the scrubbed one it was sent', async () => {
    const { core } = fakeCore();
    vi.mocked(core.send).mockResolvedValue({
      execute: { mboxes: [{ index: 0, name: R, options: [{ type: 'json', content: { enabled: true } }] }] },
    });
    const success = vi.fn();
    start(core).getOffer({ mbox: 'profile-jean.tremblay12@gmail.com', success, error: vi.fn() });
    await flush();
    expect(success).toHaveBeenCalledWith([{ action: 'setJson', content: [{ enabled: true }] }]);
  });

  it.each([
    ['Request timed out', 'timeout'],
    ['Malformed response JSON', 'parseerror'],
    ['Network request failed', 'error'],
    ['Unexpected error', 'error'],
  ])("getOffer's error callback gets Adobe's documented status: %s → %s", async (message, status) => {
    const { core, names } = fakeCore();
    vi.mocked(core.send).mockRejectedValue(new Error(message));
    const error = vi.fn();
    start(core).getOffer({ mbox: 'm', success: vi.fn(), error });
    await flush();
    expect(error).toHaveBeenCalledWith(status, message);
    expect(names().filter((name) => name.startsWith('at-request'))).toEqual(['at-request-start', 'at-request-failed']);
  });

  it('getOffer reports request errors and invalid options to error', async () => {
    const { core, logger } = fakeCore();
    vi.mocked(core.send).mockRejectedValue(new Error('Request timed out'));
    const error = vi.fn();
    const api = start(core);
    api.getOffer({ mbox: 'm', success: vi.fn(), error });
    await flush();
    expect(error).toHaveBeenCalledWith('timeout', 'Request timed out');
    api.getOffer({ mbox: '', success: vi.fn(), error });
    expect(error).toHaveBeenLastCalledWith('error', 'mbox option is required');
    expect(api.getOffer()).toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith('options argument is required');
  });

  it('getOffers merges the page request into a full delivery request; bad options reject with the message', async () => {
    const { core } = fakeCore();
    const api = start(core);
    await api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'm' }] } }, timeout: 'x' });
    const [request, timeout] = vi.mocked(core.send).mock.calls[0]!;
    expect(timeout).toBe('x'); // core.send clamps it (3000)
    expect(request).toMatchObject({ requestId: 'r', context: { channel: 'web' }, execute: { mboxes: [{ index: 0, name: 'm' }] } });
    await expect(api.getOffers({ request: {} })).rejects.toThrow('execute or prefetch is required');
  });

  it('getOffers adds the platform-authentication outcome to each location, leaving the page request as it was', async () => {
    let outcome = 'webAuth not returned in time';
    const { core } = fakeCore(undefined, { platformAuth: () => outcome });
    const api = start(core);
    outcome = 'webAuth not enabled';
    const request = {
      execute: { pageLoad: { parameters: { a: '1' } }, mboxes: [{ index: 0, name: 'm' }] },
      prefetch: { views: [{ name: 'v' }], mboxes: [{ index: 1, name: 'n', parameters: { platformAuth: 'page value' } }] },
    };
    const copy = JSON.parse(JSON.stringify(request));
    await api.getOffers({ request });
    const [sent] = vi.mocked(core.send).mock.calls[0]!;
    const auth = { platformAuth: 'webAuth not enabled' };
    expect(sent.execute).toEqual({ pageLoad: { parameters: { a: '1', ...auth } }, mboxes: [{ index: 0, name: 'm', parameters: auth }] });
    expect(sent.prefetch).toEqual({ views: [{ name: 'v', parameters: auth }], mboxes: [{ index: 1, name: 'n', parameters: auth }] });
    expect(request).toEqual(copy);
    expect(deliveryRequestProblems(sent)).toEqual([]);
  });

  it('applyOffers renders execute offers and keeps prefetched views for triggerView', async () => {
    const { core } = fakeCore();
    const api = start(core);
    await api.applyOffers({ response: { prefetch: { views: [view('later', 'later offer')] } } });
    expect(document.getElementById('slot')!.textContent).toBe('original');
    await api.applyOffers({ response: { execute: { mboxes: [{ name: 'm', options: [{ type: 'html', content: 'mbox html' }] }] } }, selector: '#slot' });
    expect(document.getElementById('slot')!.textContent).toBe('mbox html');
    await api.applyOffers({ response: { execute: {} }, viewName: 'Later' });
    expect(document.getElementById('slot')!.textContent).toBe('later offer');
    await expect(api.applyOffers({})).rejects.toThrow('response option is required');
  });

  it('applyOffer applies a getOffer offer', async () => {
    const { core, logger } = fakeCore();
    const api = start(core);
    api.applyOffer({ mbox: 'm', selector: '#slot', offer: [{ action: 'setContent', content: '<b>x</b>' }] });
    await vi.waitFor(() => expect(document.getElementById('slot')!.innerHTML).toBe('<b>x</b>'));
    api.applyOffer({ mbox: 'm' });
    expect(logger.error).toHaveBeenCalledWith('offer option is required');
  });

  it('sendNotifications sends the page notifications; execute or prefetch is refused', async () => {
    const { core } = fakeCore();
    const api = start(core);
    await api.sendNotifications({ request: { notifications: [{ id: 'n', type: 'display', timestamp: 1, mbox: { name: 'm' } }] } });
    const body = JSON.parse(vi.mocked(navigator.sendBeacon).mock.calls[0]![1] as string);
    expect(body.notifications).toEqual([{ id: 'n', type: 'display', timestamp: 1, mbox: { name: 'm' } }]);
    expect(deliveryRequestProblems(body)).toEqual([]);
    await expect(api.sendNotifications({ request: { execute: {}, notifications: [{}] } })).rejects.toThrow('execute or prefetch is not allowed');
  });

  it('trackEvent sends a notification now, or on the selector event', async () => {
    const { core } = fakeCore();
    const api = start(core);
    const success = vi.fn();
    api.trackEvent({ mbox: 'clicked-cta', params: { a: 'b' }, success });
    await flush();
    expect(success).toHaveBeenCalled();
    const first = JSON.parse(vi.mocked(navigator.sendBeacon).mock.calls[0]![1] as string).notifications[0];
    expect(first).toMatchObject({ type: 'display', mbox: { name: 'clicked-cta' }, parameters: { a: 'b' } });
    api.trackEvent({ mbox: 'cta', selector: '#slot', type: 'click' });
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(1);
    document.getElementById('slot')!.click();
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(2);
  });

  it('registerExtension hands the requested modules to register', () => {
    const { core } = fakeCore();
    const register = vi.fn();
    start(core).registerExtension({ name: 'ext', modules: ['logger', 'settings'], register });
    expect(register).toHaveBeenCalledWith(core.logger, core.settings);
  });

  it('never throws into the page, even when a callback does', async () => {
    const { core, logger } = fakeCore();
    const api = start(core);
    expect(() =>
      api.registerExtension({
        name: 'bad',
        register: () => {
          throw new Error('boom');
        },
      }),
    ).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith('registerExtension failed:', 'boom');
    vi.mocked(core.send).mockResolvedValue({});
    api.getOffer({
      mbox: 'm',
      success: () => {
        throw new Error('page bug');
      },
      error: vi.fn(),
    });
    await flush();
    expect(logger.error).toHaveBeenCalledWith('getOffer callback failed:', 'page bug');
  });
});

describe("Adobe's documented at.js 2.x examples, run unchanged", () => {
  const beacons = () => vi.mocked(navigator.sendBeacon).mock.calls.map(([, body]) => JSON.parse(body as string));

  it('"render multiple mboxes": prefetched mboxes, each applied to its container, each counted once', async () => {
    document.body.innerHTML = '<div id="container1"></div><div id="container2"></div><div id="container3"></div>';
    const mbox = (i: number) => ({
      index: i - 1,
      name: `mbox${i}`,
      state: `st${i}`,
      options: [{ type: 'html', content: `<p>offer ${i}</p>`, eventToken: `t${i}` }],
    });
    const { core } = fakeCore();
    vi.mocked(core.send).mockResolvedValue({ prefetch: { mboxes: [mbox(1), mbox(2), mbox(3)] } });
    const adobe = { target: start(core) } as unknown as {
      target: { getOffers(o: unknown): Promise<{ prefetch: { mboxes: unknown[] } }>; applyOffers(o: unknown): Promise<void> };
    };
    // Adobe's example, as written for page code.
    await adobe.target
      .getOffers({
        request: {
          prefetch: {
            mboxes: [
              { index: 0, name: 'mbox1' },
              { index: 1, name: 'mbox2' },
              { index: 2, name: 'mbox3' },
            ],
          },
        },
      })
      .then((response) => {
        const mboxes = response.prefetch.mboxes;
        let count = 1;
        mboxes.forEach((el) => {
          void adobe.target.applyOffers({ selector: `#container${count}`, response: { prefetch: { mboxes: [el] } } });
          count += 1;
        });
      });
    await vi.waitFor(() => expect(document.getElementById('container3')!.innerHTML).toBe('<p>offer 3</p>'));
    expect(document.getElementById('container1')!.innerHTML).toBe('<p>offer 1</p>');
    await vi.waitFor(() => expect(beacons()).toHaveLength(3));
    expect(beacons().map((b) => b.notifications[0])).toEqual(
      [1, 2, 3].map((i) => expect.objectContaining({ type: 'display', tokens: [`t${i}`], mbox: { name: `mbox${i}`, state: `st${i}` } })),
    );
    for (const body of beacons()) expect(body.context.beacon).toBe(true);
  });

  it('refreshing views (getOffers → applyOffers again) replaces them: triggerView renders and reports the fresh experience only', async () => {
    const { core } = fakeCore();
    const api = start(core);
    await flush();
    await api.applyOffers({ response: { prefetch: { views: [view('home', 'stale')] } } });
    await api.applyOffers({
      response: { prefetch: { views: [{ ...view('home', 'fresh'), options: [{ ...view('home', 'fresh').options![0]!, eventToken: 'tok-fresh' }] }] } },
    });
    api.triggerView('home');
    await vi.waitFor(() => expect(document.getElementById('slot')!.textContent).toBe('fresh'));
    await vi.waitFor(() => expect(beacons()).toHaveLength(1));
    expect(beacons()[0].notifications[0].tokens).toEqual(['tok-fresh']);
  });

  it('applyOffer renders into a DOM element given as the selector; without an mbox it logs the error and renders nothing', async () => {
    document.body.innerHTML = '<div id="here">old</div>';
    const { core, logger } = fakeCore();
    const api = start(core);
    const element = document.getElementById('here')!;
    api.applyOffer({ mbox: 'hero', selector: element, offer: [{ action: 'setContent', content: '<b>new</b>' }] });
    await vi.waitFor(() => expect(element.innerHTML).toBe('<b>new</b>'));
    expect(document.head.innerHTML).toBe('');
    api.applyOffer({ selector: '#here', offer: [{ action: 'setContent', content: 'x' }] });
    await flush();
    expect(logger.error).toHaveBeenCalledWith('mbox option is required');
    expect(element.innerHTML).toBe('<b>new</b>');
  });

  it('a view notification carries the view state; a view without offers is still reported (page: false is not)', async () => {
    const { core } = fakeCore(Promise.resolve({ prefetch: { views: [{ ...view('cart', 'c'), state: 'view-state-1', key: 'k1' }] } }));
    const api = start(core);
    await flush();
    api.triggerView('cart');
    await vi.waitFor(() => expect(beacons()).toHaveLength(1));
    expect(beacons()[0].notifications[0]).toMatchObject({ type: 'display', tokens: ['tok-cart'], view: { name: 'cart', key: 'k1', state: 'view-state-1' } });
    api.triggerView('checkout');
    await vi.waitFor(() => expect(beacons()).toHaveLength(2));
    expect(beacons()[1].notifications[0]).toMatchObject({ type: 'display', tokens: [], view: { name: 'checkout' } });
    api.triggerView('checkout', { page: false });
    await flush();
    expect(beacons()).toHaveLength(2);
    for (const body of beacons()) expect(deliveryRequestProblems(body)).toEqual([]);
  });

  it('trackEvent with preventDefault on a link: the click is held until the notification has left, then the page goes on', async () => {
    document.body.innerHTML = '<a id="cta" href="https://www.canada.ca/en/apply.html">Apply</a>';
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const { core } = fakeCore();
    start(core).trackEvent({ mbox: 'clicked-cta', type: 'click', selector: '#cta', preventDefault: true, params: { param1: 'value1' } });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('cta')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.canada.ca/en/apply.html'));
    expect(beacons()[0].notifications[0]).toMatchObject({ type: 'click', mbox: { name: 'clicked-cta' }, parameters: { param1: 'value1' } });
  });

  it('trackEvent with preventDefault on a form submit: submitted after the notification', async () => {
    document.body.innerHTML = '<form id="f" action="/x"><button>Go</button></form>';
    const form = document.getElementById('f') as HTMLFormElement;
    const submit = vi.spyOn(form, 'submit').mockImplementation(() => undefined);
    const { core } = fakeCore();
    start(core).trackEvent({ mbox: 'form-sent', type: 'submit', selector: '#f', preventDefault: true });
    const event = new Event('submit', { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
  });

  it('client-side Analytics for Target: each payload of a response goes to analytics (pe=tnt, tnta)', async () => {
    const { core } = fakeCore(
      Promise.resolve({ execute: { pageLoad: { options: [{ type: 'html', content: '' }], analytics: { payload: { pe: 'tnt', tnta: '285408:0:0|2' } } } } }),
    );
    vi.mocked(core.send).mockResolvedValue({ execute: { mboxes: [{ name: 'm', options: [], analytics: { payload: { pe: 'tnt', tnta: '9:1:0|0' } } }] } });
    const api = start(core);
    await flush();
    await api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'm' }] } } });
    expect(vi.mocked(core.analyticsForTarget).mock.calls).toEqual([['285408:0:0|2'], ['9:1:0|0']]);
  });

  it('getOffers and applyOffers fire the request and rendering events with their details', async () => {
    const { core, events } = fakeCore();
    vi.mocked(core.send).mockResolvedValue({
      execute: { mboxes: [{ name: 'm', options: [{ type: 'html', content: '<i>x</i>', responseTokens: { 'offer.id': '7' } }] }] },
    });
    const api = start(core);
    await flush();
    events.length = 0;
    const response = await api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'm' }] } } });
    await api.applyOffers({ response, selector: '#slot' });
    expect(events.map(([type]) => type)).toEqual(['at-request-start', 'at-request-succeeded', 'at-content-rendering-start', 'at-content-rendering-succeeded']);
    expect(events[1]![1]).toMatchObject({ responseTokens: [{ 'offer.id': '7' }], redirect: false });
    expect(document.getElementById('slot')!.innerHTML).toBe('<i>x</i>');
  });
});

describe('at.js messages and prefetched metrics', () => {
  it("a redirect or dynamic offer without its address fails with at.js's 'URL is required'; failed prefetched mboxes log 'Prefetch rendering failed'", async () => {
    const { core, logger } = fakeCore();
    const api = start(core);
    await flush();
    await api.applyOffers({ response: { prefetch: { mboxes: [{ name: 'm', options: [{ type: 'dynamic', content: '' }] }] } } });
    expect(logger.error).toHaveBeenCalledWith('Action failed:', 'URL is required');
    expect(logger.error).toHaveBeenCalledWith('Prefetch rendering failed');
    expect(logger.error).not.toHaveBeenCalledWith('Mboxes rendering failed');
  });

  it("failed executed mboxes log 'Mboxes rendering failed', from applyOffers and applyOffer alike; a failed view 'View rendering failed'", async () => {
    const failing = [{ type: 'dynamic', content: '' }];
    const { core, logger } = fakeCore(Promise.resolve({ prefetch: { views: [{ name: 'v', options: failing }] } }));
    const api = start(core);
    await flush();
    await api.applyOffers({ response: { execute: { mboxes: [{ name: 'm', options: failing }] } } });
    expect(logger.error.mock.calls.filter(([text]) => text === 'Mboxes rendering failed')).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalledWith('Prefetch rendering failed');
    api.applyOffer({ mbox: 'm', offer: failing });
    await flush();
    expect(logger.error.mock.calls.filter(([text]) => text === 'Mboxes rendering failed')).toHaveLength(2);
    api.triggerView('v');
    await flush();
    expect(logger.error).toHaveBeenCalledWith('View rendering failed');
  });

  it('click metrics sent ahead (prefetch.metrics) are watched: a click sends a click notification', async () => {
    document.body.innerHTML = '<button id="later">Later</button>';
    const { core } = fakeCore(Promise.resolve({ prefetch: { views: [], metrics: [{ type: 'click', selector: '#later', eventToken: 'prefetched-click' }] } }));
    start(core);
    await flush();
    await flush();
    document.getElementById('later')!.click();
    const beacon = vi.mocked(navigator.sendBeacon);
    expect(JSON.parse(beacon.mock.calls.at(-1)![1] as string).notifications[0]).toMatchObject({ type: 'click', tokens: ['prefetched-click'] });
  });
});

describe('getOffer for the global mbox', () => {
  it("asks for the page-load decision and hands its offer to success, as at.js does for 'target-global-mbox'", async () => {
    const { core } = fakeCore();
    vi.mocked(core.send).mockResolvedValue({ execute: { pageLoad: { options: [{ type: 'html', content: '<p>page</p>' }] } } });
    const success = vi.fn();
    const api = start(core);
    await flush();
    api.getOffer({ mbox: 'target-global-mbox', success, error: vi.fn() });
    await flush();
    const request = vi.mocked(core.send).mock.calls.at(-1)![0];
    expect(request.execute).toEqual({ pageLoad: { parameters: { platformAuth: 'webAuth enabled' } } });
    expect(success).toHaveBeenCalledWith([{ action: 'setContent', content: '<p>page</p>', type: 'html' }]);
  });
});
