/**
 * Sending link beacons the Canada.ca way: interaction values go to their slots through the
 * solution design reference, the link call carries exactly those slots and events (plus event
 * 500 on clicks), and afterwards the variables are cleared and the page values restored, so the
 * next beacon starts clean.
 */
import type { BeaconResult, Tracker } from '../../analytics/tracker';
import type { SlotName } from '../../analytics/slots';
import type { LinkType } from '../../analytics/wireFormat';
import type { DataElementName } from '../../dataElements/names';
import { PAGE_VIEW_ROWS, slotsOf, type InteractionValue } from '../../dataElements/sdr';
import type { RuleContext } from '../../engine/types';

export const TRACKED_CLICK_EVENT = 500;

export interface LinkBeacon {
  type: LinkType;
  /** The link name (pev2): 'Download Link - …', 'Custom Scroll Depth 25', … */
  name: string;
  /** The link URL (pev1); the page address when absent. */
  url?: string;
  values?: Partial<Record<InteractionValue, string | undefined>>;
  /** Page-level data elements the beacon also carries, in their SDR slots (search terms, …). */
  dataElements?: readonly DataElementName[];
  /** Event numbers, or [number, value] pairs. */
  events?: ReadonlyArray<number | readonly [number, number]>;
  /** A click adds event 500 (any tracked click). */
  click?: boolean;
}

/** Page values a link beacon keeps: the page it happened on and the library version. */
const PAGE_VALUES: ReadonlyArray<readonly [SlotName, string]> = [
  ['pageName', 'pageTitle'],
  ['pageURL', 'pageUrl'],
  ['eVar1', 'pageTitle'],
  ['eVar2', 'pageUrl'],
  ['eVar16', 'libraryVersion'],
];

/** After clear-vars: the page title, URL and library version, as SPEC's scroll and reset rules ask. */
export function restorePageValues(tracker: Tracker, ctx: RuleContext): void {
  for (const [slot, element] of PAGE_VALUES) {
    const value = ctx.getVar(element);
    tracker.set(slot, value === undefined || value === null ? undefined : String(value));
  }
}

export function sendLinkBeacon(tracker: Tracker, ctx: RuleContext, beacon: LinkBeacon): Promise<BeaconResult> {
  restorePageValues(tracker, ctx);
  const slots: SlotName[] = PAGE_VALUES.map(([slot]) => slot);
  for (const [value, text] of Object.entries(beacon.values ?? {}) as Array<[InteractionValue, string | undefined]>) {
    for (const slot of slotsOf(value)) {
      tracker.set(slot, text);
      slots.push(slot);
    }
  }
  for (const row of PAGE_VIEW_ROWS) {
    if (!beacon.dataElements?.includes(row.source.dataElement)) continue;
    const value = ctx.getVar(row.source.dataElement);
    tracker.set(row.slot, value === undefined || value === null ? undefined : String(value));
    slots.push(row.slot);
  }
  const events = [...(beacon.events ?? []), ...(beacon.click ? [TRACKED_CLICK_EVENT] : [])];
  for (const event of events) (typeof event === 'number' ? tracker.addEvent(event) : tracker.addEvent(event[0], event[1]));
  tracker.setLinkTrack(slots, events.map((e) => (typeof e === 'number' ? e : e[0])));
  // tl() builds its beacon before it returns, so the variables can be reset at once: the next
  // rule of the same click starts clean.
  const sent = tracker.tl(beacon.url ?? String(ctx.getVar('pageUrl') ?? location.href), beacon.type, beacon.name);
  tracker.clearVars();
  tracker.setLinkTrack([], []);
  restorePageValues(tracker, ctx);
  return sent;
}
