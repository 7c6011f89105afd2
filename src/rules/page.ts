/**
 * The page view and the page-bottom sequence (requirements PB-1 to PB-5), in the order of PAGE_BOTTOM_ORDER
 * (lib/pageBottomOrder.ts): the paint-time observer, the survey start time (survey.ts), the
 * error-page setter, the screen id (interactions.ts), the page variables and this page's values
 * for the next one, the visit cookies (measurements.ts), then the page view (or the
 * internal-campaign impression; search.ts's first search on a results page), the click cookies
 * deleted and pageReset.
 */
import type { Action, Rule } from '../engine/types';
import { clearClickContext, currentPageValues, pushSpaFlag, savePreviousPageCookies, watchPageTimings } from '../dataElements';
import type { RuleDependencies } from './deps';
import { sendLinkBeacon, restorePageValues } from './lib/beacons';
import { not, when } from './lib/conditions';
import {
  directCall,
  internalCampaigns,
  isHomeOrNewsPage,
  isSearchResultsPage,
  isSinglePageApp,
  PAGE_VIEW_ELEMENTS,
  pageViewEvents,
  sentInBackground,
  setPageVariables,
} from './lib/page';
import { PAGE_BOTTOM_ORDER } from './lib/pageBottomOrder';
import { pageViewSent, sendPageViewBeacon } from './lib/pageView';
import { called, PAGE_BOTTOM, rule } from './lib/rule';

export const INTERNAL_CAMPAIGN_IMPRESSION = 'Internal Campaign Impression';
export const PAGE_RESET = 'pageReset';

const pageBottom = [PAGE_BOTTOM];
const act = (name: string, run: Action['run']): Action => ({ name, run });

export function pageRules({ tracker, later }: RuleDependencies): Rule[] {
  return [
    // The app listens for this to send its own page views (CUSTOM_PAGE_LOAD).
    rule('Single-page app flag', [{ type: 'libraryLoaded' }], [], () => pushSpaFlag(), { action: 'Push isSPA' }),
    rule('Performance observer', pageBottom, [], () => void watchPageTimings(later), {
      order: PAGE_BOTTOM_ORDER.paintObserver,
      action: 'Watch FCP, LCP and load time',
    }),
    // pageType is not cleared by clearVars, as in AppMeasurement, and no link beacon carries
    // it. The 404 'Page Not Found' name is the pageTitle element's, so every reader agrees.
    rule('Error page', pageBottom, [when('404, 403 or 500 page', (ctx) => Boolean(ctx.getVar('errorPageType')))], () => tracker.set('pageType', 'errorPage'), {
      order: PAGE_BOTTOM_ORDER.errorPage,
      action: 'pageType errorPage',
    }),
    {
      // Every page, sent or not, leaves its values for the next page.
      name: 'Page variables',
      order: PAGE_BOTTOM_ORDER.pageVariables,
      events: pageBottom,
      // The page variables, the visit cookies and the page view go together, after the setters.
      startsTask: true,
      actions: [
        act('Set page variables', (ctx) => setPageVariables(tracker, ctx)),
        act('Save for next page', (ctx) => savePreviousPageCookies(currentPageValues(ctx.getVar))),
      ],
    },
    {
      name: 'Page view',
      order: PAGE_BOTTOM_ORDER.pageView,
      events: pageBottom,
      conditions: [not(isSinglePageApp), not(isSearchResultsPage), not(isHomeOrNewsPage)],
      actions: [act('Send the page view', (ctx) => sentInBackground(ctx, sendPageViewBeacon(tracker, ctx)))],
    },
    {
      // A link beacon that stands in for the page view: it carries the page's values and the
      // page-view events, so these pages still count in page-level reports.
      name: INTERNAL_CAMPAIGN_IMPRESSION,
      order: PAGE_BOTTOM_ORDER.pageView,
      events: pageBottom,
      conditions: [isHomeOrNewsPage],
      actions: [
        act('Send the impression', (ctx) =>
          sentInBackground(
            ctx,
            sendLinkBeacon(
              tracker,
              ctx,
              INTERNAL_CAMPAIGN_IMPRESSION,
              { internalCampaigns: internalCampaigns() },
              { events: pageViewEvents(ctx), dataElements: PAGE_VIEW_ELEMENTS },
            ),
          ),
        ),
        act('After the page view', () => pageViewSent()),
      ],
    },
    {
      name: 'Page bottom reset',
      order: PAGE_BOTTOM_ORDER.pageView,
      events: pageBottom,
      actions: [act('Delete click cookies', () => clearClickContext()), directCall(PAGE_RESET)],
    },
    rule(
      PAGE_RESET,
      [called(PAGE_RESET)],
      [],
      (ctx) => {
        tracker.clearVars();
        restorePageValues(tracker, ctx);
      },
      { action: 'Clear and restore' },
    ),
  ];
}
