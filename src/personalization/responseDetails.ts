import type { Decision, DeliveryResponse } from './types';

/** Every decision a delivery response carries: page load, executed and prefetched mboxes, views. */
export const decisionsOf = (response: DeliveryResponse): Decision[] =>
  [response.execute?.pageLoad, ...(response.execute?.mboxes ?? []), ...(response.prefetch?.mboxes ?? []), ...(response.prefetch?.views ?? [])].filter(
    (decision): decision is Decision => !!decision,
  );

/**
 * What `at-request-succeeded` tells its listeners, as Adobe documents it: every option's response
 * tokens (the Google Analytics integration reads them), the Analytics for Target payloads, and
 * whether the page-load answer is a redirect.
 */
export function responseDetails(response: DeliveryResponse): Record<string, unknown> {
  const decisions = decisionsOf(response);
  const responseTokens = decisions.flatMap((d) => (d.options ?? []).map((o) => o.responseTokens).filter((t) => t && typeof t === 'object'));
  const analyticsDetails = decisions.map((d) => d.analytics).filter((a) => a && typeof a === 'object');
  const redirect = (response.execute?.pageLoad?.options ?? []).some((o) => o.type === 'redirect');
  return { redirect, ...(responseTokens.length ? { responseTokens } : {}), ...(analyticsDetails.length ? { analyticsDetails } : {}) };
}
