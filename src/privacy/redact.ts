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
// Product codes (tariff items such as 8703.23.00.00 or 8703230000) are digit runs that the phone,
// SIN and long-number patterns would take for personal numbers; the rest still applies.
const CODE_PATTERNS: readonly RegExp[] = [...URL_PATTERNS, PASSPORT, POSTAL_CODE];

const redactWith = (patterns: readonly RegExp[], text: string): string =>
  patterns.reduce((result, pattern) => result.replace(pattern, `$1${REDACTION_MARKER}`), text);

/** Titles, link text, search terms and form values: every pattern. */
export function redactText(text: string): string {
  return redactWith(TEXT_PATTERNS, text);
}

/**
 * Text that a page declares to be product codes (the tariff list's filter): every pattern but the
 * digit-run ones, so the codes survive and e-mails, postal codes and passports still do not.
 */
export function redactCodes(text: string): string {
  return redactWith(CODE_PATTERNS, text);
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
