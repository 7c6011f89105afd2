// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REDACTION_MARKER } from '../../src/privacy/redact';
import { TELEPHONE_PLACEHOLDER, redactTelephone } from '../../src/privacy/telephone';

const T = TELEPHONE_PLACEHOLDER;

describe('redactTelephone', () => {
  it('uses the redaction marker behind the tel: scheme', () => {
    expect(T).toBe(`tel:${REDACTION_MARKER}`);
  });

  it.each([
    'tel:+16135550199',
    'tel:613-555-0199',
    'tel:1-800-622-6232',
    'TEL:+1 (613) 555-0199',
    ' tel:6135550199 ',
    'tel:+44-20-7946-0958',
    'tel:911',
    'tel:',
  ])('turns the tel: href %s into the placeholder', (href) => {
    expect(redactTelephone(href)).toBe(T);
  });

  it.each([
    ['613-555-0199', T],
    ['(613) 555-0199', T],
    ['613.555.0199', T],
    ['613 555 0199', T],
    ['6135550199', T],
    ['1-800-622-6232', T],
    ['1 800 O-Canada (1 800 622-6232)', `1 800 O-Canada (${T})`],
    ['+1 613 555 0199', T],
    ['+44 20 7946 0958', T],
    ['+33 1 23 45 67 89', T],
    ['Call 613-555-0199 today', `Call ${T} today`],
    ['Téléphone : 613-555-0199 ou ATS : 1-800-926-9105', `Téléphone : ${T} ou ATS : ${T}`],
  ])('replaces the number in the visible text %s', (text, expected) => {
    expect(redactTelephone(text)).toBe(expected);
  });

  it.each([
    'Contact us',
    'Nous joindre',
    'Office hours: 8:30 to 16:30',
    'Modified 2025-09-17',
    'Version 2.11.4',
    '555-0199',
    '12345678',
    'mailto:jdoe@example.com',
    'https://www.canada.ca/en/contact.html',
    '',
  ])('leaves %s unchanged', (text) => {
    expect(redactTelephone(text)).toBe(text);
  });
});
