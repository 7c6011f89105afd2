/**
 * The AppMeasurement wire format: tracker variables to a query string and back. No DOM here, so
 * node code (the demo collector, tests) can decode beacons with the same module.
 */
import { decimal } from '../engine/decimal';
import { redactCodes, redactText } from '../privacy/redact';
import { redactUrl } from '../privacy/url';
import { paramOf, slotRank, splitPageUrl, truncateParam, type SlotName } from './slots';

/** The AppMeasurement release whose format this follows; it appears in the beacon path. */
export const TRACKER_VERSION = '2.27.0';

export type LinkType = 'o' | 'd' | 'e';

export interface LinkCall {
  type: LinkType;
  url: string;
  name: string;
  /** linkTrackVars and linkTrackEvents at the time of the call. */
  vars: readonly SlotName[];
  events: readonly number[];
}

export interface BeaconCall {
  time: Date;
  /** Screen, browser and viewport parameters (s, c, j, v, k, bw, bh), measured by the caller so that this module stays pure. */
  device: ReadonlyArray<readonly [string, string]>;
  /** AppMeasurement's fallback visitor id (`fid`), when the caller has one. */
  fid?: string;
  /** The supplemental data id (`sdid`) Analytics for Target stitches a page view on. */
  sdid?: string;
  /**
   * An Analytics for Target call (client-side logging): Target's payload, sent as AppMeasurement
   * sends it (`pe=tnt`, `tnta`), with the page's name, URL and referrer and nothing else.
   */
  tnta?: string;
  /** Absent for a page view. */
  link?: LinkCall;
  /** Parameters besides g, r and pev1 that carry URLs, and so get the URL variant of redaction. */
  urlParams?: ReadonlySet<string>;
  /** Parameters whose value is product codes (see redactCodes): digit runs are kept. */
  codeParams?: ReadonlySet<string>;
}

const URL_PARAMS = new Set(['g', 'r', 'pev1']);

/**
 * AppMeasurement's `t` parameter, built exactly as AppMeasurement builds it: local
 * `D/M/YYYY H:M:S weekday offset` with the month counted from 0, no zero padding, and the
 * offset from Date#getTimezoneOffset (minutes, positive west of UTC).
 */
export function localTime(d: Date): string {
  return `${d.getDate()}/${d.getMonth()}/${decimal(d.getFullYear())} ${d.getHours()}:${d.getMinutes()}:${d.getSeconds()} ${d.getDay()} ${decimal(d.getTimezoneOffset())}`;
}

/** A link URL as AppMeasurement reports it (linkLeaveQueryString false): without its query string. */
export const withoutQuery = (url: string): string => url.split('?')[0]!;

/**
 * Slots a link call carries whatever linkTrackVars says: they are in AppMeasurement's
 * requiredVarList, which its foreachVar always lets through (with currencyCode, sent as cc).
 */
const LINK_ALWAYS: readonly SlotName[] = ['pageName', 'pageURL', 'referrer'];

// A lone surrogate (a pair cut by truncation, or a malformed page string) makes
// encodeURIComponent throw; it becomes U+FFFD instead.
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (c) => (c.length > 1 ? c : '\ufffd')));

/**
 * The whole variables → query string step, in one pure function. Every value a rule put in a
 * slot, and the link URL and name, pass the privacy scrubber here, before truncation, so that no
 * rule can forget it and no cut can leave half an address behind the marker.
 */
export function serializeBeacon(vars: ReadonlyMap<SlotName, string>, events: ReadonlyMap<number, number | undefined>, call: BeaconCall): string {
  const { link } = call;
  // Scrubbed before it is cut, so that no cut can leave half an address behind the marker.
  const scrub = (param: string, value: string | undefined) => {
    if (!value) return value;
    const isUrl = URL_PARAMS.has(param) || call.urlParams?.has(param);
    return truncateParam(param, isUrl ? redactUrl(value) : call.codeParams?.has(param) ? redactCodes(value) : redactText(value), isUrl);
  };
  const pairs: Array<readonly [string, string | undefined]> = [
    ['AQB', '1'],
    ['ndh', '1'],
    ['t', localTime(call.time)],
    ['fid', call.fid],
    ['sdid', call.sdid],
    // The collector reads the values as UTF-8 only when told so: French text would arrive as Latin-1.
    ['ce', 'UTF-8'],
    ['cc', 'CAD'],
  ];
  let pageUrlRest = '';
  [...vars.keys()]
    .filter((slot) => (!link && !call.tnta) || LINK_ALWAYS.includes(slot) || link?.vars.includes(slot))
    .sort((a, b) => slotRank(a) - slotRank(b))
    .forEach((slot) => {
      const param = paramOf(slot);
      let value = scrub(param, vars.get(slot));
      if (param === 'g' && value) [value, pageUrlRest] = splitPageUrl(value);
      pairs.push([param, value]);
    });
  const eventList = [...events]
    .filter(([n]) => !call.tnta && (!link || link.events.includes(n)))
    .map(([n, value]) => `event${decimal(n)}${value === undefined ? '' : `=${decimal(value)}`}`);
  pairs.push(['events', eventList.join(',')]);
  if (link) pairs.push(['pe', `lnk_${link.type}`], ['pev1', scrub('pev1', withoutQuery(link.url))], ['pev2', scrub('pev2', link.name)]);
  if (call.tnta) pairs.push(['pe', 'tnt'], ['tnta', call.tnta]);
  // The rest of a long page URL goes last, as AppMeasurement places it (a cut request loses it first).
  pairs.push(...call.device, ['-g', pageUrlRest], ['AQE', '1']);
  return pairs
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encode(value as string)}`)
    .join('&');
}

/**
 * A beacon query string (or a whole beacon URL) as ordered [parameter, value] pairs, decoded the
 * way collectors decode it (`+` is a space, a malformed escape is kept as is).
 */
export function decodeBeacon(query: string): Array<[string, string]> {
  return [...new URLSearchParams(query.slice(query.indexOf('?') + 1))];
}
