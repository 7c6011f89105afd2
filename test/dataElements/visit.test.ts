import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '../../src/engine/cookies';
import { clock } from '../../src/dataElements/read';
import { daysSinceBand, FIRST_VISIT, LEGACY_VISIT_COOKIES, saveVisit, VISIT_COOKIE } from '../../src/dataElements/visit';
import { VISIT_MS } from '../../src/dataElements/visitLength';
import { openPage, readAll, resetWindow } from './helpers';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 8, 17, 14);
let now = T0;

beforeEach(() => {
  resetWindow();
  now = T0;
  vi.spyOn(clock, 'now').mockImplementation(() => new Date(now));
  openPage({ url: 'https://www.canada.ca/en/services/benefits.html' });
});
afterEach(() => vi.restoreAllMocks());

const read = () => readAll(['newRepeat', 'daysSinceLastVisit']);

describe('days-since-last-visit bands (LM-1: 1 day, 7 days, 30 days, a year)', () => {
  it.each([
    [0, 'Less than 1 day'],
    [DAY - 1, 'Less than 1 day'],
    [DAY, 'Less than 7 days'],
    [7 * DAY - 1, 'Less than 7 days'],
    [7 * DAY, 'Less than 30 days'],
    [30 * DAY, 'Less than 1 year'],
    [365 * DAY - 1, 'Less than 1 year'],
    [365 * DAY, 'More than 1 year'],
    [-5 * DAY, 'Less than 1 day'],
  ])('%s ms → %s', (ms, band) => {
    expect(daysSinceBand(ms)).toBe(band);
  });
});

describe('visit, new/repeat and days since last visit', () => {
  it('a first visit is New and First visit, and the getters write nothing', () => {
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: FIRST_VISIT });
    expect(document.cookie).toBe('');
  });

  it('keeps the values the visit started with for the whole visit', () => {
    saveVisit();
    now += 10 * 60_000;
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: FIRST_VISIT });
    saveVisit();
    now += 25 * 60_000; // 35 minutes after the first page, 25 after the last: same visit (sliding)
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: FIRST_VISIT });
  });

  it('a visitor back after the visit ended (30 minutes after the last page view) is Repeat, banded by the gap', () => {
    saveVisit();
    now += VISIT_MS - 1;
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: FIRST_VISIT });
    now += 1;
    expect(read()).toEqual({ newRepeat: 'Repeat', daysSinceLastVisit: 'Less than 1 day' });
    now += 3 * DAY;
    expect(read()).toEqual({ newRepeat: 'Repeat', daysSinceLastVisit: 'Less than 7 days' });
    saveVisit();
    expect(cookies.get(VISIT_COOKIE)).toBe(`${now}|Less than 7 days|Repeat`);
  });

  it('is New again after 30 days without a visit, and says how long it was', () => {
    saveVisit();
    now += 30 * DAY;
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: 'Less than 1 year' });
    now += 400 * DAY;
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: 'More than 1 year' });
  });

  it('a page view writes one cookie, kept 3 years (the visit itself lasts 30 minutes: 1 800 000 ms)', () => {
    expect(VISIT_MS).toBe(1_800_000);
    const set = vi.spyOn(document, 'cookie', 'set');
    saveVisit();
    const written = set.mock.calls.map(([c]) => String(c));
    expect(written).toHaveLength(1);
    const expires = Date.parse(/expires=([^;]+)/.exec(written[0]!)![1]!);
    expect(Math.abs(expires - Date.now() - 1095 * DAY)).toBeLessThan(60_000);
  });

  it("carries on from the tag's older cookies (a visit going on, the last page view), then removes them", () => {
    document.cookie = `${VISIT_COOKIE}=Less than 7 days|Repeat; path=/`;
    document.cookie = `${LEGACY_VISIT_COOKIES.newRepeat}=Repeat; path=/`;
    document.cookie = `${LEGACY_VISIT_COOKIES.lastVisit}=${now - 10 * 60_000}; path=/`;
    expect(read()).toEqual({ newRepeat: 'Repeat', daysSinceLastVisit: 'Less than 7 days' });
    saveVisit();
    expect(cookies.get(VISIT_COOKIE)).toBe(`${now}|Less than 7 days|Repeat`);
    expect([cookies.get(LEGACY_VISIT_COOKIES.newRepeat), cookies.get(LEGACY_VISIT_COOKIES.lastVisit)]).toEqual([undefined, undefined]);
  });

  it('a visitor whose older visit cookie expired is banded by the older last-visit cookie', () => {
    document.cookie = `${LEGACY_VISIT_COOKIES.newRepeat}=Repeat; path=/`;
    document.cookie = `${LEGACY_VISIT_COOKIES.lastVisit}=${now - 2 * DAY}; path=/`;
    expect(read()).toEqual({ newRepeat: 'Repeat', daysSinceLastVisit: 'Less than 7 days' });
  });

  it('ignores a tampered visit cookie', () => {
    document.cookie = `${VISIT_COOKIE}=junk; path=/`;
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: FIRST_VISIT });
    document.cookie = `${VISIT_COOKIE}=${now}|junk; path=/`;
    expect(read()).toEqual({ newRepeat: 'Repeat', daysSinceLastVisit: 'Less than 1 day' });
  });
});
