/** The redaction helper (requirement PR-1): personal information in recorded text becomes a marker. */
import { CARD, DIGITS, EMAIL, INTERNATIONAL_PHONE, JWT, KEY_VALUE, NAME_VALUE, SECRET_VALUE, NANP_PHONE, PASSPORT, POSTAL_CODE, SIN } from './patterns';

export const REDACTION_MARKER = '[REDACTED/CAVIARDÉ]';

/** The Luhn checksum that every payment-card number passes; separators are ignored. */
function isCardNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

type Replacer = (match: string, keep: string) => string;
/** A pattern, a cheap test that the text could hold a match at all, and what a match becomes. */
type Rule = readonly [RegExp, { test(text: string): boolean }, Replacer?];

const redacted: Replacer = (_match, keep) => keep + REDACTION_MARKER;

/**
 * The most digits in one run of digits and `separators`. A number pattern can only match where a
 * run holds as many digits as its shortest match: most text (titles, versions, dates, ids) holds
 * none that long, so the pattern is never run there, and never compiled on a page without one.
 */
function mostDigits(text: string, separators: string): number {
  let most = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c >= '0' && c <= '9') most = Math.max(most, ++run);
    else if (!separators.includes(c)) run = 0;
  }
  return most;
}
/** At least `count` digits in one run of digits and `separators`. */
const digitRun = (count: number, separators = '') => ({ test: (text: string) => mostDigits(text, separators) >= count });
// The separators that patterns.ts allows between the digits of a telephone number and of a SIN or card.
const PHONE_SEPARATORS = ' .\u00A0\u202F\u2010\u2011\u2012\u2013\u2014\u2015-()+';
const GROUP_SEPARATORS = ' \u00A0\u202F-';

// Most text has no digit, no `@` and no separator: one quick test per rule skips its pattern.
const HAS_DIGIT = /\d/;
const HAS_AT = /@|%(?:25)?40/;
// The stems of every key of KEY_VALUE, NAME_VALUE and SECRET_VALUE, and a separator: `utm_source=x` skips them.
const HAS_KEY_STEM = /user|pass|pwd|login|nom|mot|ident|courriel|mail|dob|birth|naiss|token|key|secret|session|name|code|auth|sid|sig|jwt|ticket|nonce|saml/i;
const HAS_SEPARATOR = /[:=]|%3[ad]/i;
const HAS_KEY = { test: (text: string) => HAS_SEPARATOR.test(text) && HAS_KEY_STEM.test(text) };
const HAS_JWT = /eyJ/;
// An international number begins with `+` or 011, then a digit.
const INTERNATIONAL_PREFIX = { test: (text: string) => (text.includes('+') || text.includes('011')) && HAS_DIGIT.test(text) };

// The fewest digits each number pattern matches: a card 14 (4-6-4), a North American telephone
// number 10, a SIN 9 (in groups), a digit run 9, a passport 6 in a row.
const card: Rule = [CARD, digitRun(14, GROUP_SEPARATORS), (match, keep) => (isCardNumber(match.slice(keep.length)) ? keep + REDACTION_MARKER : match)];
const ACCOUNT: readonly Rule[] = [
  // E-mail first: `username=jdoe@x.ca` then needs no second look.
  [EMAIL, HAS_AT],
  [KEY_VALUE, HAS_KEY],
  [NAME_VALUE, HAS_KEY],
  [SECRET_VALUE, HAS_KEY],
  [JWT, HAS_JWT],
];
const PASSPORT_RULE: Rule = [PASSPORT, digitRun(6)];
// Postal codes before telephone numbers: a code run into a number (K1A0B16135550199) would
// otherwise lose only its last digit to the number.
const TEXT: readonly Rule[] = [
  ...ACCOUNT,
  [POSTAL_CODE, HAS_DIGIT],
  card,
  [NANP_PHONE, digitRun(10, PHONE_SEPARATORS)],
  [INTERNATIONAL_PHONE, INTERNATIONAL_PREFIX],
  [SIN, digitRun(9, GROUP_SEPARATORS)],
  [DIGITS, digitRun(9)],
  PASSPORT_RULE,
];
// Product codes (tariff items such as 8703.23.00.00 or 8703230000) are digit runs that the phone,
// SIN and long-number patterns would take for personal numbers; the rest still applies.
const CODES: readonly Rule[] = [...ACCOUNT, [POSTAL_CODE, HAS_DIGIT], PASSPORT_RULE];

const redactWith = (rules: readonly Rule[], text: string): string =>
  rules.reduce((result, [pattern, guard, replace = redacted]) => (guard.test(result) ? result.replace(pattern, replace) : result), text);

/**
 * Titles, link text, search terms, form values, and every decoded component of a URL (url.ts):
 * every pattern. PR-3 lets URLs skip the digit-run, passport and postal-code patterns; a page
 * address or link carrying a postal code or a SIN in its path or query leaked them, so URLs get
 * the whole set (a 9-digit id in a URL is the price of that).
 */
export function redactText(text: string): string {
  return redactWith(TEXT, text);
}

/**
 * Text that a page declares to be product codes (the tariff list's filter): every pattern but the
 * digit-run ones, so the codes survive and e-mails, postal codes and passports still do not.
 */
export function redactCodes(text: string): string {
  return redactWith(CODES, text);
}

export function containsPersonalInfo(text: string): boolean {
  return redactText(text) !== text;
}
