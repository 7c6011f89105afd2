/**
 * The page-view beacon, shared by the page-bottom rule and the CUSTOM_PAGE_LOAD direct call:
 * the page's values and events (page.ts), t(), then clear-vars so the next beacon starts clean;
 * and what every beacon standing for a page view leaves behind. Only tag.js bundles this file:
 * rules loaded on demand get `pageViewSent` from their dependencies (deps.ts).
 */
import type { CanadaRuleContext } from '../../dataElements/names';
import type { BeaconResult, Tracker } from '../../analytics/tracker';
import { rememberCampaignUrl } from '../../dataElements/campaign';
import { forgetPreviousTimings } from '../../dataElements/performance';
import { addEvents } from './beacons';
import { pageViewEvents, setPageVariables } from './page';

/**
 * What every page view leaves behind, whichever beacon stood for it (the page view, the home
 * pages' impression, a results page's first search, an app's virtual page view): its campaign
 * is remembered, so the next page view of the visit does not record it again, and the previous
 * page's timings it carried are forgotten, so no later page view repeats them.
 */
export function pageViewSent(): void {
  rememberCampaignUrl();
  forgetPreviousTimings();
}

/** Sends the page view with the variables as they are now, then clears them. */
export function sendPageViewBeacon(tracker: Tracker, ctx: CanadaRuleContext): Promise<BeaconResult> {
  addEvents(tracker, pageViewEvents(ctx));
  // t() builds its beacon before it returns, so clearing at once cannot empty it.
  const sent = tracker.t();
  tracker.clearVars();
  pageViewSent();
  return sent;
}

/** A complete page view: page variables, events, t() and clear-vars. */
export function sendPageView(tracker: Tracker, ctx: CanadaRuleContext): Promise<BeaconResult> {
  setPageVariables(tracker, ctx);
  return sendPageViewBeacon(tracker, ctx);
}
