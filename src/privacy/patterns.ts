/**
 * The personal-information patterns of SPEC §5, apart from the code that applies them so that each
 * one can be tested on its own against hostile input.
 *
 * Convention: group 1 of every pattern is text to keep, and a match is replaced by `$1` + marker.
 * Group 1 is the character before the match (or the start of the string) because the bundle targets
 * Safari 14.1, which throws on regex lookbehind (esbuild turns it into a `new RegExp` that fails when
 * the tag loads). That left anchor also keeps hostile input linear: inside a run of characters that
 * could begin a match, every position but the first fails on its first character, so the run is
 * scanned once rather than once per position (a bare `[\w.]+@` over 100 KB of `aaaa…` is O(n²)).
 * No quantified group contains another unbounded quantifier that could match the same text.
 */

// Spaces as French typography writes them: ordinary, no-break and narrow no-break.
const SPACE = '[ \\u00A0\\u202F]';

/** Nine or more digits in a row, wherever they are (also glued to letters: `SIN123456789`). */
export const DIGITS = /(^|\D)\d{9,}/g;

/**
 * A social insurance number written in groups of three (123 456 789, 123-456-789), and a run of more
 * such groups as a whole, so that two SINs in a row go together. Not when the groups continue a
 * grouped number (1 123 456 789), carry decimals (123 456 789,00) or are a price (123 456 789 $),
 * so that French-formatted amounts stay readable.
 */
export const SIN =
  /(^[ \u00A0\u202F-]?|[^\d \u00A0\u202F$€£-][ \u00A0\u202F-]?)\d{3}(?:[ \u00A0\u202F-]\d{3}){2,}(?!\d|[,.]\d|[ \u00A0\u202F-]\d{3}(?!\d)|[ \u00A0\u202F]?[$€£])/g;

/**
 * A North American telephone number: 613-555-0199, (613) 555-0199, 613.555.0199, +1 613 555 0199,
 * 1-800-622-6232, 6135550199. Dates (2025-09-17) and versions (2.11.4) have the wrong grouping.
 */
export const NANP_PHONE = /(^|[^\d+])(?:\+?1[ .\u00A0\u202F-]?)?(?:\(\d{3}\)[ .\u00A0\u202F-]?|\d{3}[ .\u00A0\u202F-]?)\d{3}[ .\u00A0\u202F-]?\d{4}(?!\d)/g;

/** Any other number written the international way, `+` then at least eight digits and separators. */
export const INTERNATIONAL_PHONE = /(^|[^\p{L}\p{N}+])\+\d[\d ().\u00A0\u202F-]{6,20}\d(?!\d)/gu;

/**
 * Passport number: two letters and six digits as a whole token (AB123456), any case, since search
 * terms are typed in lower case.
 */
export const PASSPORT = /(^|[^\p{L}\p{N}])[a-z]{2}\d{6}(?![\p{L}\p{N}])/giu;

/**
 * Canadian postal code, with or without the space, any case (K1A 0B1, k1a0b1). Only letters Canada
 * Post uses (never D, F, I, O, Q, U; W and Z not first), so codes like D1A 1B1 and most identifiers
 * are left alone.
 */
export const POSTAL_CODE =
  /(^|[^\p{L}\p{N}])[abceghj-nprstvxy]\d[abceghj-nprstv-z][ \u00A0\u202F-]?\d[abceghj-nprstv-z]\d(?![\p{L}\p{N}])/giu;

/**
 * E-mail address, Gmail or any other, plain or percent-encoded as URLs carry it: `@` as `%40` (or
 * `%2540` in a URL nested in a parameter), `+` as `%2B`. Any other percent escape is a boundary,
 * so `%20jdoe%40x.ca` keeps its `%20` whole.
 */
export const EMAIL =
  /(^|[^\p{L}\p{N}_.+%-]|%(?!2b)[\da-f]{2})(?:[\p{L}\p{N}_.+-]|%2b)+(?:@|%(?:25)?40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;

// Between the words of a key: user name, user_name, first-name, first+name, first%20name.
const JOIN = '(?:[ _.+-]|%20)?';

/**
 * The keys whose values identify a person: user name, password, login and login id, user id, first
 * and last name, in English and French. Not a bare `id`, `name` or `nom`: URLs and forms are full of
 * those and their values are rarely a person.
 */
const SENSITIVE_KEYS = [
  `user${JOIN}name`,
  'pass(?:word|wd)',
  'pwd',
  `login(?:${JOIN}id)?`,
  `user${JOIN}id`,
  `(?:first|last|given|family|sur)${JOIN}name`,
  '[fl]name',
  'pr(?:[ée]|%c3%a9)nom',
  `nom${JOIN}de${JOIN}famille`,
  `nom${JOIN}d(?:['’]|%27)utilisateur`,
  `mot${JOIN}de${JOIN}passe`,
  'identifiant',
].join('|');

/**
 * A sensitive key, its `=` or `:` (also `%3D`, `%3A`), then its value up to a space, `&` or `#`
 * (raw or percent-encoded). The key may carry a prefix (new_password, txtFirstName) so that form
 * field names are caught too. Group 1 keeps the key and separator: analysts see what was removed.
 */
export const KEY_VALUE = new RegExp(
  `((?:^|[^\\p{L}\\p{N}_])[\\p{L}\\p{N}_]*(?:${SENSITIVE_KEYS})${SPACE}{0,3}(?:[:=]|%3[ad])${SPACE}{0,3})(?:[^\\s&#%]|%(?!2[36]))+`,
  'giu',
);
