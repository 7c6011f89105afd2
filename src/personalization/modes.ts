/**
 * What the page, the visitor and QA can switch (in tag.js): consent, the content-delivery
 * switch, preview and QA mode, and the page's own parameters (`window.targetPageParams`).
 */
import type { CookieJar } from '../engine/cookies';
import { DAY_MS } from '../engine/durations';
import { SESSION_LIFETIME } from './ids';
import type { QaMode, RequestDetails, SplitParams } from './types';

export const OPTED_OUT = 'Disabled due to optout';
export const NOT_OPTED_IN = 'Adobe Target is not opted in';
export const DELIVERY_DISABLED = 'Content delivery is disabled: cookies are blocked, or there is an mboxDisable cookie or query parameter';
export const OFFLINE = 'The browser is offline: no personalization on this page';

/** Preview and QA choices outlive the page as long as a Target session (about 31 minutes). */
const STICKY_DAYS = SESSION_LIFETIME / DAY_MS;

export interface Consent {
  /** The tracking-consent cookie; when set, personalization also needs it to be `true`. */
  optInCookie: string | null;
  /** A cookie that, when `true`, opts the visitor out. */
  optOutCookie: string;
}

/**
 * Why delivery must not run on this page, or undefined when it may. `?mboxDisable=1|true`
 * sets the switch for the session and `?mboxDisable=0|false` clears it.
 */
export function disabledReason(jar: CookieJar, query: URLSearchParams, consent: Consent): string | undefined {
  const ask = query.get('mboxDisable');
  if (ask === '0' || ask === 'false') jar.remove('mboxDisable');
  else if (ask !== null) jar.set('mboxDisable', '1', { days: STICKY_DAYS });
  if (jar.get(consent.optOutCookie) === 'true') return OPTED_OUT;
  if (consent.optInCookie && jar.get(consent.optInCookie) !== 'true') return NOT_OPTED_IN;
  // Nothing could come back, and the page must not stay hidden waiting for it.
  if (navigator.onLine === false) return OFFLINE;
  if (!navigator.cookieEnabled || (ask !== '0' && ask !== 'false' && (ask !== null || jar.get('mboxDisable')))) return DELIVERY_DISABLED;
  return undefined;
}

/**
 * A value set by a query parameter and kept in a cookie for the session: the parameter wins,
 * an empty parameter forgets it.
 */
function sticky(jar: CookieJar, cookie: string, fromQuery: string | null | undefined): string | undefined {
  if (fromQuery === '') jar.remove(cookie);
  else if (fromQuery) jar.set(cookie, fromQuery, { days: STICKY_DAYS });
  return fromQuery === '' ? undefined : fromQuery || jar.get(cookie);
}

/** Audience ids as QA links carry them: Adobe's underscore-separated form (`11_12`), or commas. */
const audienceIds = (text: string | null) =>
  text
    ? text
        .split(/[,_]/)
        .map(Number)
        .filter((n) => n > 0)
    : undefined;

export type TraceOutput = 'console' | 'json' | 'window';

/** The token Adobe's debugging tools keep for the session; at.js reads it when the URL has none. */
const TRACE_TOKEN_COOKIE = 'mboxDebugTools';
const TRACE_OUTPUT_COOKIE = 'at_trace_output';
const isTraceOutput = (text: string | null): text is TraceOutput => text === 'console' || text === 'json' || text === 'window';

/**
 * Adobe's QA trace: `?mboxTrace=console|json|window` with `&authorization={token}` (from the Target
 * UI) starts a trace session: each request of this page and the next ones (for a Target session)
 * asks for the trace of its decisions, shown in the console as an object or as JSON text, or
 * appended to `window.___target_trace`; `?mboxTrace=disable` ends it. A token in Adobe's
 * `mboxDebugTools` cookie also asks for the trace, which then shows only in the network response,
 * as with at.js. A lone `authorization` parameter is some other site's business and is not sent.
 */
export function traceMode(jar: CookieJar, query: URLSearchParams): { to?: TraceOutput; authorizationToken: string } | undefined {
  const ask = query.get('mboxTrace');
  if (ask === 'disable') {
    jar.remove(TRACE_OUTPUT_COOKIE);
    jar.remove(TRACE_TOKEN_COOKIE);
    return undefined;
  }
  const fromQuery = query.get('authorization');
  const starts = isTraceOutput(ask) && fromQuery;
  const to = sticky(jar, TRACE_OUTPUT_COOKIE, starts ? ask : undefined) ?? null;
  const authorizationToken = sticky(jar, TRACE_TOKEN_COOKIE, starts ? fromQuery : undefined);
  if (!authorizationToken) return undefined;
  return isTraceOutput(to) ? { to, authorizationToken } : { authorizationToken };
}

/**
 * QA mode (`at_preview_token`, with `at_preview_index=1_2` repeated, `at_preview_listed_activities_only`,
 * `at_preview_evaluate_as_true_audience_ids` and `..._false_...`), kept in the `at_qa_mode`
 * cookie; and a preview token (`at_preview`), kept in `at_preview_mode`.
 */
export function previewModes(jar: CookieJar, query: URLSearchParams): { qaMode?: QaMode; preview?: string } {
  const token = query.get('at_preview_token');
  let qa: string | undefined;
  if (token) {
    const mode: QaMode = {
      token,
      listedActivitiesOnly: query.get('at_preview_listed_activities_only') === 'true',
      evaluateAsTrueAudienceIds: audienceIds(query.get('at_preview_evaluate_as_true_audience_ids')),
      evaluateAsFalseAudienceIds: audienceIds(query.get('at_preview_evaluate_as_false_audience_ids')),
      previewIndexes: query.getAll('at_preview_index').map((index) => {
        const [activity, experience] = index.split('_').map(Number);
        return { activityIndex: activity || 1, experienceIndex: experience || 1 };
      }),
    };
    qa = JSON.stringify(mode);
  }
  const qaText = sticky(jar, 'at_qa_mode', token === '' ? '' : qa);
  let qaMode: QaMode | undefined;
  try {
    qaMode = qaText ? (JSON.parse(qaText) as QaMode) : undefined;
  } catch {
    qaMode = undefined;
  }
  return { qaMode, preview: sticky(jar, 'at_preview_mode', query.get('at_preview')) };
}

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
