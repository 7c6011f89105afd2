/**
 * What the beacon inspector shows, as pure functions of what the demo server streams: beacon
 * parameters named from the solution design reference, entries grouped by the page they came
 * from, and the type filter. No DOM and no node imports: the server, the React page and the unit
 * tests share it.
 */
import { paramOf } from '../../src/analytics/slots';
import { SDR_VARIABLES } from '../../src/dataElements/sdr';
import { describeParam, eventLabel } from '../../src/dataElements/sdrLabels';
import { rawRequest, textsMatch } from '../../src/qaPanel/model';
import { beaconParam, isPageView, type Beacon } from '../beacon';

/** A personalization request (demo/delivery.ts), cut down to what a reader of the list needs. */
export interface DeliverySummary {
  receivedAt: string;
  method: string;
  /** Status answered; 0 when there was no answer (the `hang` fault). */
  status: number;
  /** As demo/delivery.ts records it: a request for decisions, notifications only, a CORS preflight or an invalid body. */
  kind: 'delivery' | 'notification' | 'preflight' | 'invalid';
  /** The page that asked (the body's context.address.url). */
  pageUrl?: string;
  /** True when the request asks for the page-load decisions: sent once per page load. */
  pageLoad: boolean;
  /** What it asked to decide now, e.g. 'page load', 'mbox hero'. */
  execute: string[];
  /** What it asked to decide ahead, e.g. 'views', 'mbox hero'. */
  prefetch: string[];
  /** Notifications it carried, e.g. 'click (page load)', 'display (view services-view)'. */
  notifications: string[];
  /** What was decided: one line per offer option. */
  options: OptionSummary[];
  /** The fault applied or the error answered, when there was one. */
  problem?: string;
}

export interface OptionSummary {
  /** 'execute' or 'prefetch'. */
  decision: string;
  /** 'page load', 'mbox hero', 'view services-view'. */
  location: string;
  /** Offer type: 'actions', 'html', 'json', 'redirect', … */
  type: string;
  activity?: string;
  experience?: string;
}

/** A request for the survey file, as the server answered it. */
export interface SurveyFileRequest {
  receivedAt: string;
  method: string;
  status: number;
  /** Bytes sent (Content-Length), 0 when unknown. */
  bytes: number;
  /** The page that asked (its Referer). */
  pageUrl?: string;
}

/** One entry of the inspector feed: the server numbers them in arrival order. */
export type FeedEntry =
  | { id: number; kind: 'beacon'; beacon: Beacon }
  | { id: number; kind: 'delivery'; delivery: DeliverySummary }
  | { id: number; kind: 'surveyFile'; surveyFile: SurveyFileRequest };

/** What the server sends first on each connection: the entries the page has not seen yet. */
export interface FeedSnapshot {
  /** The server run: a page that reconnects to another run starts its list again. */
  instance: string;
  entries: FeedEntry[];
}

/** Beacon types as an analyst filters them: the page view, and the three link types. */
export type BeaconType = 'page' | 'o' | 'd' | 'e';

export function beaconType(beacon: Beacon): BeaconType {
  const pe = beaconParam(beacon, 'pe');
  if (pe === undefined) return 'page';
  return pe === 'lnk_d' ? 'd' : pe === 'lnk_e' ? 'e' : 'o';
}

export const PAGE_VIEW_EVENT = 11;

/** The survey pop-up reports itself with these link names (src/rules/interactions.ts). */
export const SURVEY_LINK_NAMES: readonly string[] = ['Pop-up Impression', 'Popup yes click'];

export function isSurveyBeacon(beacon: Beacon): boolean {
  return SURVEY_LINK_NAMES.includes(beaconParam(beacon, 'pev2') ?? '');
}

/** Parameter → its row of the solution design reference. */
const sdrByParam = new Map(SDR_VARIABLES.map((row) => [paramOf(row.slot), row]));

export interface ParamRow {
  /** As sent: 'v5'. */
  param: string;
  /** The analytics slot: 'eVar5' (absent for wire-format parameters). */
  slot?: string;
  /** The report name: 'Theme'. */
  name?: string;
  /** What fills it: 'data element theme', 'interaction linkText'. */
  source?: string;
  value: string;
}

export function describeParams(beacon: Beacon): ParamRow[] {
  return beacon.params.map(([param, value]) => {
    const row = sdrByParam.get(param);
    const name = describeParam(param);
    const source = row && ('dataElement' in row.source ? `data element ${row.source.dataElement}` : `interaction ${row.source.interaction}`);
    return { param, value, ...(row ? { slot: row.slot } : {}), ...(name ? { name } : {}), ...(source ? { source } : {}) };
  });
}

export interface EventRow {
  number: number;
  /** The value after '=' (event12=431), when there is one. */
  value?: string;
  name?: string;
}

/** `events=event9,event12=431` → numbered, named events; anything else in the list is dropped. */
export function describeEvents(beacon: Beacon): EventRow[] {
  return (beaconParam(beacon, 'events') ?? '').split(',').flatMap((item) => {
    const match = /^event(\d+)(?:=(.*))?$/.exec(item.trim());
    if (!match) return [];
    const number = Number(match[1]);
    const name = eventLabel(number);
    return [{ number, ...(match[2] !== undefined ? { value: match[2] } : {}), ...(name ? { name } : {}) }];
  });
}

/**
 * Home and news pages send their page view as a link call ('Internal Campaign Impression') that
 * carries the page-view event: for grouping it stands in for the page view.
 */
export function countsAsPageView(beacon: Beacon): boolean {
  return isPageView(beacon) || describeEvents(beacon).some((event) => event.number === PAGE_VIEW_EVENT);
}

export function pageUrlOf(entry: FeedEntry): string | undefined {
  if (entry.kind === 'beacon') return beaconParam(entry.beacon, 'g');
  return entry.kind === 'delivery' ? entry.delivery.pageUrl : entry.surveyFile.pageUrl;
}

/**
 * Which page an entry belongs to: origin and path. The query string and fragment are left out
 * because each sender scrubs or keeps them differently (the beacon's `g`, the delivery body's
 * URL, the survey request's Referer) for the same page.
 */
export function pageKey(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * Entries a page load sends once: the page view, the page-load decisions and the survey file.
 * A second one of the same kind for the same page means the page was loaded again.
 */
function onceAPageKind(entry: FeedEntry): 'pageView' | 'pageLoad' | 'surveyFile' | null {
  if (entry.kind === 'beacon') return countsAsPageView(entry.beacon) ? 'pageView' : null;
  if (entry.kind === 'delivery') return entry.delivery.pageLoad ? 'pageLoad' : null;
  return 'surveyFile';
}

export interface PageGroup {
  /** The id of its first entry: stable while entries arrive. */
  id: number;
  /** Origin and path ('' when unknown). */
  pageKey: string;
  /** The full URL of its first entry that had one. */
  pageUrl?: string;
  /** The page view's (or stand-in's) pageName, else any beacon's. */
  pageName?: string;
  /** The page-view beacon (or its stand-in), once it has arrived. */
  pageView?: FeedEntry & { kind: 'beacon' };
  /** In arrival order. */
  entries: FeedEntry[];
}

/**
 * Groups entries (in arrival order) by page view. An entry joins the latest group of its page;
 * an entry that a page load sends once (see onceAPageKind) starts a new group when that group
 * already has one of its kind. So the page-load decisions and the survey file, which arrive
 * before the page view, join it, and link calls join the page they happened on (by `g`).
 * Groups come back newest first.
 */
export function groupByPage(entries: readonly FeedEntry[]): PageGroup[] {
  const groups: PageGroup[] = [];
  const latest = new Map<string, PageGroup>();
  for (const entry of entries) {
    const key = pageKey(pageUrlOf(entry));
    const kind = onceAPageKind(entry);
    let group = latest.get(key);
    if (!group || (kind !== null && group.entries.some((other) => onceAPageKind(other) === kind))) {
      group = { id: entry.id, pageKey: key, entries: [] };
      groups.push(group);
      latest.set(key, group);
    }
    group.entries.push(entry);
    group.pageUrl ??= pageUrlOf(entry);
    if (entry.kind !== 'beacon') continue;
    if (kind === 'pageView') {
      group.pageView = entry;
      group.pageName = beaconParam(entry.beacon, 'pageName') ?? group.pageName;
    } else {
      group.pageName ??= beaconParam(entry.beacon, 'pageName');
    }
  }
  return groups.reverse();
}

export type FilterKey = BeaconType | 'personalization' | 'survey';
export type Filter = Record<FilterKey, boolean>;

export const FILTER_KEYS: readonly FilterKey[] = ['page', 'o', 'd', 'e', 'personalization', 'survey'];
export const SHOW_ALL: Filter = { page: true, o: true, d: true, e: true, personalization: true, survey: true };

/** The filter an entry answers to: its beacon type, or what sits beside the beacons. */
export function filterKeyOf(entry: FeedEntry): FilterKey {
  if (entry.kind === 'beacon') return beaconType(entry.beacon);
  return entry.kind === 'delivery' ? 'personalization' : 'survey';
}

/** The groups with only the entries the filter lets through; groups left empty are dropped. */
export function filterGroups(groups: readonly PageGroup[], filter: Filter): PageGroup[] {
  return groups.flatMap((group) => {
    const entries = group.entries.filter((entry) => filter[filterKeyOf(entry)]);
    return entries.length ? [{ ...group, entries }] : [];
  });
}

/** How many entries each filter would show. */
export function countByFilter(entries: readonly FeedEntry[]): Record<FilterKey, number> {
  const counts: Record<FilterKey, number> = { page: 0, o: 0, d: 0, e: 0, personalization: 0, survey: 0 };
  for (const entry of entries) counts[filterKeyOf(entry)] += 1;
  return counts;
}

/** What a search looks at in an entry: every parameter (name, slot, report name, value), or the request's summary. */
export function entryTexts(entry: FeedEntry): string[] {
  if (entry.kind === 'beacon') {
    return [entry.beacon.path, ...describeParams(entry.beacon).flatMap((row) => [row.param, row.slot ?? '', row.name ?? '', row.value])];
  }
  if (entry.kind === 'delivery') {
    const { delivery } = entry;
    return [
      delivery.kind,
      String(delivery.status),
      delivery.pageUrl ?? '',
      delivery.problem ?? '',
      ...delivery.execute,
      ...delivery.prefetch,
      ...delivery.notifications,
      ...delivery.options.flatMap((option) => [option.location, option.type, option.activity ?? '', option.experience ?? '']),
    ];
  }
  return ['im.xml', String(entry.surveyFile.status), entry.surveyFile.pageUrl ?? ''];
}

/** The entries a search keeps (case and accents aside, as the QA panel searches). */
export function searchEntries(entries: readonly FeedEntry[], search: string): FeedEntry[] {
  return entries.filter((entry) => textsMatch(entryTexts(entry), search));
}

/** A beacon as the request that reached the collector: a GET address, or a POST's address and body. */
export function beaconRequest(beacon: Beacon): string {
  return rawRequest(`http://${beacon.host}${beacon.path}`, beacon.query, beacon.method);
}

/** The entries shown, as the export gives them: in arrival order, each with what the feed said. */
export function exportFeed(entries: readonly FeedEntry[]): string {
  return JSON.stringify({ exported: new Date().toISOString(), entries }, null, 2);
}
