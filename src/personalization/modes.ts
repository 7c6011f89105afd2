/**
 * What the page, the visitor and QA can switch (in tag.js): consent, the content-delivery
 * switch, whether a QA mode is asked for, and the page's own parameters (`window.targetPageParams`).
 */
import type { CookieJar } from '../engine/cookies';
import type { Logger } from '../engine/types';
import { DAY_MS } from '../engine/durations';
import { SESSION_LIFETIME } from './ids';
import type { RequestDetails, SplitParams } from './types';

/** Preview, QA and delivery choices outlive the page as long as a Target session (about 31 minutes). */
export const STICKY_DAYS = SESSION_LIFETIME / DAY_MS;

export interface Consent {
  /** The tracking-consent cookie; when set, personalization also needs it to be `true`. */
  optInCookie: string | null;
  /** A cookie that, when `true`, opts the visitor out. */
  optOutCookie: string;
}

/**
 * Whether delivery must not run on this page because of the visitor's choices or browser; the
 * reason goes to the log, written where it is logged so that the build moves its text to
 * tag-debug.js. `?mboxDisable=1|true` sets the switch for the session and `?mboxDisable=0|false`
 * clears it.
 */
export function visitorDisabled(jar: CookieJar, query: URLSearchParams, consent: Consent, logger: Logger): boolean {
  const ask = query.get('mboxDisable');
  if (ask === '0' || ask === 'false') jar.remove('mboxDisable');
  else if (ask !== null) jar.set('mboxDisable', '1', { days: STICKY_DAYS });
  if (jar.get(consent.optOutCookie) === 'true') logger.warn('Disabled due to optout');
  else if (consent.optInCookie && jar.get(consent.optInCookie) !== 'true') logger.warn('Adobe Target is not opted in');
  // Nothing could come back, and the page must not stay hidden waiting for it.
  else if (navigator.onLine === false) logger.warn('The browser is offline: no personalization on this page');
  else if (!navigator.cookieEnabled || (ask !== '0' && ask !== 'false' && (ask !== null || jar.get('mboxDisable'))))
    logger.warn('Content delivery is disabled: cookies are blocked, or there is an mboxDisable cookie or query parameter');
  else return false;
  return true;
}

/**
 * Adobe's QA switches: preview and QA mode (`at_preview_token`, `at_preview`) and the QA trace
 * (`mboxTrace`), as query parameters or as the cookies that keep them for a session. Reading them
 * is tag-target.js's (qaModes.ts): a page without any of them, every visitor's page, never needs it.
 */
const QA_PARAMETERS = ['at_preview_token', 'at_preview', 'mboxTrace'];
export const QA_COOKIES = ['at_qa_mode', 'at_preview_mode', 'at_trace_output', 'mboxDebugTools'];
export const qaAsked = (jar: CookieJar, query: URLSearchParams): boolean =>
  QA_PARAMETERS.some((name) => query.has(name)) || QA_COOKIES.some((name) => jar.get(name) !== undefined);

/** at.js's parameter forms as flat pairs: an object (nested objects flattened with dots), a query string, or an array of "k=v" strings. */
function pairsOf(input: unknown, prefix = ''): Array<[string, string]> {
  if (typeof input === 'string') return [...new URLSearchParams(input)].filter(([key]) => key.trim());
  if (Array.isArray(input))
    return input.flatMap((item): Array<[string, string]> => {
      const text = typeof item === 'string' ? item : '';
      const at = text.indexOf('=');
      const key = (at < 0 ? text : text.slice(0, at)).trim();
      return key ? [[key, at < 0 ? '' : text.slice(at + 1).trim()]] : [];
    });
  if (!input || typeof input !== 'object') return [];
  return Object.entries(input as Record<string, unknown>).flatMap(
    ([key, value]): Array<[string, string]> =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? pairsOf(value, `${prefix}${key}.`)
        : [[`${prefix}${key}`, value == null ? '' : String(value)]],
  );
}

/**
 * Parameters as at.js takes them (objects, query strings or arrays of "k=v", a later input winning
 * over an earlier one) split into the request's parts as Adobe documents them: `profile.*` →
 * profileParameters, orderId/orderTotal/productPurchasedId → order, productId/categoryId →
 * product, mbox3rdPartyId → id, at_property → property; everything else, `entity.*` included
 * (Recommendations reads those there), stays a parameter.
 */
export function splitParams(...inputs: unknown[]): SplitParams {
  const details: RequestDetails = {};
  const result: SplitParams = { details };
  for (const [key, value] of inputs.flatMap((input) => pairsOf(input))) {
    if (key.startsWith('profile.')) (details.profileParameters ??= {})[key.slice(8)] = value;
    else if (key === 'orderId') (details.order ??= {}).id = value;
    else if (key === 'orderTotal') (details.order ??= {}).total = parseFloat(value);
    else if (key === 'productPurchasedId')
      (details.order ??= {}).purchasedProductIds = value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
    else if (key === 'productId') (details.product ??= {}).id = value;
    else if (key === 'categoryId') (details.product ??= {}).categoryId = value;
    else if (key === 'mbox3rdPartyId') result.thirdPartyId = value;
    else if (key === 'at_property') result.propertyToken = value;
    else (details.parameters ??= {})[key] = value;
  }
  return result;
}
