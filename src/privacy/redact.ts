/** The redaction helper of SPEC §5: personal information in recorded text and URLs becomes a marker. */
import { DIGITS, EMAIL, KEY_VALUE, NANP_PHONE, PASSPORT, POSTAL_CODE, SIN } from './patterns';

export const REDACTION_MARKER = '[REDACTED/CAVIARDÉ]';

/** The one host whose clicked URLs are recorded as they are (SPEC §5). */
export const PUBLICATIONS_HOST = 'publications.gc.ca';

// URLs are full of numeric ids and short codes that look like passports or postal codes, so only
// the e-mail and key-value patterns run on them. E-mail first: `username=jdoe@x.ca` then needs no
// second look.
const URL_PATTERNS: readonly RegExp[] = [EMAIL, KEY_VALUE];
const TEXT_PATTERNS: readonly RegExp[] = [...URL_PATTERNS, NANP_PHONE, SIN, DIGITS, PASSPORT, POSTAL_CODE];

const redactWith = (patterns: readonly RegExp[], text: string): string =>
  patterns.reduce((result, pattern) => result.replace(pattern, `$1${REDACTION_MARKER}`), text);

/** Titles, link text, search terms and form values: every pattern. */
export function redactText(text: string): string {
  return redactWith(TEXT_PATTERNS, text);
}

// A user name or e-mail before the host would ride along unscrubbed, so such a URL is not exempt.
function isPublicationsUrl(url: string): boolean {
  try {
    const { hostname, username, password } = new URL(url);
    return hostname === PUBLICATIONS_HOST && !username && !password;
  } catch {
    return false;
  }
}

/**
 * URLs and hrefs: e-mail addresses (also as %40) and sensitive key-value pairs, leaving every other
 * character, percent escapes included, as it was.
 */
export function redactUrl(url: string): string {
  return isPublicationsUrl(url) ? url : redactWith(URL_PATTERNS, url);
}

export function containsPersonalInfo(text: string): boolean {
  return redactText(text) !== text;
}
