/**
 * Adobe's QA modes, read in tag-target.js: tag.js loads it before the page-load request only when
 * a QA switch is in the address or a cookie (modes.ts, qaAsked). Preview and QA mode go into every
 * request; the QA trace asks for each decision's trace and shows it where `mboxTrace` said.
 */
import type { CookieJar } from '../engine/cookies';
import type { Logger } from '../engine/types';
import { STICKY_DAYS } from './modes';
import { decisionsOf } from './responseDetails';
import type { DeliveryResponse, QaMode, QaModes } from './types';

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

/** Each decision's QA trace, where `mboxTrace` asked: the console (an object or JSON text), or `window.___target_trace`. */
function showTrace(response: DeliveryResponse, to: TraceOutput, logger: Logger): void {
  const decisions = decisionsOf(response);
  for (const decision of decisions) {
    if (!decision.trace) continue;
    if (to === 'console') console.log('[target] trace', decision.name ?? 'page load', decision.trace);
    else if (to === 'json') console.log(JSON.stringify(decision.trace));
    else ((window as unknown as { ___target_trace?: unknown[] }).___target_trace ??= []).push(decision.trace);
  }
  if (decisions.some((d) => d.trace)) logger.log('QA trace shown');
}

/** The QA modes of this page (reading them also starts, keeps or ends them for the session). */
export function readQaModes(jar: CookieJar, query: URLSearchParams): QaModes {
  const trace = traceMode(jar, query);
  const to = trace?.to;
  return {
    ...previewModes(jar, query),
    trace: trace && { authorizationToken: trace.authorizationToken, show: to && ((response, logger) => showTrace(response, to, logger)) },
  };
}
