/**
 * What every page view is made of: every page-level slot of the solution design reference,
 * events 9 (page load), 11 (page view) and 12 (content age, valued). Also the page facts the
 * page-bottom rules decide on, and a real direct call as an action. Sending it: pageView.ts.
 */
import type { CanadaRuleContext } from '../../dataElements/names';
import type { Tracker } from '../../analytics/tracker';
import { isSearchPage } from '../../dataElements/searchPages';
import { EVENTS, PAGE_VIEW_ROWS } from '../../dataElements/sdr';
import { reason } from '../../engine/logger';
import type { Action } from '../../engine/types';
import { asText, rowText } from './beacons';
import { pathIsOneOf, when } from './conditions';
import { all, hrefOf } from './dom';

/** Fills every page-level slot of the solution design reference from its data element. */
export function setPageVariables(tracker: Tracker, ctx: CanadaRuleContext): void {
  for (const row of PAGE_VIEW_ROWS) tracker.set(row.slot, rowText(row, ctx));
}

/** Every page-level data element: a link beacon that stands in for the page view carries them all. Pure, as sdr.ts says why. */
export const PAGE_VIEW_ELEMENTS = /* @__PURE__ */ PAGE_VIEW_ROWS.map(({ source }) => source.dataElement);

/** Events 9 and 11, and 12 valued with the content age in days when the page has one. */
export function pageViewEvents(ctx: CanadaRuleContext): Array<number | readonly [number, number]> {
  const age = Number(asText(ctx.getVar('contentAge')) || NaN);
  return Number.isFinite(age) ? [EVENTS.pageLoad, EVENTS.pageView, [EVENTS.contentAge, age]] : [EVENTS.pageLoad, EVENTS.pageView];
}

/**
 * Keeps a rule synchronous around a send: the beacon is built before the send returns, and the
 * rule's next steps (and the next rules of the page bottom) must not wait for its delivery. A
 * refusal (no consent) is logged as the rule's error instead of being left unhandled.
 */
export function sentInBackground(ctx: CanadaRuleContext, sent: Promise<unknown>): void {
  sent.catch((error: unknown) => ctx.log.error(`Rule "${ctx.ruleName}": beacon not sent:`, reason(error)));
}

/** PB-3: the home and news pages, which get the internal-campaign impression instead. */
export const HOME_AND_NEWS_PAGES = ['/en.html', '/fr.html', '/en/news.html', '/fr/nouvelles.html'] as const;

export const isHomeOrNewsPage = pathIsOneOf(HOME_AND_NEWS_PAGES);
export const isSinglePageApp = when('single-page app', (ctx) => ctx.getVar('singlePageApp') === 'yes');
/** PB-2: a q parameter on a search (srb, search, rechercher) page: the search rules report it. */
export const isSearchResultsPage = when('search results page', () => isSearchPage(location.pathname) && new URLSearchParams(location.search).has('q'));

/**
 * The internal campaigns the page promotes: the utm_campaign of each link in the main content
 * that carries one, once each, semicolon-separated.
 */
export function internalCampaigns(): string {
  const names = new Set<string>();
  for (const link of all('main a[href*="utm_campaign=" i]')) {
    try {
      const name = (new URL(hrefOf(link)).searchParams.get('utm_campaign') || '').trim();
      if (name) names.add(name);
    } catch {
      // A link whose address does not parse promotes nothing we can name.
    }
  }
  return [...names].join(';');
}

/**
 * A direct call made through `window._satellite`, exactly as a page's own call would be, so
 * every rule listening for it runs (synchronously, before this action returns).
 */
export const directCall = (identifier: string): Action => ({
  name: `Direct call "${identifier}"`,
  run: () => {
    const satellite = (window as { _satellite?: { track?: (id: string) => void } })._satellite;
    if (satellite?.track) satellite.track(identifier);
  },
});
