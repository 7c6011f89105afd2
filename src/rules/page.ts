/**
 * The page view and the page-bottom sequence (SPEC §4), by order value: 10 paint-time observer,
 * 30 survey start time (survey.ts), 50 error-page setter, 90 page variables and this page's
 * cookies for the next one, 95 visit cookies (measurements.ts), 100 the page view (or the
 * internal-campaign impression), then click cookies deleted and pageReset. Rule components are
 * synchronous, so each order value has finished before the next starts.
 */
import type { Rule } from '../engine/types';
import { clearClickContext, currentPageValues, observePaintTimes, pushSpaFlag, rememberCampaignUrl, savePreviousPageCookies } from '../dataElements';
import { PAGE_VIEW_ROWS } from '../dataElements/sdr';
import type { RuleDependencies } from './deps';
import { sendLinkBeacon, restorePageValues } from './lib/beacons';
import { not, when } from './lib/conditions';
import {
  directCall,
  internalCampaigns,
  isHomeOrNewsPage,
  isSearchResultsPage,
  isSinglePageApp,
  pageViewEvents,
  sendPageViewBeacon,
  sentInBackground,
  setPageVariables,
} from './lib/page';

export const INTERNAL_CAMPAIGN_IMPRESSION = 'Internal Campaign Impression';
export const PAGE_RESET = 'pageReset';

const pageBottom = [{ type: 'pageBottom' as const }];

export function pageRules({ tracker }: RuleDependencies): Rule[] {
  return [
    {
      // The app listens for this to send its own page views (CUSTOM_PAGE_LOAD).
      name: 'Single-page app flag',
      events: [{ type: 'libraryLoaded' }],
      actions: [{ name: 'Push isSPA to the data layer', run: () => pushSpaFlag() }],
    },
    {
      name: 'Performance observer',
      order: 10,
      events: pageBottom,
      actions: [{ name: 'Watch FCP and LCP', run: () => void observePaintTimes() }],
    },
    {
      // pageType is not cleared by clearVars, as in AppMeasurement, and no link beacon carries
      // it. The 404 'Page Not Found' name is the pageTitle element's, so every reader agrees.
      name: 'Error page',
      order: 50,
      events: pageBottom,
      conditions: [when('404, 403 or 500 page', (ctx) => Boolean(ctx.getVar('errorPageType')))],
      actions: [{ name: 'pageType errorPage', run: () => tracker.set('pageType', 'errorPage') }],
    },
    {
      // Every page, sent or not, leaves its values for the next page.
      name: 'Page variables',
      order: 90,
      events: pageBottom,
      actions: [
        { name: 'Set page variables from the solution design reference', run: (ctx) => setPageVariables(tracker, ctx) },
        { name: 'Save this page for the next one', run: (ctx) => savePreviousPageCookies(currentPageValues(ctx.getVar)) },
      ],
    },
    {
      name: 'Page view',
      order: 100,
      events: pageBottom,
      conditions: [not(isSinglePageApp), not(isSearchResultsPage), not(isHomeOrNewsPage)],
      actions: [
        { name: 'Send the page view', run: (ctx) => sentInBackground(ctx, sendPageViewBeacon(tracker, ctx)) },
        { name: 'Remember the campaign URL', run: () => rememberCampaignUrl() },
      ],
    },
    {
      // A link beacon that stands in for the page view: it carries the page's values and the
      // page-view events, so these pages still count in page-level reports.
      name: INTERNAL_CAMPAIGN_IMPRESSION,
      order: 100,
      events: pageBottom,
      conditions: [isHomeOrNewsPage],
      actions: [
        {
          name: 'Send the impression',
          run: (ctx) =>
            sentInBackground(
              ctx,
              sendLinkBeacon(tracker, ctx, {
                type: 'o',
                name: INTERNAL_CAMPAIGN_IMPRESSION,
                values: { internalCampaigns: internalCampaigns() },
                dataElements: PAGE_VIEW_ROWS.map((row) => row.source.dataElement),
                events: pageViewEvents(ctx),
              }),
            ),
        },
        { name: 'Remember the campaign URL', run: () => rememberCampaignUrl() },
      ],
    },
    {
      name: 'Page bottom reset',
      order: 100,
      events: pageBottom,
      actions: [{ name: 'Delete the click cookies', run: () => clearClickContext() }, directCall(PAGE_RESET)],
    },
    {
      name: PAGE_RESET,
      events: [{ type: 'directCall', identifier: PAGE_RESET }],
      actions: [
        {
          name: 'Clear variables and restore page values',
          run: (ctx) => {
            tracker.clearVars();
            restorePageValues(tracker, ctx);
          },
        },
      ],
    },
  ];
}
