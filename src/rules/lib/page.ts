/**
 * The page-view beacon, shared by the page-bottom rule and the CUSTOM_PAGE_LOAD direct call:
 * every page-level slot of the solution design reference, events 9 (page load), 11 (page view)
 * and 12 (content age, valued), t(), then clear-vars so the next beacon starts clean.
 */
import type { BeaconResult, Tracker } from '../../analytics/tracker';
import { PAGE_VIEW_ROWS } from '../../dataElements/sdr';
import type { RuleContext } from '../../engine/types';

/** Data-element values are strings in beacons; a missing value leaves its slot empty. */
const asText = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** Fills every page-level slot of the solution design reference from its data element. */
export function setPageVariables(tracker: Tracker, ctx: RuleContext): void {
  for (const row of PAGE_VIEW_ROWS) tracker.set(row.slot, asText(ctx.getVar(row.source.dataElement)));
}

/** Events 9 and 11, and 12 valued with the content age in days when the page has one. */
export function addPageViewEvents(tracker: Tracker, ctx: RuleContext): void {
  tracker.addEvent(9);
  tracker.addEvent(11);
  const age = asText(ctx.getVar('contentAge'));
  if (age && Number.isFinite(Number(age))) tracker.addEvent(12, Number(age));
}

/** A complete page view: page variables, events, t() and clear-vars. */
export function sendPageView(tracker: Tracker, ctx: RuleContext): Promise<BeaconResult> {
  setPageVariables(tracker, ctx);
  addPageViewEvents(tracker, ctx);
  // t() builds its beacon before it returns, so clearing at once cannot empty it.
  const sent = tracker.t();
  tracker.clearVars();
  return sent;
}
