/**
 * The part of the personalization client that is in tag.js: it decides whether delivery may run,
 * hides the body, sends the page-load request at once, and at the same time loads the rest
 * (dist/tag-target.js), so the body stays hidden for the longer of the two, not their sum.
 * `window.adobe.target` exists from the start; calls made before the rest arrives wait in a
 * first-in-first-out queue.
 */
import { cookies as defaultJar, type CookieJar } from '../engine/cookies';
import type { PersonalizationSettings } from '../config/types';
import type { Logger } from '../engine/types';
import { createIds } from './ids';
import { disabledReason, previewModes, splitParams } from './modes';
import { baseRequest, clampTimeout, deliveryUrl, post, uuid, VERSION } from './request';
import type { Api, ApiMethod, Core, DeliveryResponse, TargetModule } from './types';

export const ALREADY_INITIALIZED = 'Adobe Target has already been initialized';
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
  /** Imports dist/tag-target.js. */
  load(): Promise<TargetModule>;
  scrubUrl(url: string): string;
  jar?: CookieJar;
}

type Target = Partial<Api> & { VERSION?: string };
type AdobeWindow = Window & { adobe?: { target?: Target }; targetPageParams?: () => unknown } & Record<'mboxCreate' | 'mboxDefine' | 'mboxUpdate', unknown>;

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
    for (const name of API) target[name] = () => Promise.resolve();
    return;
  }

  const timeout = clampTimeout(settings.timeout);
  const nonce = pageNonce();
  const ids = createIds(jar, uuid);
  const modes = previewModes(jar, query);
  let pageParams = splitParams(undefined);
  try {
    pageParams = splitParams(typeof w.targetPageParams === 'function' ? w.targetPageParams() : undefined);
  } catch (error) {
    logger.error('targetPageParams failed:', error);
  }

  const emit = (type: string, detail: Record<string, unknown> = {}) => {
    try {
      document.dispatchEvent(new CustomEvent(type, { detail: { type, tracking: { sessionId: ids.sessionId(), deviceId: ids.tntId() }, ...detail } }));
    } catch (error) {
      logger.error(`${type} listener failed:`, error);
    }
  };
  emit(EVENTS.LIBRARY_LOADED);

  let hidden: HTMLStyleElement | undefined = document.createElement('style');
  hidden.id = BODY_STYLE_ID;
  if (nonce) hidden.nonce = nonce;
  hidden.textContent = 'body{opacity:0!important}';
  (document.head ?? document.documentElement).appendChild(hidden);
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
        ids: { tntId: ids.tntId(), thirdPartyId: pageParams.thirdPartyId, marketingCloudVisitorId: ecid() },
        propertyToken: pageParams.propertyToken,
        scrubUrl: options.scrubUrl,
        ...modes,
      }),
    send(body, ms = timeout, keepalive) {
      ids.touch();
      return post(url(), body, ms, keepalive).then((response) => {
        ids.learn(response.id?.tntId, response.edgeHost);
        return response;
      });
    },
    pageLoad: Promise.resolve(null),
  };

  const request = { ...core.base(), execute: { pageLoad: pageParams.details }, prefetch: { views: [pageParams.details] } };
  logger.log('page-load request', request);
  emit(EVENTS.REQUEST_START, { requestId: request.requestId });
  core.pageLoad = core.send(request).then(
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

  const queue: Array<[ApiMethod, unknown[], (value: unknown) => void]> = [];
  let api: Api | undefined;
  const use = (implementation: Api) => {
    api = implementation;
    for (const [name, args, resolve] of queue.splice(0)) resolve(api[name](...args));
  };
  for (const name of API) target[name] = (...args: unknown[]) => (api ? api[name](...args) : new Promise((resolve) => queue.push([name, args, resolve])));
  options
    .load()
    .then((module) => module.start(core))
    .then(use, (error: Error) => {
      logger.error('The personalization code could not be loaded; nothing is rendered:', error.message);
      unhide();
      use(Object.fromEntries(API.map((name) => [name, () => Promise.resolve()])) as Api);
    });
}

/** The Experience Cloud id the Visitor ID service left in its AMCV_ cookie, if any. */
function ecid(): string | undefined {
  try {
    const value = /(?:^|; )AMCV_[^=]+=([^;]*)/.exec(document.cookie)?.[1];
    return value ? /(?:^|\|)MCMID\|([^|]+)/.exec(decodeURIComponent(value))?.[1] : undefined;
  } catch {
    return undefined;
  }
}
