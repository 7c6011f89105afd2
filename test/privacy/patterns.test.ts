// @vitest-environment node
/**
 * Every pattern must run in linear time: each input below is 100 KB built to make a backtracking
 * pattern retry from every position (a quadratic pattern takes minutes on these). No timing is
 * asserted; a pattern that regresses blows through vitest's 5 s timeout.
 */
import { describe, expect, it } from 'vitest';
import * as patterns from '../../src/privacy/patterns';
import { REDACTION_MARKER as R, containsPersonalInfo, redactText } from '../../src/privacy/redact';
import { redactTelephone } from '../../src/privacy/telephone';
import { redactUrl, scrubQueryString, stripClientId } from '../../src/privacy/url';

const SIZE = 100_000;
const fill = (unit: string): string => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

describe('every pattern stays linear and untouched on 100 KB of near misses', () => {
  it.each([
    ['8-digit numbers', fill('12345678 ')],
    ['SIN short one digit', fill('123 456 78 ')],
    ['groups of three ending in a price', `${fill('123 ')}$`],
    ['groups of three ending in decimals', `${fill('123 ').trim()},50`],
    ['phone short two digits', fill('613-555-01 ')],
    ['parenthesised area codes', fill('(613) ')],
    ['country codes', fill('+1 ')],
    ['international prefixes', fill('+1234')],
    ['short international numbers', fill('+1 2 3 ')],
    ['a@a@a@…', fill('a@')],
    ['aaaa… without @', fill('a')],
    ['a.a.a.… without @', fill('a.')],
    ['%2B%2B… without @', fill('%2B')],
    ['a%40a%40… without a domain', fill('a%40')],
    ['an e-mail whose domain never ends in a TLD', `x@${fill('a.')}`],
    ['@a.@a.…', fill('@a.')],
    ['hyphens', fill('-')],
    ['encoded spaces', fill('%20a')],
    ['local parts without @', fill('jdoe.smith+tag%2B ')],
    ['key=value& without a sensitive key', fill('field=value&')],
    ['secret words without =', fill('code: key session ')],
    ['keys without separator', fill('password')],
    ['keys followed by spaces', fill('password ')],
    ['key prefixes', fill('user_')],
    ['two-word keys', fill('first name ')],
    ['passport short one digit', fill('AB12345 ')],
    ['passports glued together', fill('ab123456x')],
    ['letters and digits', fill('A1')],
    ['postal code halves', fill('K1A ')],
    ['postal codes short one character', fill('K1A0B')],
    ['postal codes glued together', fill('K1A 0B1K')],
    ['health cards short two digits', fill('1234 567 8 ')],
    ['Quebec health cards with a 13th month', fill('ABCD 8513 0112 ')],
    ['licences short one digit', fill('T1234-56789-0123 ')],
    ['UCI labels', fill('UCI no. ')],
    ['UCI labels short one digit', fill('UCI: 1234-567 ')],
    ['business numbers without a program', fill('12345 6789 R ')],
    ['bank accounts short one digit', fill('003-12345-123456 ')],
    ['loose e-mails without an ending', fill('a @ a. ')],
    ['words around at signs', fill('a @ ')],
    ['loose e-mails with a comma and a space', fill('a.b @ c, ca ')],
    ['percent signs and spaces', fill('%a ')],
    ['underscored digit groups short one digit', fill('613_555_123 ')],
    ['dotted card groups short one digit', fill('4916.0739.3667.689 ')],
    ['a webmail provider cut short', fill('a @ gmai ')],
    // What only a view's name, lowered by the tag, holds as a passport: redactName alone applies LOWERED_PASSPORT.
    ['passports in lower case with a space, not named', fill('ab 123456 '), patterns.LOWERED_PASSPORT],
    ['the word passport, then letters', fill('passport ab ')],
    ['civic numbers and words without a kind of street', fill('42 Maple ')],
    ['civic numbers and the little words of prose', fill('12 of the street ')],
    ['French kinds of street without a name', fill('1 rue 2 avenue. ')],
    ['civic numbers glued to units', fill('1203-45-')],
    ['courts, then words that are no city', fill('12 Birch Court of ')],
    ['courts, then two cities', fill('12 Birch Court Ottawa Ottawa ')],
    ['birth words and dates cut short', fill('born 12 mars ')],
    ['dates of birth short one digit', fill('dob 1985-03-')],
    ['self-introductions without a name', fill('my name is ')],
    ['name labels without a name', fill('name: : ')],
    ['sign-in keys without a password', fill('user x password ')],
    ['passwords said not to be', fill('password is not ')],
    ['homes given without a number', fill('I live at ')],
    ['addresses said, then a number and no name', fill('my address is 12, ')],
    ['accounts short one digit', fill('account 123456 ')],
    ['accounts and spans of years', fill('compte 2024-2025 ')],
    ['at signs written out without a domain', fill('a (at) ')],
    ['at signs written out, glued together', fill('a(at)')],
    ['arobase without a domain', fill('a arobase ')],
    ['a domain of many parts that never ends in a TLD', `jdoe (at) ${fill('a.')}`],
    ['a domain said with point, never ending in a TLD', `jdoe arobase ${fill('a point ')}`],
    ['names said with dots, never an at', fill('a dot ')],
    ['a spelled-out name, then a domain said with dot, never ending in a TLD', `john dot smith at ${fill('a dot ')}`],
    ['spelled-out names and at, never a domain', fill('a dot a at ')],
    ['at a webmail provider said, never an ending', fill('a at gmail dot ')],
    ['telephone words, then a local number short one digit', fill('phone 555-019 ')],
    ['telephone words and their little words, never a number', fill('tel. no. is ')],
    ['words before moi, never a number', fill('a-moi ')],
    ['underscores between words before moi', fill('_a_b-moi')],
    ['role keys without a separator', fill('contact name ')],
    ['nom du, then no role', fill('nom du la ')],
    ['telephone and address keys with a space before =', fill('phone =address =')],
  ])('%s', (_name, input, takenBy?: patterns.Pattern) => {
    for (const [name, exported] of Object.entries(patterns)) {
      if (exported === patterns.pattern) continue;
      const pattern = typeof exported === 'function' ? (exported as patterns.Pattern)() : exported;
      const untouched = input.replace(pattern, `$1${R}`) === input;
      expect(untouched, name).toBe(exported !== takenBy);
    }
    expect(redactText(input) === input).toBe(true);
    expect(redactUrl(input) === input).toBe(true);
    expect(redactTelephone(input) === input).toBe(true);
    expect(containsPersonalInfo(input)).toBe(false);
    expect(stripClientId(input) === input).toBe(true);
    scrubQueryString(input);
  });
});

describe('long matches are redacted in one pass', () => {
  it.each([
    ['one long digit run', fill('1'), R],
    ['a key whose value never ends', fill('password:'), `password:${R}`],
    ['a long local part', `${fill('a.')}a@example.ca`, R],
    ['a long domain', `x@${fill('a.')}ca`, R],
  ])('%s', (_name, input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it('redacts a run of SIN-shaped groups as a whole', () => {
    expect(redactText(fill('123 ').trim())).toBe(R);
  });

  it('replaces an endless international number with the telephone placeholder', () => {
    expect(redactTelephone(`+${fill('1 ')}`)).toMatch(/^tel:\[REDACTED\/CAVIARDÉ\] 1 1 1/);
  });

  it('redacts a long percent-encoded e-mail in a URL fragment', () => {
    expect(redactUrl(`https://x.ca/#e=${fill('a%2B')}%40x.ca&lang=en`)).toBe(`https://x.ca/#e=${R}&lang=en`);
  });
});
