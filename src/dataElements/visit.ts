/**
 * Visits (requirements LM-1): a visit ends after 30 minutes (1 800 000 ms) without a page view. At the
 * start of a visit the visitor is 'New' or 'Repeat' (seen in the last 30 days) and the days
 * since the previous visit fall in a band; both hold for the whole visit, so every page of one
 * visit reports the same values.
 *
 * The getters only read. The page-bottom visit rule calls `saveVisit()` after the page
 * variables are set, so a page reports the state as it was when the visitor arrived.
 *
 * One cookie, gc_visit, holds it all, so that a page view writes one cookie: 'ms|band|label', the
 * time of the last page view and the values of the visit it belongs to, for 3 years (so that
 * 'More than 1 year' can be told from a first visit). The visit goes on while the last page view
 * is under 30 minutes old; the visitor is 'Repeat' when it is under 30 days old. Nothing in it
 * is about the person. The tag's older cookies (gc_visit 'band|label', gc_nr, gc_lv) are read
 * once, then removed.
 */
import { siteCookies } from '../engine/cookies';
import { decimal } from '../engine/decimal';
import type { DataElement } from '../engine/types';
import { DAY_MS } from '../engine/durations';
import { clock, el } from './read';
import { VISIT_MS } from './visitLength';

export const VISIT_COOKIE = 'gc_visit';
/** The tag's cookies before gc_visit held the whole visit. */
export const LEGACY_VISIT_COOKIES = { newRepeat: 'gc_nr', lastVisit: 'gc_lv' } as const;
const LIFETIME_DAYS = 1095;
export const NEW_REPEAT_DAYS = 30;

export const FIRST_VISIT = 'First visit';

/**
 * The band of a gap between visits: less than 1 day, 7 days, 30 days, 1 year, else 'More than
 * 1 year'. A clock set back (negative gap) counts as the same day.
 */
export function daysSinceBand(ms: number): string {
  const days = Math.max(0, ms) / DAY_MS;
  return days < 365 ? `Less than ${days < 1 ? '1 day' : days < 7 ? '7 days' : days < 30 ? '30 days' : '1 year'}` : 'More than 1 year';
}

export type VisitState = [daysSinceLastVisit: string, newRepeat: 'New' | 'Repeat'];
type Label = VisitState[1];
const isLabel = (text: string | undefined): text is Label => text === 'New' || text === 'Repeat';

/** The last page view and the values of its visit, from gc_visit or, once, from the older cookies. */
function saved(): { last: number; visit?: VisitState } {
  const [first, band, label] = (siteCookies.get(VISIT_COOKIE) || '').split('|');
  const last = Number(first);
  if (last > 0) return { last, visit: band && isLabel(label) ? [band, label] : undefined };
  // The older gc_visit was 'band|label' and lived 30 minutes: a visit going on.
  const legacyLast = Number(siteCookies.get(LEGACY_VISIT_COOKIES.lastVisit)) || 0;
  return { last: legacyLast, visit: first && isLabel(band) ? [first, band] : undefined };
}

/** The values of the visit going on, or of one starting now; and whether one is going on. */
function current(now: number): [VisitState, boolean] {
  const { last, visit } = saved();
  if (visit && now - last < VISIT_MS) return [visit, true];
  if (!(last > 0)) return [[FIRST_VISIT, 'New'], false];
  return [[daysSinceBand(now - last), now - last < NEW_REPEAT_DAYS * DAY_MS ? 'Repeat' : 'New'], false];
}

/** This visit's values: those the visit started with, or those a visit starting now gets. */
export const visitState = (now: number = clock.now().getTime()): VisitState => current(now)[0];

let begun = false;
/** Whether a visit began on this page (what is renewed once per visit is renewed then). */
export const visitBegunOnThisPage = () => begun;

/** Starts or extends the visit (one page view seen now), in one cookie. True when it was written. */
export function saveVisit(now: number = clock.now().getTime()): boolean {
  const [[band, label], going] = current(now);
  if (!going) begun = true;
  const written = siteCookies.set(VISIT_COOKIE, `${decimal(now)}|${band}|${label}`, { days: LIFETIME_DAYS });
  for (const name of Object.values(LEGACY_VISIT_COOKIES)) siteCookies.remove(name);
  return written;
}

export const visitDataElements: DataElement[] = [el('newRepeat', () => visitState()[1]), el('daysSinceLastVisit', () => visitState()[0])];
