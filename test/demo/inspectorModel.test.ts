// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeBeacon } from '../../src/analytics/wireFormat';
import type { Beacon } from '../../demo/beacon';
import {
  beaconType,
  countByFilter,
  countsAsPageView,
  describeEvents,
  describeParams,
  filterGroups,
  groupByPage,
  isSurveyBeacon,
  pageKey,
  SHOW_ALL,
  type DeliverySummary,
  type FeedEntry,
} from '../../demo/inspector/model';

const PAGE = 'http://127.0.0.1:8080/en/services/demo.html';
const OTHER = 'http://127.0.0.1:8080/en.html';

function beacon(query: string): Beacon {
  return {
    receivedAt: '2026-11-22T10:00:00.000Z',
    method: 'GET',
    host: '127.0.0.1:8080',
    path: '/b/ss/canadadev/1/JS-2.27.0/s1',
    reportSuite: 'canadadev',
    params: decodeBeacon(query),
    query,
  };
}

let nextId = 1;
const pageView = (url = PAGE, name = 'Demo page'): FeedEntry => ({
  id: nextId++,
  kind: 'beacon',
  beacon: beacon(`AQB=1&pageName=${encodeURIComponent(name)}&g=${encodeURIComponent(url)}&v5=Jobs&events=event9,event11,event12%3D431&AQE=1`),
});
const link = (type: 'o' | 'd' | 'e', url = PAGE, name = 'A link'): FeedEntry => ({
  id: nextId++,
  kind: 'beacon',
  beacon: beacon(`AQB=1&pageName=Demo%20page&g=${encodeURIComponent(url)}&events=event500&pe=lnk_${type}&pev1=x&pev2=${encodeURIComponent(name)}&AQE=1`),
});
const delivery = (url = PAGE, pageLoad = true): FeedEntry => {
  const summary: DeliverySummary = {
    receivedAt: '2026-11-22T10:00:00.000Z',
    method: 'POST',
    status: 200,
    kind: pageLoad ? 'delivery' : 'notification',
    pageUrl: url,
    pageLoad,
    execute: pageLoad ? ['page load'] : [],
    prefetch: [],
    notifications: pageLoad ? [] : ['click (page load)'],
    options: [],
  };
  return { id: nextId++, kind: 'delivery', delivery: summary };
};
const surveyFile = (url = PAGE): FeedEntry => ({
  id: nextId++,
  kind: 'surveyFile',
  surveyFile: { receivedAt: '2026-11-22T10:00:00.000Z', method: 'GET', status: 200, bytes: 10, pageUrl: url },
});

describe('decoding a beacon with the solution design reference', () => {
  it('names each parameter with its slot, report name and source, and the wire-format ones too', () => {
    const rows = describeParams(beacon(`AQB=1&pageName=Demo%20page&g=${encodeURIComponent(PAGE)}&v5=Jobs&events=event9&AQE=1`));
    expect(rows.find((row) => row.param === 'v5')).toEqual({ param: 'v5', slot: 'eVar5', name: 'Theme', source: 'data element theme', value: 'Jobs' });
    expect(rows.find((row) => row.param === 'g')).toMatchObject({ slot: 'pageURL', name: 'Page URL', value: PAGE });
    expect(rows.find((row) => row.param === 'AQB')).toEqual({ param: 'AQB', name: 'Start of beacon', value: '1' });
    expect(rows.map((row) => row.param)).toEqual(['AQB', 'pageName', 'g', 'v5', 'events', 'AQE']);
  });

  it('names interaction slots by the interaction that fills them, and leaves unknown parameters unnamed', () => {
    const rows = describeParams(beacon('v50=Guide&v999=x'));
    expect(rows[0]).toMatchObject({ slot: 'eVar50', name: 'Link text / interaction name', source: 'interaction linkText' });
    expect(rows[1]).toEqual({ param: 'v999', value: 'x' });
  });

  it('lists events with their numbers, values and names', () => {
    expect(describeEvents(beacon('events=event9,event12%3D431,event777,junk'))).toEqual([
      { number: 9, name: 'Page load' },
      { number: 12, value: '431', name: 'Content age' },
      { number: 777 },
    ]);
    expect(describeEvents(beacon('pageName=x'))).toEqual([]);
  });

  it('tells the types apart: page view, o, d, e; an unknown link type counts as o', () => {
    expect(beaconType(beacon('pageName=x'))).toBe('page');
    expect(beaconType(beacon('pe=lnk_o'))).toBe('o');
    expect(beaconType(beacon('pe=lnk_d'))).toBe('d');
    expect(beaconType(beacon('pe=lnk_e'))).toBe('e');
    expect(beaconType(beacon('pe=lnk_x'))).toBe('o');
  });

  it('knows the survey pop-up beacons and the link calls that stand in for a page view', () => {
    expect(isSurveyBeacon(beacon('pe=lnk_o&pev2=Pop-up%20Impression'))).toBe(true);
    expect(isSurveyBeacon(beacon('pe=lnk_o&pev2=Popup%20yes%20click'))).toBe(true);
    expect(isSurveyBeacon(beacon('pe=lnk_o&pev2=Other'))).toBe(false);
    expect(countsAsPageView(beacon('pe=lnk_o&pev2=Internal%20Campaign%20Impression&events=event9,event11'))).toBe(true);
    expect(countsAsPageView(beacon('pe=lnk_o&events=event500'))).toBe(false);
  });

  it('keys pages by origin and path, so scrubbed and unscrubbed query strings agree', () => {
    expect(pageKey(`${PAGE}?utm_source=x#top`)).toBe(PAGE);
    expect(pageKey('not a url')).toBe('not a url');
    expect(pageKey(undefined)).toBe('');
  });
});

describe('grouping by page view', () => {
  it('puts link calls under the page they happened on, newest page first', () => {
    const entries = [pageView(), link('d'), pageView(OTHER, 'Canada.ca'), link('e'), link('o', OTHER)];
    const groups = groupByPage(entries);
    expect(groups.map((g) => [g.pageName, g.entries.map((e) => e.id)])).toEqual([
      ['Canada.ca', [entries[2]!.id, entries[4]!.id]],
      ['Demo page', [entries[0]!.id, entries[1]!.id, entries[3]!.id]],
    ]);
    expect(groups[1]!.pageView).toBe(entries[0]);
    expect(groups[1]!.pageUrl).toBe(PAGE);
  });

  it('joins the page-load decisions and the survey file, which arrive first, to the page view that follows', () => {
    const entries = [delivery(), surveyFile(), pageView(), delivery(PAGE, false)];
    const [group, ...rest] = groupByPage(entries);
    expect(rest).toEqual([]);
    expect(group!.entries).toEqual(entries);
    expect(group!.pageName).toBe('Demo page');
  });

  it('starts a new group when the same page loads again', () => {
    const entries = [delivery(), pageView(), link('d'), delivery(), pageView(), link('e')];
    const groups = groupByPage(entries);
    expect(groups.map((g) => g.entries.map((e) => e.id))).toEqual([entries.slice(3).map((e) => e.id), entries.slice(0, 3).map((e) => e.id)]);
  });

  it('lets a home page link call that carries the page-view event stand in for the page view', () => {
    const impression: FeedEntry = {
      id: nextId++,
      kind: 'beacon',
      beacon: beacon(`pageName=Canada.ca&g=${encodeURIComponent(OTHER)}&events=event9,event11&pe=lnk_o&pev2=Internal%20Campaign%20Impression`),
    };
    const [group] = groupByPage([delivery(OTHER), impression]);
    expect(group!.pageView).toBe(impression);
    expect(group!.pageName).toBe('Canada.ca');
  });

  it('keeps a link call whose page view never came in a group of its own, named from the beacon', () => {
    const [group] = groupByPage([link('d')]);
    expect(group!.pageView).toBeUndefined();
    expect(group!.pageName).toBe('Demo page');
  });
});

describe('filtering by type', () => {
  const entries = [delivery(), surveyFile(), pageView(), link('o'), link('d'), link('e')];

  it('shows everything by default and counts each type', () => {
    expect(filterGroups(groupByPage(entries), SHOW_ALL)[0]!.entries).toHaveLength(6);
    expect(countByFilter(entries)).toEqual({ page: 1, o: 1, d: 1, e: 1, personalization: 1, survey: 1 });
  });

  it('keeps only the types switched on, and drops groups left empty', () => {
    const groups = groupByPage([...entries, pageView(OTHER)]);
    const downloads = filterGroups(groups, { ...SHOW_ALL, page: false, o: false, e: false, personalization: false, survey: false });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.entries.map((e) => e.kind === 'beacon' && beaconType(e.beacon))).toEqual(['d']);
    expect(filterGroups(groups, { ...SHOW_ALL, page: false }).map((g) => g.pageKey)).toEqual([PAGE]);
  });

  it('does not change the groups it is given', () => {
    const groups = groupByPage(entries);
    filterGroups(groups, { ...SHOW_ALL, d: false });
    expect(groups[0]!.entries).toHaveLength(6);
  });
});
