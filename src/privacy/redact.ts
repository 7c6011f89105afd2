/** The redaction helper (requirement PR-1): personal information in recorded text becomes a marker. */
import {
  BANK_ACCOUNT,
  BIRTH_DATE,
  CARD,
  CREDENTIALS,
  DIGITS,
  EMAIL,
  GROUPED_ID,
  LOOSE_EMAIL,
  INTERNATIONAL_PHONE,
  JWT,
  KEY_VALUE,
  LOCAL_PHONE,
  NAME_VALUE,
  SECRET_VALUE,
  NANP_PHONE,
  NAMED_PASSPORT,
  PASSPORT,
  POSTAL_CODE,
  SAID_CREDENTIAL,
  SELF_ADDRESS,
  SELF_NAME,
  SIN,
  STREET_ADDRESS,
  STREET_KINDS,
  UCI,
  pattern,
  type Pattern,
} from './patterns';

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

// `between` is a pattern's group 2, text to keep between two values (CREDENTIALS), where it has one.
type Replacer = (match: string, keep: string, between: string) => string;
/** A pattern, a cheap test that the text could hold a match at all, and what a match becomes. */
type Rule = readonly [Pattern, { test(text: string): boolean }, Replacer?];

const redacted: Replacer = (_match, keep) => keep + REDACTION_MARKER;
// Most text has no digit, no `@` and no separator: one quick test per rule skips its pattern.
const HAS_DIGIT = /\d/;
const HAS_AT = /@|%(?:25)?40/;
// The stems of every key of KEY_VALUE, NAME_VALUE, SECRET_VALUE and the prose patterns; with a
// separator, the first three: `utm_source=x` skips them. A telephone's and an address's keys only
// with their `=`: `Mailing address:` is on every contact page.
const HAS_KEY_STEM =
  /user|pass|pwd|login|nom|mot|ident|courriel|mail|dob|ddn|birth|born|naiss|n\u00E9e?\sle|appel|token|key|secret|session|name|first|last|given|code|auth|sid|sig|jwt|ticket|nonce|saml|(?:phone|t[e\u00E9]l|ad+ress?e?)(?:=|%3d)/i;
const HAS_SEPARATOR = /[:=]|%3[ad]/i;
const HAS_KEY = { test: (text: string) => HAS_SEPARATOR.test(text) && HAS_KEY_STEM.test(text) };
const HAS_JWT = /eyJ/i;
// What the prose patterns' keys need around them: French pages are full of `né` (année, données),
// `ident` (résident) and `pass` (passeport) that name no birth date or sign-in. Each is tried only
// on text with a key's stem, so that a page whose texts hold none never compiles them.
const proseKey = (around: RegExp) => ({ test: (text: string) => HAS_KEY_STEM.test(text) && around.test(text) });
const BIRTH_WORD = proseKey(/dob|ddn|birth|born|naiss|n\u00E9e?\sle/i);
/** Whether the text may name a date of birth (BIRTH_DATE's guard): url.ts looks at a path whole only then. */
export const mayNameBirthDate = (text: string) => HAS_DIGIT.test(text) && BIRTH_WORD.test(text);
const NAME_GIVEN = proseKey(/name[\s'\u2019:=]|nom\s|appelle|nomme/i);
// A home given in prose (SELF_ADDRESS): a number, and the end of one of its keys (`live at`,
// `address is`, `adresse :`, `habite au`, `demeurons à`). `address` alone is on every contact page.
const HOME_WORD = /(?:live|reside)\sat|ad+res+e?\s?[iec:]|habite\s|(?:demeur|r\u00E9sid)[a-z]*\s/i;
// A bank account (BANK_ACCOUNT): seven digits, and its name.
const ACCOUNT_RUN = /(?:\d-?){7}/;
const ACCOUNT_WORD = /account|compte/i;
const CREDENTIAL_WORD = proseKey(/pass(?:e|wd|word)?[\s:=]|pwd|user.{0,3}(?:name|id)|login.{0,3}id|utilisateur|identifiant/i);
// An international number begins with `+` or 011, then a digit.
const INTERNATIONAL_PREFIX = { test: (text: string) => (text.includes('+') || text.includes('011')) && HAS_DIGIT.test(text) };
// A number pattern can only match where one run of digits and its separators holds as many digits
// as its shortest match: a card 14 (4-6-4), a North American telephone number 10, a SIN 9 (in
// groups), a digit run 9, a passport 6 in a row; a grouped identity number 9, or four letters and
// 8 (Quebec's health card); the older UCI its name. Most text (titles, versions, dates, ids)
// holds no such run, so the pattern is never run there, and never compiled on a page without one.
const CARD_RUN = /(?:\d[ .\u00A0\u202F-]*){14}/;
const PHONE_RUN = /(?:\d[ ._()+\u00A0\u202F\u2010-\u2015-]*){10}/;
// A local number (LOCAL_PHONE): seven digits as it writes them, and a word that names a telephone.
const LOCAL_RUN = /\d{3}[ ._\u00A0\u202F\u2010-\u2015-]?\d{4}/;
const PHONE_WORD = /phone|t[e\u00E9]l|cell|mobile|num|call|text|reach|moi/i;
const SIN_RUN = /(?:\d[ \u00A0\u202F-]*){9}/;
const ID_RUN = /(?:\d[ \u00A0\u202F-]*){9}|[a-zA-Z]{4}[ \u00A0\u202F-]?\d{4}[ \u00A0\u202F-]?\d{4}/;
const PASSPORT_RULES: readonly Rule[] = [
  [PASSPORT, /\d{6}/],
  [NAMED_PASSPORT, /[pP]asse?port/],
];
// A street address has a kind of street after a space, and a digit.
const STREET_WORD = pattern(String.raw`\s(?:${STREET_KINDS})(?![a-z])`, 'i');
const ADDRESS_RULE: Rule = [STREET_ADDRESS, { test: (text: string) => HAS_DIGIT.test(text) && STREET_WORD().test(text) }];

const card: Rule = [CARD, CARD_RUN, (match, keep) => (isCardNumber(match.slice(keep.length)) ? keep + REDACTION_MARKER : match)];
const ACCOUNT: readonly Rule[] = [
  // E-mail first: `username=jdoe@x.ca` then needs no second look.
  [EMAIL, HAS_AT],
  // Its sign, or a dot or dash said: a bare `at`, in most English sentences, counts only beside one.
  [LOOSE_EMAIL, /@|[([]at[)\]]|arobas|\s(?:dot|point|underscore|dash|tiret)\s/i],
  // Before KEY_VALUE, which would take `dob: March 12, 1985` only to its first space.
  [BIRTH_DATE, { test: mayNameBirthDate }],
  [KEY_VALUE, HAS_KEY],
  [NAME_VALUE, HAS_KEY],
  [SECRET_VALUE, HAS_KEY],
  [SELF_NAME, NAME_GIVEN],
  [SELF_ADDRESS, { test: (text: string) => HAS_DIGIT.test(text) && HOME_WORD.test(text) }],
  [BANK_ACCOUNT, { test: (text: string) => ACCOUNT_RUN.test(text) && ACCOUNT_WORD.test(text) }],
  [CREDENTIALS, CREDENTIAL_WORD, (_match, keep, between) => keep + REDACTION_MARKER + between + REDACTION_MARKER],
  [SAID_CREDENTIAL, CREDENTIAL_WORD],
  [JWT, HAS_JWT],
];
// Postal codes before telephone numbers: a code run into a number (K1A0B16135550199) would
// otherwise lose only its last digit to the number.
const TEXT: readonly Rule[] = [
  ...ACCOUNT,
  [POSTAL_CODE, HAS_DIGIT],
  card,
  [NANP_PHONE, PHONE_RUN],
  [LOCAL_PHONE, { test: (text: string) => LOCAL_RUN.test(text) && PHONE_WORD.test(text) }],
  [INTERNATIONAL_PHONE, INTERNATIONAL_PREFIX],
  [SIN, SIN_RUN],
  [GROUPED_ID, ID_RUN],
  // `client` alone is common in French pages (clientèle); the UCI's names put it beside `id`.
  [UCI, /uci|iuc|client\s?id|(?:id|tion)\s(?:de\s)?client/i],
  [DIGITS, /\d{9}/],
  ...PASSPORT_RULES,
  ADDRESS_RULE,
];
// Product codes (tariff items such as 8703.23.00.00 or 8703230000) are digit runs that the phone,
// SIN and long-number patterns would take for personal numbers; the rest still applies.
const CODES: readonly Rule[] = [...ACCOUNT, [POSTAL_CODE, HAS_DIGIT], ...PASSPORT_RULES, ADDRESS_RULE];

const redactWith = (rules: readonly Rule[], text: string): string =>
  rules.reduce((result, [regex, guard, replace = redacted]) => (guard.test(result) ? result.replace(regex(), replace) : result), text);

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
