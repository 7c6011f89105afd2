/**
 * Sending link beacons the Canada.ca way: interaction values go to their slots through the
 * solution design reference, the link call carries exactly those slots and events (plus event
 * 500 on clicks), and afterwards the variables are cleared and the page values restored, so the
 * next beacon starts clean.
 */
import type { BeaconResult, Tracker } from '../../analytics/tracker';
import type { SlotName } from '../../analytics/slots';
import type { LinkType } from '../../analytics/wireFormat';
import type { CanadaRuleContext, DataElementName } from '../../dataElements/names';
import { EVENTS, PAGE_VIEW_ROWS, slotsOf, type InteractionValue, type SdrVariable } from '../../dataElements/sdr';
import { isSearchPage } from '../../dataElements/searchPages';

export type BeaconValues = Partial<Record<InteractionValue, string | undefined>>;
/** Event numbers, or [number, value] pairs. */
export type Events = ReadonlyArray<number | readonly [number, number]>;

/** What only some link beacons need. */
export interface LinkOptions {
  /** Events the beacon carries (a number, or [number, value]). */
  events?: Events;
  /** A visitor's click: event 500 is added, and the variables of the click are its own. */
  click?: boolean;
  /** 'o' (other link) unless given. */
  type?: LinkType;
  /** The link URL (pev1); the page address when absent. */
  url?: string;
  /** Page-level data elements the beacon also carries, in their SDR slots (search terms, …). */
  dataElements?: readonly DataElementName[];
  /** Values that are product codes (see Tracker.set): their digit runs are kept. */
  codes?: readonly InteractionValue[];
}

/** Adds each event (a number, or a [number, value] pair) to the next beacon; gives their numbers. */
export const addEvents = (tracker: Tracker, events: Events): number[] =>
  events.map((event) => (typeof event === 'number' ? (tracker.addEvent(event), event) : (tracker.addEvent(...event), event[0])));

/** Data-element values are strings in beacons; a missing value leaves its slot empty. */
export const asText = (value: unknown): string | undefined => (value == null ? undefined : String(value));

type PageRow = (typeof PAGE_VIEW_ROWS)[number];

/**
 * A page-level slot's text: its data element's value, or the default text (N/A, S/O) where the
 * solution design reference gives one and the page's element reads blank (see SdrVariable).
 */
export function rowText(row: PageRow, ctx: CanadaRuleContext): string | undefined {
  const value = ctx.getVar(row.source.dataElement);
  const defaults = row.defaultText === 'searchPages' ? isSearchPage(location.pathname) : row.defaultText;
  return asText(value) || (defaults && value === '' ? asText(ctx.getVar('defaultText')) : undefined);
}

/** Page values a link beacon keeps: the page it happened on and the library version. Pure, as sdr.ts says why. */
const PAGE_VALUES: readonly PageRow[] = /* @__PURE__ */ PAGE_VIEW_ROWS.filter((row: SdrVariable) =>
  ['pageName', 'pageURL', 'eVar1', 'eVar2', 'eVar16'].includes(row.slot),
);

/** After clear-vars: the page title, URL and library version, as SC-1 and PB-4 ask. */
export function restorePageValues(tracker: Tracker, ctx: CanadaRuleContext): void {
  for (const row of PAGE_VALUES) tracker.set(row.slot, rowText(row, ctx));
}

/**
 * Sends the link beacon `name` (pev2: 'Download Link - …', 'Custom Scroll Depth 25', …) with the
 * interaction `values` in their slots and `events`; a `click` adds event 500 (any tracked click).
 */
export function sendLinkBeacon(
  tracker: Tracker,
  ctx: CanadaRuleContext,
  name: string,
  values: BeaconValues = {},
  { events = [], click = false, type = 'o', url, dataElements = [], codes = [] }: LinkOptions = {},
): Promise<BeaconResult> {
  restorePageValues(tracker, ctx);
  const slots: SlotName[] = PAGE_VALUES.map(({ slot }) => slot);
  const put = (slot: SlotName, text: string | undefined, isCode?: boolean) => {
    tracker.set(slot, text, isCode);
    slots.push(slot);
  };
  for (const [value, text] of Object.entries(values) as Array<[InteractionValue, string | undefined]>)
    for (const slot of slotsOf(value)) put(slot, text, codes.includes(value));
  for (const row of PAGE_VIEW_ROWS) if (dataElements.includes(row.source.dataElement)) put(row.slot, rowText(row, ctx));
  tracker.setLinkTrack(slots, addEvents(tracker, click ? [...events, EVENTS.trackedClick] : events));
  // tl() builds its beacon before it returns, so the variables can be reset at once: the next
  // rule of the same click starts clean. (`pageUrl` '' stays '': only a missing one falls back.)
  const pageUrl = ctx.getVar('pageUrl');
  const sent = tracker.tl(url || String(pageUrl == null ? location.href : pageUrl), type, name);
  tracker.clearVars();
  tracker.setLinkTrack([], []);
  restorePageValues(tracker, ctx);
  return sent;
}
