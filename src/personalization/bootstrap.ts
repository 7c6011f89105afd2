/**
 * The part of the personalization client that is in tag.js: it decides whether delivery may run,
 * reads the page's targetGlobalSettings, hides the body, sends the page-load request as soon as
 * the page's ID service and data providers have answered (at once when it has none), and at the
 * same time loads the rest (dist/tag-target.js), so the body stays hidden for the longer of the
 * two, not their sum. `window.adobe.target` exists from the start; calls made before the rest
 * arrives wait in a first-in-first-out queue.
 */
import { cookies as defaultJar, findCookie, type CookieJar } from '../engine/cookies';
import type { PersonalizationSettings } from '../config/types';
import type { Logger } from '../engine/types';
import { dataProviders, platformAuth, visitorValues, type VisitorValues } from './beforeRequest';
import { createIds } from './ids';
import { disabledReason, previewModes, splitParams } from './modes';
import { baseRequest, beacon, clampTimeout, deliveryUrl, getContent, post, uuid, VERSION } from './request';
import { take } from './telemetry';
import type { Api, ApiMethod, Core, DeliveryRequest, DeliveryResponse, TargetModule } from './types';

export const ALREADY_INITIALIZED = 'Adobe Target has already been initialized';
export const BODY_STYLE_ID = 'at-body-style';
export const PAGE_LOAD_DISABLED = 'Page load disabled';

const API: ApiMethod[] = ['getOffer', 'getOffers', 'applyOffer', 'applyOffers', 'sendNotifications', 'trackEvent', 'triggerView', 'registerExtension'];
const EVENTS = {
  LIBRARY_LOADED: 'at-library-loaded',
  REQUEST_START: 'at-request-start',
  REQUEST_SUCCEEDED: 'at-request-succeeded',
  REQUEST_FAILED: 'at-request-failed',
  CONTENT_RENDERING_START: 'at-content-rendering-start',
  CONTENT_RENDERING_SUCCEEDED: 'at-content-rendering-succeeded',
  CONTENT_RENDERING_FAILED: 'at-content-rendering-failed',
  CONTENT_RENDERING_NO_OFFERS: 'at-content-rendering-no-offers',
  CONTENT_RENDERING_REDIRECT: 'at-content-rendering-redirect',
};

export interface PersonalizationOptions {
  settings: PersonalizationSettings;
  /** The tracking-consent cookie, which opts in to personalization too (null: no consent asked). */
  consentCookie: string | null;
  logger: Logger;
  /** Imports dist/tag-target.js. */
  load(): Promise<TargetModule>;
  jar?: CookieJar;
}

type Target = Partial<Api> & { VERSION?: string };

/** What a disabled or broken client answers: at.js's no-ops, each returning a resolved promise. */
const noops = () => Object.fromEntries(API.map((name) => [name, () => Promise.resolve()])) as Api;
/**
 * The at.js overrides a page may set that this client honours. clientCode, serverDomain and the
 * like are not among them: where requests go is the tag's configuration, not a page's.
 */
interface GlobalSettings {
  timeout?: unknown;
  bodyHidingEnabled?: unknown;
  bodyHiddenStyle?: unknown;
  pageLoadEnabled?: unknown;
  viewsEnabled?: unknown;
  dataProviders?: unknown;
}
type AdobeWindow = Window & { adobe?: { target?: Target }; targetPageParams?: () => unknown; targetGlobalSettings?: GlobalSettings } & Record<
  'mboxCreate' | 'mboxDefine' | 'mboxUpdate',
  unknown
>;

/** The page's CSP nonce, so inline styles and scripts we add are allowed where it is required. */
const pageNonce = () => (document.querySelector('[nonce]') as HTMLElement | null)?.nonce || undefined;

export function startPersonalization(options: PersonalizationOptions): void {
  const { settings, logger, jar = defaultJar } = options;
  const w = window as unknown as AdobeWindow;
  if (w.adobe?.target) return logger.warn(ALREADY_INITIALIZED);
  const adobe = (w.adobe ??= {});
  const target: Target = { VERSION, event: EVENTS } as Target;
  adobe.target = target;
  for (const name of ['mboxCreate', 'mboxDefine', 'mboxUpdate'] as const) {
    w[name] = () => logger.warn(`${name} is not supported by at.js 2.x; use adobe.target.getOffer and applyOffer`);
  }

  const query = new URLSearchParams(location.search);
  const reason = settings.enabled ? disabledReason(jar, query, { optInCookie: options.consentCookie, optOutCookie: settings.optOutCookie }) : 'Personalization is not enabled';
  if (reason) {
    logger.warn(reason);
    // Pages still call the API; at.js answers a disabled library with no-ops.
    Object.assign(target, noops());
    return;
  }

  const globals: GlobalSettings = Object(w.targetGlobalSettings);
  // at.js's switches are on unless set to false.
  const pageLoadEnabled = globals.pageLoadEnabled !== false;
  const viewsEnabled = globals.viewsEnabled !== false;
  const timeout = clampTimeout(globals.timeout ?? settings.timeout);
  const nonce = pageNonce();
  const ids = createIds(jar, uuid);
  const modes = previewModes(jar, query);
  const webAuth = platformAuth();
  const visitor = visitorValues(settings.imsOrgId, logger);
  const provided = dataProviders(globals.dataProviders, logger);
  let pageRaw: unknown;
  try {
    pageRaw = typeof w.targetPageParams === 'function' ? w.targetPageParams() : undefined;
  } catch (error) {
    logger.error('targetPageParams failed:', error);
  }
  let pageParams = splitParams(pageRaw);
  let found: VisitorValues = {};
  const loading = options.load();

  const emit = (type: string, detail: Record<string, unknown> = {}) => {
    try {
      document.dispatchEvent(new CustomEvent(type, { detail: { type, tracking: { sessionId: ids.sessionId(), deviceId: ids.tntId() }, ...detail } }));
    } catch (error) {
      logger.error(`${type} listener failed:`, error);
    }
  };
  emit(EVENTS.LIBRARY_LOADED);

  // Views render later, on triggerView: only page-load offers need the page hidden.
  let hidden: HTMLStyleElement | undefined;
  if (pageLoadEnabled && globals.bodyHidingEnabled !== false) {
    hidden = document.createElement('style');
    hidden.id = BODY_STYLE_ID;
    if (nonce) hidden.nonce = nonce;
    hidden.textContent = String(globals.bodyHiddenStyle || 'body{opacity:0!important}');
    (document.head ?? document.documentElement).appendChild(hidden);
  }
  const unhide = () => {
    hidden?.remove();
    hidden = undefined;
  };
  // at.js leaves the page blank for as long as a hung request lasts; this timer never does.
  setTimeout(() => {
    if (hidden) logger.warn(`The page was unhidden by the ${timeout} ms time-out`);
    unhide();
  }, timeout);

  const host = () => {
    const cluster = ids.cluster();
    if (!settings.serverDomain) return location.origin;
    return `https://${cluster ? `mboxedge${cluster}.tt.omtrdc.net` : settings.serverDomain}`;
  };
  const url = () => deliveryUrl(host(), settings.clientCode, ids.sessionId());
  const core: Core = {
    logger,
    settings,
    nonce,
    emit,
    unhide,
    url,
    split: splitParams,
    base: () =>
      baseRequest({
        ...found,
        ids: { tntId: ids.tntId(), thirdPartyId: pageParams.thirdPartyId, marketingCloudVisitorId: found.marketingCloudVisitorId || ecid(), customerIds: found.customerIds },
        propertyToken: pageParams.propertyToken,
        ...modes,
      }),
    send(body, ms = timeout, keepalive) {
      ids.touch();
      // Taken now, so each entry leaves with one request only, even if that request fails.
      const entries = take();
      const timestamp = Date.now();
      return post(url(), entries.length ? { ...body, telemetry: { entries } } : body, ms, keepalive).then((response) => {
        ids.learn(response.id?.tntId, response.edgeHost);
        const entry = { requestId: body.requestId, timestamp, execution: Date.now() - timestamp, telemetryServerToken: response.telemetryServerToken };
        // The storage code is in tag-target.js: the timing waits for it (and is lost if it never comes).
        loading.then((module) => module.record(entry), () => undefined);
        return response;
      });
    },
    beacon: (body) => beacon(url(), body),
    fetchContent: getContent,
    pageLoad: Promise.resolve(null),
    viewsEnabled,
    platformAuth: webAuth,
  };

  const sendPageLoad = ([ecids, params = []]: [VisitorValues?, unknown[]?] = []): Promise<DeliveryResponse | null> => {
    found = ecids ?? {};
    // The check's outcome as it is now: the request does not wait for it.
    pageParams = splitParams(pageRaw, ...params, { platformAuth: webAuth() });
    if (!pageLoadEnabled) logger.warn(PAGE_LOAD_DISABLED);
    if (!pageLoadEnabled && !viewsEnabled) return Promise.resolve(null);
    const request: DeliveryRequest = core.base();
    if (pageLoadEnabled) request.execute = { pageLoad: pageParams.details };
    if (viewsEnabled) request.prefetch = { views: [pageParams.details] };
    logger.log('page-load request', request);
    emit(EVENTS.REQUEST_START, { requestId: request.requestId });
    return core.send(request).then(
      (response: DeliveryResponse) => {
        logger.log('page-load response', response);
        emit(EVENTS.REQUEST_SUCCEEDED, { status: 'success', requestId: request.requestId });
        if (!response.execute?.pageLoad?.options?.length) unhide();
        return response;
      },
      (error: Error) => {
        logger.error('page-load request failed:', error.message);
        emit(EVENTS.REQUEST_FAILED, { status: 'error', error: error.message, requestId: request.requestId });
        unhide();
        return null;
      },
    );
  };
  // Without an ID service or data providers, nothing is awaited: the request leaves at once.
  const ready = visitor || provided ? Promise.all([visitor, provided]) : undefined;
  core.pageLoad = ready ? ready.then(sendPageLoad) : sendPageLoad();

  const queue: Array<[ApiMethod, unknown[], (value: unknown) => void]> = [];
  let api: Api | undefined;
  const use = (implementation: Api) => {
    api = implementation;
    for (const [name, args, resolve] of queue.splice(0)) resolve(api[name](...args));
  };
  for (const name of API) target[name] = (...args: unknown[]) => (api ? api[name](...args) : new Promise((resolve) => queue.push([name, args, resolve])));
  // The rest starts once the ids are known, so the requests it makes carry them too.
  Promise.all([loading, ready])
    .then(([module]) => module.start(core))
    .then(use, (error: Error) => {
      logger.error('The personalization code could not be loaded; nothing is rendered:', error.message);
      unhide();
      use(noops());
    });
}

/** The Experience Cloud id the Visitor ID service left in its AMCV_ cookie, if any. */
function ecid(): string | undefined {
  const value = findCookie((name) => name.startsWith('AMCV_'));
  return value ? /(?:^|\|)MCMID\|([^|]+)/.exec(value)?.[1] : undefined;
}
