/**
 * Values that travel to a later page together, in one cookie of the site for the visit: a page
 * view writes one cookie for them, not one each.
 */
import { siteCookies } from '../engine/cookies';
// A visit: what one page leaves for the next is only meant for the same visit.
import { VISIT_DAYS } from './visitLength';

/**
 * A group's cookie holds a JSON array of its values in `fields` order. `legacy` names the cookie
 * each field had before (the tag's earlier versions, and the site's earlier tag): they are read
 * while the group's cookie is absent, so a visit that spans the change keeps its values, and
 * removed when the group is written.
 */
export interface CookieGroup<F extends string> {
  name: string;
  fields: readonly F[];
  /** The older cookies' names, in `fields` order, space-separated. */
  legacy: string;
}

/**
 * Writes the group's cookie for the visit with `values` (a field not given is blank), so that the
 * next page never reads a value left by an older page; when every value is blank the cookie is
 * removed. A legacy cookie still there is removed too (a removal costs no write when there is
 * nothing to remove). Returns true when the cookie was written (or removed).
 */
export function saveCookieGroup<F extends string>(group: CookieGroup<F>, values: Readonly<Partial<Record<F, string>>>): boolean {
  const list = group.fields.map((field) => values[field] || '');
  for (const name of group.legacy.split(' ')) siteCookies.remove(name);
  return list.some(Boolean) ? siteCookies.set(group.name, JSON.stringify(list), { days: VISIT_DAYS }) : siteCookies.remove(group.name);
}

/** A field of the group's cookie ('' when there is none, or the cookie is not the group's JSON). */
export function readCookieGroup<F extends string>(group: CookieGroup<F>, field: F): string {
  const at = group.fields.indexOf(field);
  const kept = siteCookies.get(group.name);
  if (kept === undefined) return siteCookies.get(group.legacy.split(' ')[at]!) || '';
  try {
    // Only an array: a JSON string would be read a character at a time.
    const value: unknown = kept[0] === '[' && (JSON.parse(kept) as unknown[])[at];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
