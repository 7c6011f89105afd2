import { describe, expect, it } from 'vitest';
import { firstBytes, paramOf, slotRank, splitPageUrl, truncateParam, type SlotName } from '../../src/analytics/slots';

describe('slots', () => {
  it('maps every slot to its AppMeasurement query parameter', () => {
    const expected: Array<[SlotName, string]> = [
      ['pageName', 'pageName'],
      ['pageURL', 'g'],
      ['referrer', 'r'],
      ['channel', 'ch'],
      ['server', 'server'],
      ['pageType', 'pageType'],
      ['campaign', 'v0'],
      ['eVar1', 'v1'],
      ['eVar250', 'v250'],
      ['prop7', 'c7'],
      ['prop75', 'c75'],
    ];
    for (const [slot, param] of expected) expect(paramOf(slot)).toBe(param);
  });

  it('keeps the first 255 bytes of text eVars and the tracking code, the first 100 of props, as Adobe stores them', () => {
    const long = `START${'a'.repeat(300)}`;
    for (const param of ['v0', 'v12']) expect(truncateParam(param, long)).toBe(long.slice(0, 255));
    expect(truncateParam('c3', long)).toBe(long.slice(0, 100));
    expect(truncateParam('v12', 'short')).toBe('short');
    // A French title counts its bytes: é is two, so 200 of them fill 255 bytes at 127 characters.
    const french = 'é'.repeat(200);
    expect(truncateParam('v1', french)).toBe('é'.repeat(127));
    // A character is never cut: 😀 is four bytes, 25 of them fill 100.
    expect(truncateParam('c1', '😀'.repeat(30))).toBe('😀'.repeat(25));
  });

  it('keeps the last 255 (eVar) or 100 (prop) characters of the slots that carry URLs (LM-2)', () => {
    const url = `https://www.canada.ca/${'x'.repeat(300)}/END.html`;
    expect(truncateParam('v18', url, true)).toBe(url.slice(-255));
    expect(truncateParam('c2', url, true)).toBe(url.slice(-100));
  });

  it('keeps the first 255 characters of the referrer and never cuts the page URL or the link URL', () => {
    const url = `https://www.canada.ca/${'x'.repeat(400)}`;
    expect(truncateParam('r', url, true)).toBe(url.slice(0, 255));
    expect(truncateParam('g', url, true)).toBe(url);
    expect(truncateParam('pev1', url, true)).toBe(url);
  });

  it('splits a long page URL as AppMeasurement does: 255 characters in g, the rest in -g', () => {
    const url = `https://www.canada.ca/en/${'a'.repeat(300)}`;
    expect(splitPageUrl(url)).toEqual([url.slice(0, 255), url.slice(255)]);
    expect(splitPageUrl('https://www.canada.ca/en.html')).toEqual(['https://www.canada.ca/en.html', '']);
    // A surrogate pair at the cut stays whole, on the -g side.
    expect(splitPageUrl(`${'x'.repeat(254)}😀tail`)).toEqual(['x'.repeat(254), '😀tail']);
  });

  it('keeps the first 100 bytes of names (page name, link name, channel, server), and does not cut the others', () => {
    const name = `Download Link - ${'x'.repeat(200)}`;
    for (const param of ['pageName', 'pev2', 'ch', 'server']) expect(truncateParam(param, name)).toBe(name.slice(0, 100));
    for (const param of ['c', 'events', 'pe', 't']) expect(truncateParam(param, name)).toBe(name);
  });

  it('firstBytes counts UTF-8 bytes and never cuts a character', () => {
    expect(firstBytes('abc', 2)).toBe('ab');
    expect(firstBytes('aé', 2)).toBe('a');
    expect(firstBytes('’x', 3)).toBe('’');
    expect(firstBytes('', 5)).toBe('');
  });

  it('orders named slots first, then eVars, then props, by number', () => {
    const slots: SlotName[] = ['prop10', 'eVar2', 'prop2', 'campaign', 'eVar10', 'pageName', 'referrer'];
    expect([...slots].sort((a, b) => slotRank(a) - slotRank(b))).toEqual(['pageName', 'referrer', 'campaign', 'eVar2', 'eVar10', 'prop2', 'prop10']);
  });
});
