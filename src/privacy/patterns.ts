/**
 * The personal-information patterns of SPEC §5, apart from the code that applies them so that each
 * one can be tested on its own against hostile input.
 *
 * Convention: group 1 of every pattern is text to keep, and a match is replaced by `$1` + marker.
 * Where a match must not start mid-token, group 1 is the character before it (or the start of the
 * string): the bundle targets Safari 14.1, which throws on regex lookbehind (esbuild turns it into a
 * `new RegExp` that fails when the tag loads). That left anchor also keeps hostile input linear:
 * inside a run of characters that could begin a match, every position but the first fails on its
 * first character, so the run is scanned once rather than once per position (a bare `[\w.]+@` over
 * 100 KB of `aaaa…` is O(n²)). No quantified group holds another quantifier that could match the
 * same text.
 */

// Spaces as French typography writes them: ordinary, no-break and narrow no-break.
const SPACE = String.raw`[ \u00A0\u202F]`;
// Letters of English and French, accented ones included, spelled out rather than \p{L}: the /u flag
// that \p{L} needs makes these patterns five to ten times slower. Other scripts count as punctuation.
const LETTER = String.raw`a-zA-Z\u00C0-\u024F`;
const ALNUM = String.raw`${LETTER}\d`;

// Between groups of digits: any of those spaces, or a hyphen; telephone numbers also take a dot.
const GROUP = String.raw`[ \u00A0\u202F-]`;
const PHONE_GROUP = String.raw`[ .\u00A0\u202F-]`;

/** Nine or more digits in a row, wherever they are (also glued to letters: `SIN123456789`). */
export const DIGITS = /(^|\D)\d{9,}/g;

/**
 * A social insurance number written in groups of three (123 456 789, 123-456-789), and a run of more
 * such groups as a whole, so that two SINs in a row go together. Not when the groups continue a
 * grouped number (1 123 456 789), carry decimals (123 456 789,00) or are a price (123 456 789 $),
 * so that French-formatted amounts stay readable.
 */
export const SIN = new RegExp(
  String.raw`(^${GROUP}?|[^\d \u00A0\u202F$€£-]${GROUP}?)\d{3}(?:${GROUP}\d{3}){2,}(?!\d|[,.]\d|${GROUP}\d{3}(?!\d)|${SPACE}?[$€£])`,
  'g',
);

/**
 * A North American telephone number: 613-555-0199, (613) 555-0199, 613.555.0199, +1 613 555 0199,
 * 1-800-622-6232, 6135550199. Dates (2025-09-17) and versions (2.11.4) have the wrong grouping.
 */
export const NANP_PHONE = new RegExp(
  String.raw`(^|[^\d+])(?:\+?1${PHONE_GROUP}?)?(?:\(\d{3}\)${PHONE_GROUP}?|\d{3}${PHONE_GROUP}?)\d{3}${PHONE_GROUP}?\d{4}(?!\d)`,
  'g',
);

/** Any other number written the international way, `+` then at least eight digits and separators. */
export const INTERNATIONAL_PHONE = new RegExp(
  String.raw`(^|[^${ALNUM}+])\+\d[\d ().\u00A0\u202F-]{6,20}\d(?!\d)`,
  'g',
);

/**
 * Passport number: two letters and six digits as a whole token (AB123456), any case, since search
 * terms are typed in lower case.
 */
export const PASSPORT = new RegExp(String.raw`(^|[^${ALNUM}])[a-zA-Z]{2}\d{6}(?![${ALNUM}])`, 'g');

/**
 * Canadian postal code, with or without the space, any case (K1A 0B1, k1a0b1). Only letters Canada
 * Post uses (never D, F, I, O, Q, U; W and Z not first), so codes like D1A 1B1 and most identifiers
 * are left alone.
 */
export const POSTAL_CODE = new RegExp(
  String.raw`(^|[^${ALNUM}])[abceghj-nprstvxy]\d[abceghj-nprstv-z][ \u00A0\u202F-]?\d[abceghj-nprstv-z]\d(?![${ALNUM}])`,
  'gi',
);

/**
 * E-mail address, Gmail or any other, plain or percent-encoded as URLs carry it: `@` as `%40` (or
 * `%2540` in a URL nested in a parameter), `+` as `%2B`. Any other percent escape is a boundary,
 * so `%20jdoe%40x.ca` keeps its `%20` whole.
 */
export const EMAIL = new RegExp(
  String.raw`(^|[^${ALNUM}_.+%-]|%(?!2[bB])[\da-fA-F]{2})(?:[${ALNUM}_.+-]|%2[bB])+(?:@|%(?:25)?40)[${ALNUM}-]+(?:\.[${ALNUM}-]+)*\.[${LETTER}]{2,}`,
  'g',
);

// Between the words of a key: user name, user_name, first-name, first+name, first%20name.
const JOIN = '(?:[ _.+-]|%20)?';

/**
 * The keys whose values identify a person: user name, password, login and login id, user id, first,
 * last and full name, in English and French. Not a bare `id`, `name` or `nom`: URLs and forms are
 * full of those and their values are rarely a person.
 */
const SENSITIVE_KEYS = [
  `user${JOIN}name`,
  'pass(?:word|wd)',
  'pwd',
  `login(?:${JOIN}id)?`,
  `user${JOIN}id`,
  `(?:first|last|full|given|family|sur)${JOIN}name`,
  // Short enough to end unrelated names (channelname, pdfname), so only as a word or after `_`.
  '(?:\\b|_)[fl]name',
  'pr(?:[ée]|%c3%a9)nom',
  `nom${JOIN}(?:de${JOIN}famille|complet)`,
  `nom${JOIN}d(?:['’]|%27)utilisateur`,
  `mot${JOIN}de${JOIN}passe`,
  'identifiant',
].join('|');

/**
 * A sensitive key, its `=` or `:` (also `%3D`, `%3A`), then its value up to a space, `&` or `#`
 * (raw or percent-encoded). Group 1 keeps the key and separator: analysts see what was removed.
 * The key may end a longer field name (new_password, txtFirstName), so the pattern starts at the
 * key itself and needs no left anchor: from any position it only tries a few short keys.
 */
export const KEY_VALUE = new RegExp(
  String.raw`((?:${SENSITIVE_KEYS})${SPACE}{0,3}(?:[:=]|%3[ad])${SPACE}{0,3})(?:[^\s&#%]|%(?!2[36]))+`,
  'gi',
);
