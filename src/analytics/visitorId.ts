/**
 * AppMeasurement's fallback visitor id (`fid`): a random id the collector uses when its own
 * visitor cookie is refused, kept for two years in the site's cookie (`s_fid`) so that every host
 * of the site reports the same visitor. It is random: it carries nothing about the person. The
 * page's supplemental data id (`sdid`, Analytics for Target) has the same shape (`newId`).
 */
import { siteCookies } from '../engine/cookies';
import { containsPersonalInfo } from '../privacy/redact';

export const FALLBACK_ID_COOKIE = 's_fid';
const LIFETIME_DAYS = 730;
/** Two halves of 16 hexadecimal digits, AppMeasurement's shape (its first digits stay below 8 and 4). */
const SHAPE = /^[0-7][0-9A-F]{15}-[0-3][0-9A-F]{15}$/;

const hexDigits = (first: number): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte, i) => ((i ? byte : byte % first) & 15).toString(16).toUpperCase()).join('');
};

/**
 * A random id can hold a run of decimal digits that reads as a SIN or a telephone number
 * ('750121824…'): the scrubber would take it for one, and so would any check downstream. Such an
 * id is drawn again (about one in ten is), so no beacon carries what looks personal.
 */
export function newId(): string {
  let id = '';
  for (let tries = 0; tries < 50 && (!id || containsPersonalInfo(id)); tries++) id = `${hexDigits(8)}-${hexDigits(4)}`;
  return id;
}

/** Written when made, and its two years renewed once per visit (on the page that began it). */
let written: string | undefined;

/**
 * The visitor's id, made and stored on first use; undefined when cookies are refused (AppMeasurement
 * sends none then). `newVisit` says whether a visit began on this page (the site's visit cookie).
 */
export function fallbackVisitorId(newVisit: () => boolean = () => false): string | undefined {
  const kept = siteCookies.get(FALLBACK_ID_COOKIE);
  if (kept && kept === written) return kept;
  const valid = kept && SHAPE.test(kept) && !containsPersonalInfo(kept);
  if (valid && !newVisit()) return (written = kept);
  const id = valid ? kept : newId();
  written = siteCookies.set(FALLBACK_ID_COOKIE, id, { days: LIFETIME_DAYS }) ? id : undefined;
  return written;
}
