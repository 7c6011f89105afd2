import { describe, expect, it } from 'vitest';
import type { SlotName } from '../../src/analytics/slots';
import { firstBytes } from '../../src/analytics/slots';
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
      'AQB',
      'ndh',
      't',
      'ce',
      'cc',
      'pageName',
      'g',
      'r',
      'ch',
      'server',
      'pageType',
      'v0',
      'v12',
      'c5',
      'events',
      's',
      'c',
      'AQE',
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
    const pairs = decode(
      [],
      [
        [500, undefined],
        [11, undefined],
        [104, 7],
      ],
    );
    expect(value(pairs, 'events')).toBe('event500,event11,event104=7');
  });

  it('omits empty values and the events parameter when there are none', () => {
    const pairs = decode([['pageName', '']]);
    expect(names(pairs)).toEqual(['AQB', 'ndh', 't', 'ce', 'cc', 's', 'c', 'AQE']);
  });

  it('splits a long page URL into g and -g (last, before AQE), keeps the first bytes of text and the end of URL slots', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => 'abcdefghij'[i % 10]).join('');
    const url = `https://www.canada.ca/${long(400)}`;
    const pairs = decode(
      [
        ['pageURL', url],
        ['eVar3', long(300)],
        ['eVar18', url],
        ['campaign', long(300)],
        ['prop3', long(150)],
        ['pageName', long(300)],
      ],
      [],
      { urlParams: new Set(['v18']) },
    );
    expect(value(pairs, 'g')).toBe(url.slice(0, 255));
    expect(value(pairs, '-g')).toBe(url.slice(255));
    expect(names(pairs).slice(-2)).toEqual(['-g', 'AQE']);
    expect(value(pairs, 'v3')).toBe(long(255));
    expect(value(pairs, 'v18')).toBe(url.slice(-255));
    expect(value(pairs, 'v0')).toBe(long(255));
    expect(value(pairs, 'c3')).toBe(long(100));
    expect(value(pairs, 'pageName')).toBe(long(100));
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
    const pairs = decode([['eVar2', `write to someone.with.a.long.name@example.com please ${filler}`]]);
    expect(value(pairs, 'v2')).toBe(`write to [REDACTED/CAVIARDÉ] please ${filler}`.slice(0, 254));
  });

  it('percent-encodes values so separators and accents survive', () => {
    const query = serializeBeacon(vars([['pageName', 'Santé & sécurité = 100% ?']]), new Map(), { time, device: [] });
    expect(query).toContain('pageName=Sant%C3%A9%20%26%20s%C3%A9curit%C3%A9%20%3D%20100%25%20%3F');
    expect(value(decodeBeacon(query), 'pageName')).toBe('Santé & sécurité = 100% ?');
  });

  it('does not throw on a surrogate pair cut by truncation', () => {
    const prop = `${'x'.repeat(99)}😀${'y'.repeat(99)}`; // the last 100 characters start with half an emoji
    const pairs = decode([['prop1', prop]], [], { urlParams: new Set(['c1']) });
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
    const pairs = decode(
      [
        ['eVar1', 'x'],
        ['channel', 'canada'],
      ],
      [[500, undefined]],
      {
        link: { type: 'o', url: 'https://x.test/', name: 'Custom Click', vars: [], events: [] },
      },
    );
    expect(names(pairs)).toEqual(['AQB', 'ndh', 't', 'ce', 'cc', 'pe', 'pev1', 'pev2', 's', 'c', 'AQE']);
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

/**
 * The same variable values through our serializer, checked against the wire rules Adobe documents
 * for AppMeasurement 2.27 (data collection query parameters, page URL, variable lengths,
 * linkLeaveQueryString): what a collector decodes must be what AppMeasurement's request decodes to.
 */
describe('AppMeasurement wire rules', () => {
  const french = `Prestations d’assurance-emploi et congés de maladie — ${'é'.repeat(300)}`;
  const longUrl = `https://www.canada.ca/fr/services/prestations/${'chemin/'.repeat(50)}page.html`;
  const cases: Array<[string, Array<[SlotName, string]>, Partial<BeaconCall>, Array<[string, string | undefined]>]> = [
    ['non-ASCII, ’ and emoji decode as sent', [['eVar1', 'Santé ’ 😀 Ünïcödé']], {}, [['v1', 'Santé ’ 😀 Ünïcödé']]],
    ['control characters decode as sent', [['eVar5', 'tab\there\u0001bell\u0007']], {}, [['v5', 'tab\there\u0001bell\u0007']]],
    ['+ & = % decode as sent', [['prop3', 'a+b & c=d 100%']], {}, [['c3', 'a+b & c=d 100%']]],
    [
      'empty values are not sent',
      [
        ['eVar4', ''],
        ['prop4', ''],
      ],
      {},
      [
        ['v4', undefined],
        ['c4', undefined],
      ],
    ],
    ['ce tells the collector the values are UTF-8', [], {}, [['ce', 'UTF-8']]],
    ['fid is sent when there is one', [], { fid: '3F2A1B4C5D6E7F80-1A2B3C4D5E6F7081' }, [['fid', '3F2A1B4C5D6E7F80-1A2B3C4D5E6F7081']]],
    [
      'the page URL: first 255 in g, the rest in -g',
      [['pageURL', longUrl]],
      {},
      [
        ['g', longUrl.slice(0, 255)],
        ['-g', longUrl.slice(255)],
      ],
    ],
    [
      'a short page URL has no -g',
      [['pageURL', 'https://www.canada.ca/fr.html']],
      {},
      [
        ['g', 'https://www.canada.ca/fr.html'],
        ['-g', undefined],
      ],
    ],
    ['a long French eVar keeps its first 255 bytes', [['eVar1', french]], {}, [['v1', firstBytes(french, 255)]]],
    ['a long French prop keeps its first 100 bytes', [['prop1', french]], {}, [['c1', firstBytes(french, 100)]]],
    ['the page name keeps its first 100 bytes', [['pageName', french]], {}, [['pageName', firstBytes(french, 100)]]],
    ['the referrer keeps its first 255 characters', [['referrer', longUrl]], {}, [['r', longUrl.slice(0, 255)]]],
    [
      'a link URL loses its query string (linkLeaveQueryString false)',
      [],
      { link: { type: 'd', url: 'https://www.canada.ca/content/dam/form.pdf?name=jane&x=1', name: 'Download Link', vars: [], events: [] } },
      [
        ['pev1', 'https://www.canada.ca/content/dam/form.pdf'],
        ['pe', 'lnk_d'],
      ],
    ],
  ];

  it.each(cases)('%s', (_, entries, call, expected) => {
    const pairs = decode(entries, [], call);
    for (const [param, wanted] of expected) expect(value(pairs, param)).toBe(wanted);
  });

  it('sends event12=34 as a valued event, and the long page URL rest last', () => {
    const pairs = decode([['pageURL', longUrl]], [[12, 34]]);
    expect(value(pairs, 'events')).toBe('event12=34');
    expect(names(pairs).slice(-2)).toEqual(['-g', 'AQE']);
  });
});
