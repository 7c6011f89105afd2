/**
 * Visits (SPEC §9): a visit ends after 30 minutes (1 800 000 ms) without a page view. At the
 * start of a visit the visitor is 'New' or 'Repeat' (seen in the last 30 days) and the days
 * since the previous visit fall in a band; both hold for the whole visit, so every page of one
 * visit reports the same values.
 *
 * The getters only read. The page-bottom visit rule calls `saveVisit()` after the page
 * variables are set, so a page reports the state as it was when the visitor arrived.
 *
 * Cookies: gc_visit 'band|New' (30 minutes, sliding), gc_nr the visit's new/repeat label
 * (30 days, sliding), gc_lv the time of the last page view in ms (3 years, so that 'More than
 * 1 year' can be told from a first visit). None holds anything about the person.
 */
import { siteCookies } from '../engine/cookies';
import type { DataElement } from '../engine/types';
import { clock, el } from './read';

export const VISIT_COOKIES = { visit: 'gc_visit', newRepeat: 'gc_nr', lastVisit: 'gc_lv' } as const;
export const VISIT_MS = 1_800_000;
export const NEW_REPEAT_DAYS = 30;
const DAY_MS = 864e5;

export const FIRST_VISIT = 'First visit';

/**
 * The band of a gap between visits: less than 1 day, 7 days, 30 days, 1 year, else 'More than
 * 1 year'. A clock set back (negative gap) counts as the same day.
 */
export function daysSinceBand(ms: number): string {
  const days = Math.max(0, ms) / DAY_MS;
  return days < 365
    ? 'Less than ' + (days < 1 ? '1 day' : days < 7 ? '7 days' : days < 30 ? '30 days' : '1 year')
    : 'More than 1 year';
}

export type VisitState = [daysSinceLastVisit: string, newRepeat: 'New' | 'Repeat'];

/** This visit's values: those the visit started with, or those a visit starting now gets. */
export function visitState(now: number = clock.now().getTime()): VisitState {
  const [band, label] = (siteCookies.get(VISIT_COOKIES.visit) || '').split('|');
  if (band && (label === 'New' || label === 'Repeat')) return [band, label];
  const last = Number(siteCookies.get(VISIT_COOKIES.lastVisit));
  return [last > 0 ? daysSinceBand(now - last) : FIRST_VISIT, siteCookies.get(VISIT_COOKIES.newRepeat) ? 'Repeat' : 'New'];
}

/** Starts or extends the visit (one page view seen now). True when every cookie was written. */
export function saveVisit(now: number = clock.now().getTime()): boolean {
  const [band, label] = visitState(now);
  return [
    siteCookies.set(VISIT_COOKIES.visit, band + '|' + label, { days: VISIT_MS / DAY_MS }),
    siteCookies.set(VISIT_COOKIES.newRepeat, label, { days: NEW_REPEAT_DAYS }),
    // Three years, so that 'More than 1 year' can be told from a first visit.
    siteCookies.set(VISIT_COOKIES.lastVisit, String(now), { days: 1095 }),
  ].every(Boolean);
}

export const visitDataElements: DataElement[] = [
  el('newRepeat', () => visitState()[1]),
  el('daysSinceLastVisit', () => visitState()[0]),
];
