/**
 * What the QA panel lists (requirements QA-2), as pure functions of the tag's feed (src/engine/logger.ts, `qaFeed`):
 * the beacons with where each stands, the rules that fired or not, the personalization events
 * and decisions, the survey's decisions, the data layer's items and the rest of the log. No DOM:
 * the React panel and the unit tests share it.
 */
import type { QueuedBeacon } from '../analytics/beaconQueue';
import { MAX_GET_URL } from '../analytics/delivery';
import { paramOf } from '../analytics/slots';
import { decodeBeacon } from '../analytics/wireFormat';
import { SDR_VARIABLES } from '../dataElements/sdr';
import { describeParam, eventLabel } from '../dataElements/sdrLabels';
import type { FeedEntry } from '../engine/logger';
import { MESSAGE_TEXTS } from '../engine/logMessages';
import type { MessageTexts } from '../engine/logger';
import { asText, scrubValue } from './scrub';

export type EntryKind = 'beacon' | 'rule' | 'personalization' | 'survey' | 'dataLayer' | 'log';
export const ENTRY_KINDS: readonly EntryKind[] = ['beacon', 'rule', 'personalization', 'survey', 'dataLayer', 'log'];

/** Where a beacon stands: in flight, waiting behind one in flight, queued for a retry, answered, or refused. */
export type BeaconState = 'sending' | 'waiting' | 'queued' | 'sent' | 'refused';

/** What a rule did: the log's three outcomes. */
export type RuleOutcome = 'fired' | 'notMet' | 'failed';

export interface Row {
  label: string;
  /** For a beacon parameter: the analytics slot it fills ('eVar5') and its report name ('Theme'). */
  slot?: string;
  name?: string;
  value: string;
}

export interface PanelEntry {
  /** Its place in the list: entries keep the order they happened in. */
  id: number;
  kind: EntryKind;
  /** ms since the epoch. */
  at: number;
  level: 'info' | 'warn' | 'error';
  /** One line: a beacon's name, a rule's name, an event's type, a log line. */
  title: string;
  rows: Row[];
  beacon?: { id: string; state: BeaconState; address: string; query: string; earlier: boolean };
  rule?: { outcome: RuleOutcome; condition?: string };
  /** Everything known about it, scrubbed: what "copy as JSON" and the export give. */
  data: unknown;
}

/** A numbered message of the log as its words (the build numbers the texts: scripts/logMessages.ts). */
export function spell(args: readonly unknown[], texts: MessageTexts = MESSAGE_TEXTS): { text: string; rest: unknown[] } {
  const [first, ...others] = args;
  const parts = typeof first === 'number' ? texts[first] : undefined;
  if (!parts) return { text: typeof first === 'number' ? `(message ${first})` : asText(first), rest: others };
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i++) text += String(others[i - 1]) + parts[i];
  return { text, rest: others.slice(parts.length - 1) };
}

const RULE_FIRED = /^Rule "(.*)" fired\.$/s;
const RULE_NOT_MET = /^Rule "(.*)" did not fire: condition "(.*)" not met\.$/s;
const RULE_FAILED = /^Rule "(.*)": (condition|action) "(.*)" failed:$/s;

const LEVELS: Record<string, PanelEntry['level']> = { warn: 'warn', error: 'error' };

const BEACON_STATES: Record<string, BeaconState> = { fetch: 'sending', held: 'waiting', queued: 'queued', retry: 'queued', ok: 'sent', refused: 'refused' };

/** Parameter → the slot of the solution design reference it carries. */
const slotByParam = new Map(SDR_VARIABLES.map((row) => [paramOf(row.slot), row.slot]));

/** A beacon's rows: each parameter as sent, with its slot and report name. */
export function beaconRows(query: string): Row[] {
  return decodeBeacon(query).map(([param, value]) => {
    const slot = slotByParam.get(param);
    const name = describeParam(param);
    return { label: param, ...(slot ? { slot } : {}), ...(name ? { name } : {}), value };
  });
}

/** The events of a beacon, named: `event9 (Page view)`. */
function eventNames(value: string): string {
  return value
    .split(',')
    .map((item) => {
      const number = Number(/^event(\d+)/.exec(item)?.[1]);
      const label = number ? eventLabel(number) : undefined;
      return label ? `${item} (${label})` : item;
    })
    .join(', ');
}

/** How an analyst names a beacon: the page view, or the link call's type and name. */
export function beaconTitle(query: string): string {
  const params = new URLSearchParams(query);
  const pe = params.get('pe');
  if (!pe) return `Page view: ${params.get('pageName') ?? ''}`;
  const type = pe === 'lnk_d' ? 'Download link' : pe === 'lnk_e' ? 'Exit link' : pe === 'tnt' ? 'Analytics for Target' : 'Link';
  return `${type}: ${params.get('pev2') ?? ''}`;
}

/**
 * The request as it left: a GET address, or the address and the body of a POST. Delivery posts a
 * beacon whose address would be too long; `method` says which when it is known (the demo's inspector).
 */
export function rawRequest(address: string, query: string, method: 'GET' | 'POST' = `${address}?${query}`.length > MAX_GET_URL ? 'POST' : 'GET'): string {
  return method === 'GET' ? `GET ${address}?${query}` : `POST ${address}\n\n${query}`;
}

/** Personalization details worth a row of their own: the request, the mbox or view, and the decisions. */
function personalizationRows(detail: Record<string, unknown>, tookMs: number | undefined): Row[] {
  const rows: Row[] = [];
  for (const key of ['mbox', 'viewName', 'requestId', 'status', 'error', 'redirect', 'url'] as const) {
    if (detail[key] !== undefined && detail[key] !== false) rows.push({ label: key, value: asText(detail[key]) });
  }
  if (tookMs !== undefined) rows.push({ label: 'time', value: `${tookMs} ms` });
  const tokens = Array.isArray(detail.responseTokens) ? (detail.responseTokens as Array<Record<string, unknown>>) : [];
  tokens.forEach((token, n) => {
    const named = ['activity.name', 'experience.name', 'offer.name']
      .map((key) => token?.[key])
      .filter((value) => value !== undefined)
      .map(asText);
    const ids = ['activity.id', 'experience.id', 'offer.id'].map((key) => token?.[key]).filter((value) => value !== undefined);
    rows.push({ label: `decision ${n + 1}`, value: [named.join(' / '), ids.length ? `(${ids.map(asText).join(' / ')})` : ''].filter(Boolean).join(' ') });
  });
  return rows;
}

/** Turns the feed into the panel's entries; fed one entry at a time, in order, as they come. */
export class PanelModel {
  readonly entries: PanelEntry[] = [];
  /** `pageStart`: when this page began (ms since the epoch); a beacon made before it is an earlier page's. */
  constructor(private readonly pageStart = 0) {}

  private readonly beacons = new Map<string, PanelEntry>();
  private readonly requestsStarted = new Map<string, number>();
  private dataLayerSeen = 0;

  private add(entry: Omit<PanelEntry, 'id'>): PanelEntry {
    const added = { ...entry, id: this.entries.length };
    this.entries.push(added);
    return added;
  }

  /** One entry of the feed. */
  take(item: FeedEntry): void {
    if (item.source === 'beacon') return this.takeBeacon(item);
    if (item.method === 'group') return this.takeGroup(item);
    if (item.method === 'event') return this.takeEvent(item);
    const level = LEVELS[item.method] ?? 'info';
    const { text, rest } = item.source === '_satellite' ? { text: asText(item.args[0]), rest: item.args.slice(1) } : spell(item.args);
    const shown = scrubValue(text) as string;
    const more = rest.map((value) => asText(scrubValue(value)));
    const data = { source: item.source, level, text: shown, ...(more.length ? { values: more } : {}) };
    const rows = more.map((value, n) => ({ label: String(n + 1), value }));
    const rule = RULE_FIRED.exec(shown) ?? RULE_NOT_MET.exec(shown) ?? RULE_FAILED.exec(shown);
    if (item.source === '[tag]' && rule) {
      const outcome: RuleOutcome = RULE_FIRED.test(shown) ? 'fired' : RULE_NOT_MET.test(shown) ? 'notMet' : 'failed';
      const condition = outcome === 'notMet' ? rule[2] : outcome === 'failed' ? `${rule[2]} "${rule[3]}"` : undefined;
      this.add({ kind: 'rule', at: item.at, level, title: rule[1]!, rows, rule: { outcome, ...(condition ? { condition } : {}) }, data });
      return;
    }
    const kind: EntryKind = item.source === '[target]' ? 'personalization' : item.source === '[survey]' ? 'survey' : 'log';
    this.add({ kind, at: item.at, level, title: shown, rows, data });
  }

  private takeBeacon(item: FeedEntry): void {
    const [address, beacon] = item.args as [string, QueuedBeacon];
    const state = BEACON_STATES[item.method] ?? 'sending';
    const known = this.beacons.get(beacon.i);
    if (known?.beacon) {
      known.beacon.state = state;
      known.level = state === 'refused' ? 'error' : 'info';
      known.data = { ...(known.data as object), state };
    } else this.addBeacon(address, beacon, state, item.at, beacon.t < this.pageStart);
    // A retry moves every beacon of this page still to be answered to the queue.
    if (item.method === 'retry') {
      for (const other of this.beacons.values()) {
        if (other.beacon && (other.beacon.state === 'sending' || other.beacon.state === 'waiting')) other.beacon.state = 'queued';
      }
    }
  }

  private addBeacon(address: string, beacon: QueuedBeacon, state: BeaconState, at: number, earlier: boolean): void {
    const rows = beaconRows(beacon.q).map((row) => (row.label === 'events' ? { ...row, value: eventNames(row.value) } : row));
    const title = beaconTitle(beacon.q);
    const entry = this.add({
      kind: 'beacon',
      at,
      level: state === 'refused' ? 'error' : 'info',
      title,
      rows,
      beacon: { id: beacon.i, state, address, query: beacon.q, earlier },
      data: { title, address, state, earlier, params: Object.fromEntries(decodeBeacon(beacon.q)) },
    });
    this.beacons.set(beacon.i, entry);
  }

  /** Beacons that earlier pages left queued, found in storage when the panel opens. */
  takeQueued(endpoint: (beacon: QueuedBeacon) => string, queued: readonly QueuedBeacon[]): void {
    for (const beacon of queued) if (!this.beacons.has(beacon.i)) this.addBeacon(endpoint(beacon), beacon, 'queued', beacon.t, true);
  }

  private takeGroup(item: FeedEntry): void {
    const [heading, lines] = item.args as [string, ReadonlyArray<readonly unknown[]>];
    // The tracker's own group is a beacon's log: the panel has the beacon itself.
    if (item.source === '[tag]') return;
    const rows = (Array.isArray(lines) ? lines : []).map((line, n) => ({
      label: String(n + 1),
      value: asText(scrubValue(line.length === 1 ? line[0] : line)),
    }));
    const title = asText(scrubValue(heading));
    const kind: EntryKind = item.source === '[survey]' ? 'survey' : item.source === '[target]' ? 'personalization' : 'log';
    this.add({ kind, at: item.at, level: 'info', title, rows, data: { source: item.source, title, lines: rows.map((row) => row.value) } });
  }

  private takeEvent(item: FeedEntry): void {
    const [type, raw] = item.args as [string, Record<string, unknown> | undefined];
    const detail = (scrubValue(raw ?? {}) ?? {}) as Record<string, unknown>;
    const requestId = typeof detail.requestId === 'string' ? detail.requestId : undefined;
    let tookMs: number | undefined;
    if (requestId && type === 'at-request-start') this.requestsStarted.set(requestId, item.at);
    else if (requestId && this.requestsStarted.has(requestId)) tookMs = item.at - this.requestsStarted.get(requestId)!;
    const level = /failed$/.test(type) ? 'error' : 'info';
    this.add({
      kind: 'personalization',
      at: item.at,
      level,
      title: type,
      rows: personalizationRows(detail, tookMs),
      data: { type, ...detail, ...(tookMs !== undefined ? { tookMs } : {}) },
    });
  }

  /** The data layer's items pushed since the last call (the page's own array, read as it is now). */
  takeDataLayer(items: readonly unknown[], now: number): void {
    if (items.length < this.dataLayerSeen) this.dataLayerSeen = 0;
    for (; this.dataLayerSeen < items.length; this.dataLayerSeen++) {
      const item = scrubValue(items[this.dataLayerSeen]);
      const event = (item as { event?: unknown } | undefined)?.event;
      const rows = item && typeof item === 'object' ? Object.entries(item).map(([label, value]) => ({ label, value: asText(value) })) : [];
      this.add({ kind: 'dataLayer', at: now, level: 'info', title: typeof event === 'string' ? event : asText(item), rows, data: item });
    }
  }
}

/** Whether any of `texts` holds `search`, case and accents aside (an empty search holds everywhere). Shared with the demo's inspector. */
export function textsMatch(texts: readonly string[], search: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(search.trim());
  return !wanted || texts.some((text) => fold(text).includes(wanted));
}

/** Whether an entry answers a search: its title, its state or outcome, and every row. */
export function matches(entry: PanelEntry, search: string): boolean {
  return textsMatch(
    [
      entry.title,
      entry.rule?.condition ?? '',
      entry.beacon?.state ?? '',
      ...entry.rows.flatMap((row) => [row.label, row.slot ?? '', row.name ?? '', row.value]),
    ],
    search,
  );
}

/** The page's entries as the export gives them: what happened, in order, scrubbed. */
export function exportEntries(entries: readonly PanelEntry[], page: string): string {
  return JSON.stringify(
    {
      page,
      exported: new Date().toISOString(),
      entries: entries.map((entry) => ({ kind: entry.kind, at: new Date(entry.at).toISOString(), level: entry.level, title: entry.title, data: entry.data })),
    },
    null,
    2,
  );
}
