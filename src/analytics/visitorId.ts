/**
 * AppMeasurement's fallback visitor id (`fid`): a random id the collector uses when its own
 * visitor cookie is refused, kept for two years in the site's cookie (`s_fid`) so that every host
 * of the site reports the same visitor. It is random: it carries nothing about the person.
 */
import { siteCookies } from '../engine/cookies';

export const FALLBACK_ID_COOKIE = 's_fid';
const LIFETIME_DAYS = 730;
/** Two halves of 16 hexadecimal digits, AppMeasurement's shape (its first digits stay below 8 and 4). */
const SHAPE = /^[0-7][0-9A-F]{15}-[0-3][0-9A-F]{15}$/;

const hexDigits = (first: number): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte, i) => ((i ? byte : byte % first) & 15).toString(16).toUpperCase()).join('');
};

/** Written (and its two years renewed) once per page: later beacons of the page reuse it. */
let written: string | undefined;

/** The visitor's id, made and stored on first use; undefined when cookies are refused (AppMeasurement sends none then). */
export function fallbackVisitorId(): string | undefined {
  const kept = siteCookies.get(FALLBACK_ID_COOKIE);
  if (kept && kept === written) return kept;
  const id = kept && SHAPE.test(kept) ? kept : `${hexDigits(8)}-${hexDigits(4)}`;
  written = siteCookies.set(FALLBACK_ID_COOKIE, id, { days: LIFETIME_DAYS }) ? id : undefined;
  return written;
}
