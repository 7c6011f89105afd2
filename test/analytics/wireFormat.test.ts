import { describe, expect, it } from 'vitest';
import type { SlotName } from '../../src/analytics/slots';
import { decodeBeacon, localTime, serializeBeacon, type BeaconCall } from '../../src/analytics/wireFormat';

const time = new Date(2025, 8, 17, 9, 5, 3); // Wednesday 17 September 2025, local time
const device = [
  ['s', '1280x720'],
  ['c', '24'],
] as const;
const vars = (entries: Array<[SlotName, string]>) => new Map<SlotName, string>(entries);
const decode = (entries: Array<[SlotName, string]>, events: Array<[number, number | undefined]> = [], call: Partial<BeaconCall> = {}) =>
  decodeBeacon(serializeBeacon(vars(entries), new Map(events), { time, device, ...call }));
const names = (pairs: Array<[string, string]>) => pairs.map(([name]) => name);
const value = (pairs: Array<[string, string]>, name: string) => pairs.find(([key]) => key === name)?.[1];

describe('localTime', () => {
  it('formats like AppMeasurement: D/M/YYYY H:M:S weekday offset, month from 0, no padding', () => {
    expect(localTime(time)).toBe(`17/8/2025 9:5:3 3 ${time.getTimezoneOffset()}`);
  });
});

describe('serializeBeacon', () => {
  it('frames a page view with AQB first and AQE last and carries every slot under its parameter', () => {
    const pairs = decode(
      [
        ['prop5', 'p5'],
        ['eVar12', 'e12'],
        ['pageName', 'Home'],
        ['pageURL', 'https://www.canada.ca/en.html'],
        ['referrer', 'https://example.org/'],
        ['channel', 'canada'],
        ['server', 'www.canada.ca'],
        ['pageType', 'errorPage'],
        ['campaign', 'utm_x'],
      ],
      [
        [9, undefined],
        [12, 34],
      ],
    );
    expect(pairs[0]).toEqual(['AQB', '1']);
    expect(pairs.at(-1)).toEqual(['AQE', '1']);
    expect(names(pairs)).toEqual([
      'AQB', 'ndh', 't', 'cc', 'pageName', 'g', 'r', 'ch', 'server', 'pageType', 'v0', 'v12', 'c5', 'events', 's', 'c', 'AQE',
    ]);
    expect(value(pairs, 'ndh')).toBe('1');
    expect(value(pairs, 't')).toBe(localTime(time));
    expect(value(pairs, 'cc')).toBe('CAD');
    expect(value(pairs, 'pageName')).toBe('Home');
    expect(value(pairs, 'g')).toBe('https://www.canada.ca/en.html');
    expect(value(pairs, 'r')).toBe('https://example.org/');
    expect(value(pairs, 'ch')).toBe('canada');
    expect(value(pairs, 'server')).toBe('www.canada.ca');
    expect(value(pairs, 'pageType')).toBe('errorPage');
    expect(value(pairs, 'v0')).toBe('utm_x');
    expect(value(pairs, 'v12')).toBe('e12');
    expect(value(pairs, 'c5')).toBe('p5');
    expect(value(pairs, 'events')).toBe('event9,event12=34');
    expect(value(pairs, 's')).toBe('1280x720');
  });

  it('keeps events in insertion order, not numeric order', () => {
    const pairs = decode([], [
      [500, undefined],
      [11, undefined],
      [104, 7],
    ]);
    expect(value(pairs, 'events')).toBe('event500,event11,event104=7');
  });

  it('omits empty values and the events parameter when there are none', () => {
    const pairs = decode([['pageName', '']]);
    expect(names(pairs)).toEqual(['AQB', 'ndh', 't', 'cc', 's', 'c', 'AQE']);
  });

  it('keeps the last 255 characters of g and eVars, the last 100 of props, the first 100 of the page name', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => 'abcdefghij'[i % 10]).join('');
    const url = `https://www.canada.ca/${long(400)}`;
    const pairs = decode([
      ['pageURL', url],
      ['eVar3', long(300)],
      ['campaign', long(300)],
      ['prop3', long(150)],
      ['pageName', long(300)],
    ]);
    expect(value(pairs, 'g')).toBe(url.slice(-255));
    expect(value(pairs, 'g')).toHaveLength(255);
    expect(value(pairs, 'v3')).toBe(long(300).slice(-255));
    expect(value(pairs, 'v0')).toHaveLength(255);
    expect(value(pairs, 'c3')).toBe(long(150).slice(-100));
    // Names keep their start (Adobe's 100-byte page name), so a huge title still fits a beacon.
    expect(value(pairs, 'pageName')).toBe(long(300).slice(0, 100));
  });

  it('scrubs personal information from every slot, the link URL and the link name', () => {
    const pairs = decode(
      [
        ['pageName', 'Reply to jane.doe@example.com from K1A 0B1'],
        ['eVar5', 'SIN 123456789, passport AB123456'],
        ['prop7', 'Contact: jean.tremblay@gmail.com'],
        ['pageURL', 'https://www.canada.ca/en/page-123456789.html?contact=jane.doe%40example.com'],
        ['eVar9', 'https://www.canada.ca/en/case-123456789.html'],
      ],
      [],
      { link: { type: 'e', url: 'https://example.com/?user=jane.doe@example.com', name: 'Call AB123456', vars: ['eVar9'], events: [] } },
    );
    const sent = pairs.map(([, v]) => v).join(' ');
    for (const personal of ['jane.doe', 'jean.tremblay', 'K1A 0B1', 'AB123456']) expect(sent).not.toContain(personal);
    expect(value(pairs, 'pev2')).toBe('Call [REDACTED/CAVIARDÉ]');
    // Every pattern applies to URLs too (each component, decoded), and an @ in a query removes it whole.
    expect(value(pairs, 'g')).toBe('https://www.canada.ca/en/page-[REDACTED/CAVIARDÉ].html?removed: email');
    expect(value(pairs, 'v9')).not.toContain('123456789');
  });

  it('gives the URL variant to the slots the caller marks as URLs', () => {
    const url = 'https://www.canada.ca/en/sr/srb.html?q=tax&lang=en';
    const asText = value(decode([['eVar9', url]]), 'v9');
    const asUrl = value(decode([['eVar9', url]], [], { urlParams: new Set(['v9']) }), 'v9');
    expect(asText).toBe(url);
    expect(asUrl).toBe('https://www.canada.ca/en/sr/srb.html?lang=en');
  });

  it('scrubs before truncating, so a cut cannot leave part of an address behind', () => {
    const filler = 'x'.repeat(240);
    const pairs = decode([['eVar2', `${filler} write to someone.with.a.long.name@example.com please`]]);
    expect(value(pairs, 'v2')).toBe(`${filler} write to [REDACTED/CAVIARDÉ] please`.slice(-255));
  });

  it('percent-encodes values so separators and accents survive', () => {
    const query = serializeBeacon(vars([['pageName', 'Santé & sécurité = 100% ?']]), new Map(), { time, device: [] });
    expect(query).toContain('pageName=Sant%C3%A9%20%26%20s%C3%A9curit%C3%A9%20%3D%20100%25%20%3F');
    expect(value(decodeBeacon(query), 'pageName')).toBe('Santé & sécurité = 100% ?');
  });

  it('does not throw on a surrogate pair cut by truncation', () => {
    const prop = `${'x'.repeat(99)}😀${'y'.repeat(99)}`; // the last 100 characters start with half an emoji
    const pairs = decode([['prop1', prop]]);
    expect(value(pairs, 'c1')).toBe(`\ufffd${'y'.repeat(99)}`);
    expect(value(decode([['prop2', 'ok 😀']]), 'c2')).toBe('ok 😀');
  });

  it('adds pe, pev1 and pev2 to a link call, which carries only the link-track vars and events', () => {
    const pairs = decode(
      [
        ['pageName', 'Home'],
        ['pageURL', 'https://www.canada.ca/en.html'],
        ['referrer', 'https://example.org/'],
        ['channel', 'canada'],
        ['eVar1', 'kept'],
        ['eVar2', 'dropped'],
        ['prop1', 'kept'],
        ['prop2', 'dropped'],
      ],
      [
        [500, undefined],
        [9, undefined],
        [12, 3],
      ],
      { link: { type: 'd', url: 'https://www.canada.ca/a.pdf', name: 'Download Link - a.pdf', vars: ['eVar1', 'prop1'], events: [500, 12] } },
    );
    expect(pairs[0]).toEqual(['AQB', '1']);
    expect(pairs.at(-1)).toEqual(['AQE', '1']);
    expect(value(pairs, 'pe')).toBe('lnk_d');
    expect(value(pairs, 'pev1')).toBe('https://www.canada.ca/a.pdf');
    expect(value(pairs, 'pev2')).toBe('Download Link - a.pdf');
    expect(value(pairs, 'v1')).toBe('kept');
    expect(value(pairs, 'c1')).toBe('kept');
    expect(value(pairs, 'events')).toBe('event500,event12=3');
    for (const dropped of ['v2', 'c2', 'ch']) expect(value(pairs, dropped)).toBeUndefined();
    // AppMeasurement's requiredVarList: always on a link call.
    expect(value(pairs, 'pageName')).toBe('Home');
    expect(value(pairs, 'g')).toBe('https://www.canada.ca/en.html');
    expect(value(pairs, 'r')).toBe('https://example.org/');
    expect(value(pairs, 'cc')).toBe('CAD');
  });

  it('sends no vars or events on a link call without link-track lists', () => {
    const pairs = decode([['eVar1', 'x'], ['channel', 'canada']], [[500, undefined]], {
      link: { type: 'o', url: 'https://x.test/', name: 'Custom Click', vars: [], events: [] },
    });
    expect(names(pairs)).toEqual(['AQB', 'ndh', 't', 'cc', 'pe', 'pev1', 'pev2', 's', 'c', 'AQE']);
  });
});

describe('decodeBeacon', () => {
  it('accepts a bare query, a query with ?, or a whole beacon URL', () => {
    const expected = [
      ['AQB', '1'],
      ['pageName', 'a b'],
      ['AQE', '1'],
    ];
    expect(decodeBeacon('AQB=1&pageName=a%20b&AQE=1')).toEqual(expected);
    expect(decodeBeacon('?AQB=1&pageName=a+b&AQE=1')).toEqual(expected);
    expect(decodeBeacon('https://c.test/b/ss/rs/1/JS-2.27.0/s123?AQB=1&pageName=a%20b&AQE=1')).toEqual(expected);
  });

  it('keeps repeated parameters and a malformed escape instead of throwing', () => {
    expect(decodeBeacon('c1=100%ZZ&c1=b')).toEqual([
      ['c1', '100%ZZ'],
      ['c1', 'b'],
    ]);
  });
});
