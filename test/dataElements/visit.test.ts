import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '../../src/engine/cookies';
import { clock } from '../../src/dataElements/read';
import { daysSinceBand, FIRST_VISIT, saveVisit, VISIT_COOKIES, VISIT_MS } from '../../src/dataElements/visit';
import { openPage, readAll, resetWindow } from './helpers';
import { expireCookie } from '../engine/runtimeHelpers';

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
/** Cookie expiry is the browser's job; a test plays an expired cookie by removing it. */
const expire = expireCookie;

describe('days-since-last-visit bands (SPEC §9: 1 day, 7 days, 30 days, a year)', () => {
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

  it('a visitor back after the visit ended is Repeat, banded by the gap since the last page view', () => {
    saveVisit();
    now += 3 * DAY;
    expire(VISIT_COOKIES.visit);
    expect(read()).toEqual({ newRepeat: 'Repeat', daysSinceLastVisit: 'Less than 7 days' });
    saveVisit();
    expect(cookies.get(VISIT_COOKIES.visit)).toBe('Less than 7 days|Repeat');
  });

  it('is New again after 30 days without a visit, and says how long it was', () => {
    saveVisit();
    now += 400 * DAY;
    expire(VISIT_COOKIES.visit);
    expire(VISIT_COOKIES.newRepeat);
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: 'More than 1 year' });
  });

  it('the visit lasts 30 minutes (1 800 000 ms)', () => {
    expect(VISIT_MS).toBe(1_800_000);
    const set = vi.spyOn(document, 'cookie', 'set');
    saveVisit();
    const written = set.mock.calls.map(([c]) => String(c));
    const expires = (name: string) => Date.parse(/expires=([^;]+)/.exec(written.find((c) => c.startsWith(`${name}=`))!)![1]!);
    expect(Math.abs(expires(VISIT_COOKIES.visit) - Date.now() - VISIT_MS)).toBeLessThan(60_000);
    expect(Math.abs(expires(VISIT_COOKIES.newRepeat) - Date.now() - 30 * DAY)).toBeLessThan(60_000);
  });

  it('ignores a tampered visit cookie', () => {
    document.cookie = `${VISIT_COOKIES.visit}=junk; path=/`;
    expect(read()).toEqual({ newRepeat: 'New', daysSinceLastVisit: FIRST_VISIT });
  });
});
