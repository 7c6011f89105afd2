/**
 * Previous-page values (SPEC §3): the page-bottom rule saves the current page's title, creator,
 * theme, URL, query string and load time in cookies; the next page reads them back.
 *
 * Cookie → value: gpv_pt title, gpv_pc creator, gpv_pthl theme, gpv_url URL, gpv_pqs query
 * string, DomComplete page-load time (seconds).
 */
import { cookies } from '../engine/cookies';
import type { DataElement } from '../engine/types';
import { redactText, redactUrl } from '../privacy/redact';
import type { DataElementName } from './names';
import { BLANK_QUERY_STRING } from './page';
import { lastChars } from './read';

export const PREVIOUS_PAGE_COOKIES = {
  title: 'gpv_pt',
  creator: 'gpv_pc',
  theme: 'gpv_pthl',
  url: 'gpv_url',
  queryString: 'gpv_pqs',
  loadTime: 'DomComplete',
} as const;

/** A visit: the previous page is only "previous" within 30 minutes (0.0208333 days). */
export const VISIT_DAYS = 0.0208333;
/** SPEC §9: the last-URL elements keep the last 255 characters. */
export const URL_MAX_LENGTH = 255;
const TEXT_MAX_LENGTH = 255;

export type PreviousPageField = keyof typeof PREVIOUS_PAGE_COOKIES;
export type PreviousPageValues = Partial<Record<PreviousPageField, string | number | null | undefined>>;

const isUrlField = (field: PreviousPageField) => field === 'url' || field === 'queryString';

/**
 * Saves the current page's values for the next page. Blank values remove their cookie, so that
 * the next page never reads a value left by an older page. Cookies go back to the server with
 * every request, so values are scrubbed of personal information before they are stored.
 * Returns true when every cookie was written (or removed).
 */
export function savePreviousPageCookies(values: PreviousPageValues): boolean {
  let ok = true;
  for (const field of Object.keys(PREVIOUS_PAGE_COOKIES) as PreviousPageField[]) {
    if (!(field in values)) continue;
    const name = PREVIOUS_PAGE_COOKIES[field];
    const raw = values[field];
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    if (!text) {
      ok = cookies.remove(name) && ok;
      continue;
    }
    const value = isUrlField(field) ? lastChars(redactUrl(text), URL_MAX_LENGTH) : redactText(text).slice(0, TEXT_MAX_LENGTH);
    ok = cookies.set(name, value, { days: VISIT_DAYS }) && ok;
  }
  return ok;
}

/**
 * The current page's values, read through the data elements, ready for
 * `savePreviousPageCookies`. The query string's 'blank query string' default is not saved.
 */
export function currentPageValues(getVar: (name: DataElementName) => unknown): PreviousPageValues {
  const text = (name: DataElementName) => {
    const value = getVar(name);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const queryString = text('queryString');
  return {
    title: text('pageTitle'),
    creator: text('pageCreator'),
    theme: text('theme'),
    url: text('pageUrl'),
    queryString: queryString === BLANK_QUERY_STRING ? '' : queryString,
  };
}

const read = (field: PreviousPageField) => () => cookies.get(PREVIOUS_PAGE_COOKIES[field]) ?? '';

export const previousPageDataElements: DataElement[] = [
  { name: 'previousPageTitle', get: read('title'), defaultValue: '' },
  { name: 'previousPageCreator', get: read('creator'), defaultValue: '' },
  { name: 'previousPageTheme', get: read('theme'), defaultValue: '' },
  { name: 'previousPageUrl', get: () => lastChars(read('url')(), URL_MAX_LENGTH), defaultValue: '' },
  { name: 'previousPageQueryString', get: read('queryString'), defaultValue: BLANK_QUERY_STRING },
  { name: 'previousPageLoadTime', get: read('loadTime'), defaultValue: '' },
];
