import { describe, expect, it } from 'vitest';
import type { QueuedBeacon } from '../../src/analytics/beaconQueue';
import type { FeedEntry } from '../../src/engine/logger';
import { beaconTitle, exportEntries, matches, PanelModel, rawRequest, spell } from '../../src/qaPanel/model';

const ENDPOINT = 'https://metrics.canada.ca/b/ss/canadalivemain/1/JS-2.27.0';
const PAGE_START = 1_000_000;
const beacon = (i: string, q: string, t = PAGE_START + 10): QueuedBeacon => ({ i, q, t, k: q.includes('pe=') ? 'l' : 'p' });
const step = (state: string, b: QueuedBeacon, at = PAGE_START + 20): FeedEntry => ({ source: 'beacon', method: state, at, args: [`${ENDPOINT}/s${b.i}`, b] });
const line = (source: string, method: string, ...args: unknown[]): FeedEntry => ({ source, method, at: PAGE_START + 30, args });
const fed = (...items: FeedEntry[]) => {
  const model = new PanelModel(PAGE_START);
  items.forEach((item) => model.take(item));
  return model;
};

const VIEW = beacon('111', 'AQB=1&ndh=1&pageName=Employment%20Insurance%20(EI)&v3=en&events=event9,event11&AQE=1');
const LINK = beacon('222', 'AQB=1&pe=lnk_d&pev2=Download%20Link%20-%20EI%20guide&v3=en&AQE=1');

describe('spell: the log’s numbered messages as words', () => {
  const texts = [
    ['Rule "', '" fired.'],
    ['Beacon queue full: ', ' oldest beacon(s) dropped.'],
  ];
  it('puts each value in its place, and keeps what follows the message', () => {
    expect(spell([0, 'Page view'], texts)).toEqual({ text: 'Rule "Page view" fired.', rest: [] });
    expect(spell([1, 3, { extra: true }], texts)).toEqual({ text: 'Beacon queue full: 3 oldest beacon(s) dropped.', rest: [{ extra: true }] });
  });
  it('shows a text written as text, and names a number it has no text for', () => {
    expect(spell(['visit scope: Page'], texts)).toEqual({ text: 'visit scope: Page', rest: [] });
    expect(spell([99], texts).text).toBe('(message 99)');
  });
});

describe('beacons', () => {
  it('are decoded, each parameter with its report name, and named as an analyst names them', () => {
    const [entry] = fed(step('fetch', VIEW)).entries;
    expect(entry).toMatchObject({ kind: 'beacon', title: 'Page view: Employment Insurance (EI)', beacon: { id: '111', state: 'sending', earlier: false } });
    expect(entry!.rows).toEqual(expect.arrayContaining([{ label: 'v3', slot: 'eVar3', name: 'Page language', value: 'en' }]));
    expect(entry!.rows.find((row) => row.label === 'events')!.value).toMatch(/^event9 \(.+\), event11 \(.+\)$/);
    expect(beaconTitle(LINK.q)).toBe('Download link: Download Link - EI guide');
    expect(beaconTitle('pe=lnk_o&pev2=Menu')).toBe('Link: Menu');
  });

  it('follow each step: in flight, answered; waiting, then queued when the collector fails (with every one not yet answered)', () => {
    const third = beacon('333', 'AQB=1&pe=lnk_o&pev2=Other&AQE=1');
    const model = fed(step('fetch', VIEW), step('held', LINK), step('ok', VIEW), step('fetch', third), step('retry', third));
    expect(model.entries.map((entry) => [entry.beacon!.id, entry.beacon!.state])).toEqual([
      ['111', 'sent'],
      ['222', 'queued'],
      ['333', 'queued'],
    ]);
    model.take(step('refused', LINK));
    expect(model.entries[1]).toMatchObject({ level: 'error', beacon: { state: 'refused' } });
  });

  it('made by an earlier page are marked so, whether they come from the feed or from storage, each once', () => {
    const old = beacon('444', 'AQB=1&pageName=Before&AQE=1', PAGE_START - 5000);
    const model = fed(step('ok', old));
    model.takeQueued((b) => `${ENDPOINT}/s${b.i}`, [old, beacon('555', 'AQB=1&pageName=Older&AQE=1', PAGE_START - 9000)]);
    expect(model.entries.map((entry) => [entry.title, entry.beacon!.state, entry.beacon!.earlier])).toEqual([
      ['Page view: Before', 'sent', true],
      ['Page view: Older', 'queued', true],
    ]);
  });

  it('copy as the request that left: a GET address, or the address and body of a long beacon sent by POST', () => {
    expect(rawRequest(`${ENDPOINT}/s1`, 'a=1')).toBe(`GET ${ENDPOINT}/s1?a=1`);
    const long = `a=${'x'.repeat(2100)}`;
    expect(rawRequest(`${ENDPOINT}/s1`, long)).toBe(`POST ${ENDPOINT}/s1\n\n${long}`);
  });
});

describe('rules', () => {
  it('tell what fired, what did not and the condition that stopped it, and what failed', () => {
    const model = fed(
      line('[tag]', 'log', 'Rule "Page view" fired.'),
      line('[tag]', 'log', 'Rule "Error page" did not fire: condition "404, 403 or 500 page" not met.'),
      line('[tag]', 'error', 'Rule "Custom click": action "send" failed:', 'boom'),
    );
    expect(model.entries.map((entry) => [entry.kind, entry.title, entry.rule])).toEqual([
      ['rule', 'Page view', { outcome: 'fired' }],
      ['rule', 'Error page', { outcome: 'notMet', condition: '404, 403 or 500 page' }],
      ['rule', 'Custom click', { outcome: 'failed', condition: 'action "send"' }],
    ]);
    expect(model.entries[2]).toMatchObject({ level: 'error', rows: [{ label: '1', value: 'boom' }] });
  });
});

describe('personalization', () => {
  it('lists each event with its decisions (activity, experience, offer) and how long its request took', () => {
    const start: FeedEntry = { source: '[target]', method: 'event', at: PAGE_START + 100, args: ['at-request-start', { requestId: 'r1' }] };
    const done: FeedEntry = {
      source: '[target]',
      method: 'event',
      at: PAGE_START + 142,
      args: [
        'at-request-succeeded',
        {
          requestId: 'r1',
          status: 'success',
          redirect: false,
          responseTokens: [{ 'activity.name': 'Home banner', 'experience.name': 'English home page', 'activity.id': '12', 'experience.id': '0' }],
        },
      ],
    };
    const [, succeeded] = fed(start, done).entries;
    expect(succeeded).toMatchObject({ kind: 'personalization', title: 'at-request-succeeded', level: 'info' });
    expect(succeeded!.rows).toEqual([
      { label: 'requestId', value: 'r1' },
      { label: 'status', value: 'success' },
      { label: 'time', value: '42 ms' },
      { label: 'decision 1', value: 'Home banner / English home page (12 / 0)' },
    ]);
    expect(succeeded!.data).toMatchObject({ tookMs: 42 });
  });

  it('a failed request is an error', () => {
    const [entry] = fed({ source: '[target]', method: 'event', at: 1, args: ['at-request-failed', { error: 'timeout' }] }).entries;
    expect(entry).toMatchObject({ level: 'error', rows: [{ label: 'error', value: 'timeout' }] });
  });
});

describe('survey decisions and the rest of the log', () => {
  it('the survey’s lines and its decisions, one row per reason', () => {
    const model = fed(
      line('[survey]', 'info', 'visit scope: Page'),
      line('[survey]', 'group', 'survey decisions', [['survey 12: kept (page matches)'], ['survey 13: dropped (ended 2026-01-31)']]),
    );
    expect(model.entries.map((entry) => [entry.kind, entry.title, entry.rows.map((row) => row.value)])).toEqual([
      ['survey', 'visit scope: Page', []],
      ['survey', 'survey decisions', ['survey 12: kept (page matches)', 'survey 13: dropped (ended 2026-01-31)']],
    ]);
  });

  it('leaves out the tracker’s own beacon log (the beacon itself is listed)', () => {
    expect(fed(line('[tag]', 'group', 'Beacon: page view', [['pageName', 'x']])).entries).toEqual([]);
  });

  it('shows nothing personal: log values, data-layer items and personalization details are scrubbed as beacons are', () => {
    const model = fed(
      line('_satellite', 'log', 'Contact: jane.doe@example.com'),
      line('[tag]', 'warn', 'Ignored a data-layer push that is not an object:', 'SIN 046 454 286'),
      { source: '[target]', method: 'event', at: 1, args: ['at-request-failed', { error: 'bad page https://www.canada.ca/en.html?email=marie@exemple.ca' }] },
    );
    model.takeDataLayer([{ event: 'formSubmit', form: { email: 'jean.untel@exemple.ca', postal: 'K1A 0B1', phone: '613-555-0199' } }], 5);
    const everything = JSON.stringify(model.entries);
    for (const personal of ['jane.doe', 'example.com', '046 454 286', 'marie@', 'jean.untel', 'K1A 0B1', '555-0199'])
      expect(everything).not.toContain(personal);
    expect(model.entries.map((entry) => entry.kind)).toEqual(['log', 'log', 'personalization', 'dataLayer']);
    expect(model.entries[3]!.title).toBe('formSubmit');
  });

  it('the data layer: each item once, in order; an array the page replaced is read again from its start', () => {
    const model = new PanelModel();
    const layer: unknown[] = [{ event: 'a' }];
    model.takeDataLayer(layer, 1);
    layer.push({ event: 'b' }, 'not an object');
    model.takeDataLayer(layer, 2);
    model.takeDataLayer([], 3);
    model.takeDataLayer([{ event: 'c' }], 4);
    expect(model.entries.map((entry) => entry.title)).toEqual(['a', 'b', 'not an object', 'c']);
  });

  it('a cyclic or throwing value costs its entry nothing', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    const throwing = Object.defineProperty({}, 'bad', {
      enumerable: true,
      get() {
        throw new Error('page bug');
      },
    });
    const model = fed(line('[tag]', 'log', 'values:', cyclic, throwing));
    expect(model.entries).toHaveLength(1);
  });
});

describe('search and export', () => {
  const model = fed(step('ok', VIEW), line('[tag]', 'log', 'Rule "Déclic de menu" fired.'));

  it('search finds a title, a parameter, its report name or its value, whatever the case or accents', () => {
    const [view, rule] = model.entries as [never, never];
    expect(matches(view, 'page language')).toBe(true);
    expect(matches(view, 'EMPLOYMENT')).toBe(true);
    expect(matches(view, 'v3')).toBe(true);
    expect(matches(view, 'evar3')).toBe(true);
    expect(matches(rule, 'declic')).toBe(true);
    expect(matches(rule, 'employment')).toBe(false);
    expect(matches(rule, '  ')).toBe(true);
  });

  it('the export holds the page and each entry in order, with its data', () => {
    const exported = JSON.parse(exportEntries(model.entries, 'https://www.canada.ca/en.html')) as { page: string; entries: Array<Record<string, unknown>> };
    expect(exported.page).toBe('https://www.canada.ca/en.html');
    expect(exported.entries.map((entry) => [entry.kind, entry.title])).toEqual([
      ['beacon', 'Page view: Employment Insurance (EI)'],
      ['rule', 'Déclic de menu'],
    ]);
    expect(exported.entries[0]!.data).toMatchObject({ state: 'sent', params: { v3: 'en' } });
  });
});
