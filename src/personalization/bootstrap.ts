/**
 * The part of the personalization client that is in tag.js: it decides whether delivery may run,
 * reads the page's targetGlobalSettings, hides the body, sends the page-load request as soon as
 * the page's ID service and data providers have answered (at once when it has none), and at the
 * same time loads the rest (dist/tag-target.js), so the body stays hidden for the longer of the
 * two, not their sum. `window.adobe.target` exists from the start; calls made before the rest
 * arrives wait in a first-in-first-out queue.
 */
import { findCookie, siteCookies as defaultJar, type CookieJar } from '../engine/cookies';
import type { PersonalizationSettings } from '../config/types';
import { toFeed } from '../engine/logger';
import type { Logger } from '../engine/types';
import { dataProviders, platformAuth, VISITOR_TIMEOUT, visitorValues, WEB_AUTH_PENDING, type VisitorValues } from './beforeRequest';
import { createIds, DEVICE_LIFETIME } from './ids';
import { qaAsked, splitParams, visitorDisabled } from './modes';
import { baseRequest, beacon, clampTimeout, deliveryUrl, getContent, post, uuid, VERSION } from './request';
import { responseDetails } from './responseDetails';
import { record, take } from './telemetry';
import { isAuthoring } from './authoring';
import type { Action, Api, ApiMethod, Core, DeliveryRequest, DeliveryResponse, Nonces, QaModes, TargetModule } from './types';

export const BODY_STYLE_ID = 'at-body-style';

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
  /** Imports dist/tag-target.js (only when something on the page needs it). */
  load(): Promise<TargetModule>;
  jar?: CookieJar;
  /**
   * Analytics for Target: the page view's supplemental data id, which server-side logging stitches
   * on, and the analytics call that carries a client-side payload (`pe=tnt`, `tnta`).
   */
  analytics?: { supplementalDataId: string; trackingServer: string | null; send(tnta: string): void };
  /** When the part that reads the cookie store runs (see startPersonalization): at once by default. */
  defer?: (run: () => void) => void;
  /** Runs work in a task of its own ahead of other waiting tasks of the tag: at once by default. */
  soon?: (run: () => void) => void;
}

type Target = Partial<Api> & { VERSION?: string };

/** What a disabled or broken client answers: at.js's no-ops, each returning a resolved promise. */
const noops = () => Object.fromEntries(API.map((name) => [name, () => Promise.resolve()])) as Api;
/**
 * The at.js overrides a page may set that this client honours (Adobe's targetGlobalSettings).
 * clientCode, serverDomain and the like are not among them: where requests go is the tag's
 * configuration, not a page's.
 */
interface GlobalSettings {
  enabled?: unknown;
  timeout?: unknown;
  bodyHidingEnabled?: unknown;
  bodyHiddenStyle?: unknown;
  pageLoadEnabled?: unknown;
  viewsEnabled?: unknown;
  dataProviders?: unknown;
  cspScriptNonce?: unknown;
  cspStyleNonce?: unknown;
  selectorsPollingTimeout?: unknown;
  visitorApiTimeout?: unknown;
  deviceIdLifetime?: unknown;
  optinEnabled?: unknown;
  optoutEnabled?: unknown;
  analyticsLogging?: unknown;
  serverState?: unknown;
  telemetryEnabled?: unknown;
  authoringScriptUrl?: unknown;
}
/** Adobe's defaults for the two waits a page may change. */
const SELECTORS_POLLING_TIMEOUT = 5000;
/** A positive number of milliseconds the page gave, else the default. */
const ms = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
const nonceOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
type OptIn = { isApproved?(category: unknown): boolean; Categories?: { TARGET?: unknown } };
type AdobeWindow = Window & {
  adobe?: { target?: Target; optIn?: OptIn };
  targetPageParams?: () => unknown;
  targetPageParamsAll?: () => unknown;
  targetGlobalSettings?: GlobalSettings;
} & Record<'mboxCreate' | 'mboxDefine' | 'mboxUpdate', unknown>;

/** The page's CSP nonce, so inline styles and scripts we add are allowed where it is required. */
const pageNonce = () => (document.querySelector('[nonce]') as HTMLElement | null)?.nonce || undefined;

/** What the synchronous part of start-up hands to the part that needs the cookie store. */
interface Shell {
  adobe: NonNullable<AdobeWindow['adobe']>;
  globals: GlobalSettings;
  nonces: Nonces;
  /** The body-hiding style, in place before the page can paint (undefined when nothing is hidden). */
  hidden: HTMLStyleElement | undefined;
  /** Hands the API its implementation: the calls queued so far are replayed to it. */
  use(api: Api): void;
  /** Registers what loads tag-target.js; it runs at once if the page has called the API already. */
  onModuleWanted(start: () => void): void;
  /** The page-load request's time-out (targetGlobalSettings.timeout, else the tag's), ms. */
  timeout: number;
  /** Replaces what the time-out does (by default, the body-hiding style goes). */
  onTimeout(run: () => void): void;
}

/**
 * Starts the client. At once: `window.adobe.target` (its calls queued until they can be served)
 * and the body-hiding style, so that nothing shows before the page-load answer. Then, at
 * `options.defer` (tag.js: the next task; the first read of the cookie store costs several times
 * more inside tag.js's own task), everything that reads cookies: whether delivery may run, the
 * ids, the QA modes and the page-load request.
 */
export function startPersonalization(options: PersonalizationOptions): void {
  const { settings, logger } = options;
  const w = window as unknown as AdobeWindow;
  if (w.adobe?.target) return logger.warn('Adobe Target has already been initialized');
  const adobe = (w.adobe ??= {});
  const target: Target = { VERSION, event: EVENTS } as Target;
  adobe.target = target;
  for (const name of ['mboxCreate', 'mboxDefine', 'mboxUpdate'] as const) {
    w[name] = () => logger.warn(`${name} is not supported by at.js 2.x; use adobe.target.getOffer and applyOffer`);
  }
  const globals: GlobalSettings = Object(w.targetGlobalSettings);

  const queue: Array<[ApiMethod, unknown[], (value: unknown) => void]> = [];
  let api: Api | undefined;
  let moduleWanted = false;
  let startModule: (() => void) | undefined;
  const use = (implementation: Api) => {
    api = implementation;
    for (const [name, args, resolve] of queue.splice(0)) resolve(api[name](...args));
  };
  for (const name of API)
    target[name] = (...args: unknown[]) =>
      api ? api[name](...args) : ((moduleWanted = true), startModule?.(), new Promise((resolve) => queue.push([name, args, resolve])));

  const pageNonceValue = pageNonce();
  const nonces = { script: nonceOf(globals.cspScriptNonce) || pageNonceValue, style: nonceOf(globals.cspStyleNonce) || pageNonceValue };
  // Views render later, on triggerView: only page-load offers need the page hidden. The page's
  // own pre-hiding snippet (Adobe's, the same style id) is adopted: it goes when ours would.
  // A server-rendered state needs no body hiding: only its own selectors are hidden (deliver).
  // Hidden before delivery is known to be allowed: a visitor who opted out sees it go a task later,
  // before anything could be painted.
  let hidden: HTMLStyleElement | undefined;
  if (settings.enabled && globals.enabled !== false && globals.bodyHidingEnabled !== false) {
    hidden = (document.getElementById(BODY_STYLE_ID) as HTMLStyleElement | null) || undefined;
    if (!hidden && globals.pageLoadEnabled !== false && !usableServerState(globals.serverState)) {
      hidden = document.createElement('style');
      hidden.id = BODY_STYLE_ID;
      if (nonces.style) hidden.nonce = nonces.style;
      hidden.textContent = String(globals.bodyHiddenStyle || 'body{opacity:0!important}');
      (document.head ?? document.documentElement).appendChild(hidden);
    }
  }
  // at.js leaves the page blank for as long as a hung request lasts; this timer never does, and it
  // runs from here, so that the page is not left hidden whatever happens to the rest of start-up.
  const timeout = clampTimeout(globals.timeout ?? settings.timeout);
  let timedOut = () => hidden?.remove();
  setTimeout(() => timedOut(), timeout);
  const shell: Shell = {
    adobe,
    globals,
    nonces,
    hidden,
    use,
    onModuleWanted: (start) => {
      startModule = start;
      if (moduleWanted) start();
    },
    timeout,
    onTimeout: (run) => (timedOut = run),
  };
  (options.defer ?? ((run: () => void) => run()))(() => deliver(options, shell));
}

/** The part of start-up that reads the cookie store: see startPersonalization. */
function deliver(options: PersonalizationOptions, shell: Shell): void {
  const { settings, logger, jar = defaultJar } = options;
  const { adobe, globals, nonces, use } = shell;
  const w = window as unknown as AdobeWindow;
  const query = new URLSearchParams(location.search);
  if (deliveryOff(options, globals, adobe.optIn, jar, query)) {
    shell.hidden?.remove();
    // Pages still call the API; at.js answers a disabled library with no-ops.
    use(noops());
    return;
  }

  // at.js's switches are on unless set to false.
  const pageLoadEnabled = globals.pageLoadEnabled !== false;
  const viewsEnabled = globals.viewsEnabled !== false;
  const { timeout } = shell;
  const ids = createIds(jar, uuid, undefined, ms(globals.deviceIdLifetime, DEVICE_LIFETIME));
  // QA switches are read by tag-target.js, loaded first for them: the request waits for it.
  let qa: QaModes = {};
  const qaRead = qaAsked(jar, query)
    ? options.load().then(
        (module) => void (qa = module.readQaModes(jar, query)),
        (error: Error) => logger.error('The QA modes could not be read:', error.message),
      )
    : undefined;
  // The check is the page's first use of the WebAuthn interface: about 0.4 ms of a fresh tab's
  // main thread. A page-load request that waits for nothing is built in this task, before any
  // browser could answer, so it carries 'webAuth not returned in time' however early the check
  // starts. The check starts only when a request waits (ID service, data providers, QA modes) or
  // once tag-target.js is wanted (the API's requests, the page-load answer's work).
  let webAuth: (() => string) | undefined;
  const startAuthCheck = () => (webAuth ??= platformAuth());
  // A build whose environment names no org id (production, until Canada.ca's is confirmed) carries no ID-service code.
  const visitor = __VISITOR_SERVICE__ ? visitorValues(settings.imsOrgId, logger, ms(globals.visitorApiTimeout, VISITOR_TIMEOUT)) : undefined;
  const provided = dataProviders(globals.dataProviders, logger);
  const logging = globals.analyticsLogging === 'client_side' ? 'client_side' : 'server_side';
  const pageParamsOf = (name: 'targetPageParams' | 'targetPageParamsAll'): unknown => {
    try {
      return typeof w[name] === 'function' ? w[name]!() : undefined;
    } catch (error) {
      logger.error(`${name} failed:`, error);
      return undefined;
    }
  };
  const allRaw = pageParamsOf('targetPageParamsAll');
  const pageRaw = pageParamsOf('targetPageParams');
  let pageParams = splitParams(allRaw, pageRaw);
  let found: VisitorValues = {};

  const emit = (type: string, detail: Record<string, unknown> = {}) => {
    // Adobe documents `message` for what went wrong; at.js 2.11.4 names it `error`: both are given.
    const said = typeof detail.error === 'string' ? { message: detail.error } : {};
    toFeed('[target]', 'event', [type, detail]);
    try {
      document.dispatchEvent(new CustomEvent(type, { detail: { type, tracking: { sessionId: ids.sessionId(), deviceId: ids.tntId() }, ...said, ...detail } }));
    } catch (error) {
      logger.error(`${type} listener failed:`, error);
    }
  };

  const serverState = usableServerState(globals.serverState);
  let hidden = shell.hidden;
  let prehidden = serverState ? hideSelectors(serverState, { pageLoadEnabled, viewsEnabled }, nonces.style) : undefined;
  const unhide = () => {
    hidden?.remove();
    hidden = undefined;
    prehidden?.remove();
  };
  /**
   * The page-load answer is in: its offers' targets are hidden here and the body shown at once,
   * before tag-target.js (perhaps still loading, or waiting behind the page's own work) renders
   * them. A redirect keeps the body hidden: the visitor should not see the page they are leaving.
   */
  const showAllButTargets = (response: DeliveryResponse) => {
    const options = response.execute?.pageLoad?.options ?? [];
    if (options.some((o) => o.type === 'redirect')) return;
    prehidden ??= hideSelectors({ execute: response.execute }, { pageLoadEnabled: true, viewsEnabled: false }, nonces.style);
    hidden?.remove();
    hidden = undefined;
  };
  shell.onTimeout(() => {
    if (hidden) logger.warn(`The page was unhidden by the ${timeout} ms time-out`);
    unhide();
  });

  const host = () => {
    const cluster = ids.cluster();
    if (!settings.serverDomain) return location.origin;
    return `https://${cluster ? `mboxedge${cluster}.tt.omtrdc.net` : settings.serverDomain}`;
  };
  const url = () => deliveryUrl(host(), settings.clientCode, ids.sessionId());
  const core: Core = {
    logger,
    settings,
    nonces,
    selectorsTimeout: ms(globals.selectorsPollingTimeout, SELECTORS_POLLING_TIMEOUT),
    authoringScriptUrl: globals.authoringScriptUrl,
    emit,
    unhide,
    url,
    // targetPageParamsAll goes with every request, winning over what a call gives (as at.js does).
    split: (params) => splitParams(params, allRaw),
    base: () => ({
      ...baseRequest({
        ...found,
        ids: {
          tntId: ids.tntId(),
          thirdPartyId: pageParams.thirdPartyId,
          marketingCloudVisitorId: found.marketingCloudVisitorId || ecid(),
          customerIds: found.customerIds,
        },
        propertyToken: pageParams.propertyToken,
        analytics: { logging, supplementalDataId: options.analytics?.supplementalDataId, trackingServer: options.analytics?.trackingServer || undefined },
        qaMode: qa.qaMode,
        preview: qa.preview,
      }),
      ...(qa.trace ? { trace: { authorizationToken: qa.trace.authorizationToken } } : {}),
    }),
    send(body, ms = timeout, keepalive) {
      ids.touch();
      // Taken now, so each entry leaves with one request only, even if that request fails.
      const entries = globals.telemetryEnabled === false ? [] : take();
      const timestamp = Date.now();
      return post(url(), entries.length ? { ...body, telemetry: { entries } } : body, ms, keepalive).then((response) => {
        ids.learn(response.id?.tntId, response.edgeHost);
        qa.trace?.show?.(response, logger);
        const entry = { requestId: body.requestId, timestamp, execution: Date.now() - timestamp, telemetryServerToken: response.telemetryServerToken };
        if (globals.telemetryEnabled !== false) record(entry);
        return response;
      });
    },
    beacon: (body) => beacon(url(), body),
    fetchContent: getContent,
    pageLoad: Promise.resolve(null),
    viewsEnabled,
    platformAuth: () => startAuthCheck()(),
    analyticsForTarget: (tnta) => options.analytics?.send(tnta),
  };

  const sendPageLoad = ([ecids, params = []]: [VisitorValues?, unknown[]?, unknown?] = []): Promise<DeliveryResponse | null> => {
    found = ecids ?? {};
    // The check's outcome as it is now: the request does not wait for it. Lowest first: data
    // providers, targetPageParamsAll, targetPageParams (at.js's order).
    pageParams = splitParams(...params, allRaw, pageRaw, { platformAuth: webAuth ? webAuth() : WEB_AUTH_PENDING });
    if (!pageLoadEnabled) logger.warn('Page load disabled');
    if (!pageLoadEnabled && !viewsEnabled) return Promise.resolve(null);
    const request: DeliveryRequest = core.base();
    if (pageLoadEnabled) request.execute = { pageLoad: pageParams.details };
    if (viewsEnabled) request.prefetch = { views: [pageParams.details] };
    logger.log('page-load request', request);
    emit(EVENTS.REQUEST_START, { requestId: request.requestId });
    // Scrubbed and sent in a task of its own (options.soon): the body's building and its sending
    // are a few milliseconds each.
    const soon = options.soon ?? ((run: () => void) => run());
    return new Promise<DeliveryResponse>((resolve, reject) => soon(() => core.send(request).then(resolve, reject))).then(
      (response: DeliveryResponse) => {
        logger.log('page-load response', response);
        emit(EVENTS.REQUEST_SUCCEEDED, { status: 'success', requestId: request.requestId, ...responseDetails(response) });
        if (!response.execute?.pageLoad?.options?.length) unhide();
        else showAllButTargets(response);
        if (hasWork(response)) startModule();
        else if (pageLoadEnabled) {
          core.pageLoadReported = true;
          emit(EVENTS.CONTENT_RENDERING_NO_OFFERS, { status: 'success' });
        }
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
  // Without an ID service, data providers or QA switches, nothing is awaited: the request leaves at once.
  const ready = visitor || provided || qaRead ? Promise.all([visitor, provided, qaRead]) : undefined;
  if (ready) startAuthCheck();

  /**
   * tag-target.js (rendering, views, metrics, the API's work) is loaded when the page-load answer
   * has something for it or the page calls the API: most pages get no offer and never download it.
   */
  let started = false;
  const startModule = () => {
    if (started) return;
    started = true;
    startAuthCheck();
    void Promise.all([options.load(), ready])
      .then(([module]) => module.start(core))
      .then(use, (error: Error) => {
        logger.error('The personalization code could not be loaded; nothing is rendered:', error.message);
        unhide();
        use(noops());
      });
  };
  shell.onModuleWanted(startModule);
  // Once the API is in place, as at.js does: a listener can call adobe.target.getOffers and the
  // rest at once, and still hear the page-load request start.
  emit(EVENTS.LIBRARY_LOADED);
  // A server-rendered state is the page-load response: nothing is requested, and it is rendered.
  // The Visual Experience Composer needs the rendering code's side of it on every page it opens.
  if (serverState || isAuthoring()) startModule();
  core.pageLoad = serverState ? Promise.resolve(serverState) : ready ? ready.then(sendPageLoad) : sendPageLoad();
}

/** Whether a page-load answer has work for tag-target.js: offers, views, click metrics or an Analytics for Target payload. */
const hasWork = (response: DeliveryResponse) =>
  [response.execute?.pageLoad, ...(response.prefetch?.views ?? [])].some((d) => d?.options?.length || d?.metrics?.length || d?.analytics?.payload?.tnta) ||
  !!response.prefetch?.views?.length ||
  !!response.prefetch?.metrics?.length;

/**
 * Whether delivery must not run on this page. Each reason is logged where it is found, written as
 * the logger's text, so that the build moves it to tag-debug.js (see visitorDisabled).
 */
function deliveryOff(options: PersonalizationOptions, globals: GlobalSettings, optIn: OptIn | undefined, jar: CookieJar, query: URLSearchParams): boolean {
  const { settings, logger } = options;
  if (!settings.enabled) logger.warn('Personalization is not enabled');
  else if (globals.enabled === false) logger.warn('Adobe Target content delivery is disabled in targetGlobalSettings.');
  else
    return (
      visitorDisabled(jar, query, { optInCookie: options.consentCookie, optOutCookie: settings.optOutCookie }, logger) || optedOutInPage(globals, optIn, logger)
    );
  return true;
}

/** Opt-in and opt-out through the page's Adobe services, when the page's settings ask for them; the reason goes to the log. */
function optedOutInPage(globals: GlobalSettings, optIn: OptIn | undefined, logger: Logger): boolean {
  if (globals.optinEnabled === true && optIn && typeof optIn.isApproved === 'function' && !optIn.isApproved(optIn.Categories?.TARGET ?? 'target'))
    logger.warn('Adobe Target is not opted in');
  // The ID service marks an opted-out visitor in its cookie (MCOPTOUT-{expiry}s|…).
  else if (globals.optoutEnabled === true && /MCOPTOUT-\d+s\|(?!NONE)/.test(findCookie((name) => name.startsWith('AMCV_')) || ''))
    logger.warn('Disabled due to optout');
  else return false;
  return true;
}

/**
 * targetGlobalSettings.serverState (hybrid personalization): the page-load answer a server already
 * got, used as the response when it has both halves. Mboxes are not supported there (Adobe's
 * rule); page-load and views follow the page's switches.
 */
function usableServerState(value: unknown): DeliveryResponse | undefined {
  const state = Object(value) as { request?: unknown; response?: unknown };
  const response = state.response as DeliveryResponse | undefined;
  if (!state.request || !response || typeof response !== 'object') return undefined;
  const { execute, prefetch } = response;
  return {
    ...response,
    execute: execute?.pageLoad ? { pageLoad: execute.pageLoad } : undefined,
    prefetch: prefetch?.views ? { views: prefetch.views } : undefined,
  };
}

/** Hides the selectors a server-rendered state will change, until rendering takes them over. */
function hideSelectors(
  state: DeliveryResponse,
  on: { pageLoadEnabled: boolean; viewsEnabled: boolean },
  nonce: string | undefined,
): HTMLStyleElement | undefined {
  const decisions = [
    ...(on.pageLoadEnabled && state.execute?.pageLoad ? [state.execute.pageLoad] : []),
    ...(on.viewsEnabled ? (state.prefetch?.views ?? []) : []),
  ];
  const selectors = decisions.flatMap((d) =>
    (d.options ?? []).flatMap((o) => (o.type === 'actions' && Array.isArray(o.content) ? o.content : []).map((a: Action) => a.cssSelector || a.selector)),
  );
  const list = [...new Set(selectors.filter((s): s is string => typeof s === 'string' && !!s))];
  if (!list.length) return undefined;
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = `${list.join(',')}{visibility:hidden!important}`;
  (document.head ?? document.documentElement).appendChild(style);
  return style;
}

/** The Experience Cloud id the Visitor ID service left in its AMCV_ cookie, if any. */
function ecid(): string | undefined {
  const value = findCookie((name) => name.startsWith('AMCV_'));
  return value ? /(?:^|\|)MCMID\|([^|]+)/.exec(value)?.[1] : undefined;
}
