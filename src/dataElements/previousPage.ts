/**
 * Previous-page values (requirements PV-10): the page-bottom rule saves the current page's title, creator,
 * theme, URL and query string in cookies; the next page reads them back. The cookies are the
 * site's (see siteCookies), so a visit that moves from www.canada.ca to another Canada.ca host
 * keeps them. The page's timings follow the same way once the page is left (performance.ts).
 *
 * Cookie → value: gpv_pt title, gpv_pc creator, gpv_pthl theme, gpv_url URL, gpv_pqs query string.
 */
import { siteCookies } from '../engine/cookies';
import type { DataElement } from '../engine/types';
import { redactText } from '../privacy/redact';
import { redactUrl } from '../privacy/url';
import type { DataElementName } from './names';
import { BLANK_QUERY_STRING } from './page';
import { el, lastChars } from './read';
// A visit: the previous page is only "previous" within it.
import { VISIT_DAYS } from './visitLength';

export const PREVIOUS_PAGE_COOKIES = {
  title: 'gpv_pt',
  creator: 'gpv_pc',
  theme: 'gpv_pthl',
  url: 'gpv_url',
  queryString: 'gpv_pqs',
} as const;

/** LM-2: the last-URL elements keep the last 255 characters (and texts their first 255). */
export const URL_MAX_LENGTH = 255;

export type PreviousPageField = keyof typeof PREVIOUS_PAGE_COOKIES;
export type PreviousPageValues = Partial<Record<PreviousPageField, string | number | null | undefined>>;

/**
 * A value as a cookie keeps it for the next page: cookies go back to the server with every
 * request, so it is scrubbed of personal information first; a URL keeps its last 255
 * characters, a text its first 255. Blank stays blank (scrubbing never blanks a value).
 */
export const cookieValue = (text: string, isUrl?: boolean): string =>
  text && (isUrl ? lastChars(redactUrl(text), URL_MAX_LENGTH) : redactText(text).slice(0, URL_MAX_LENGTH));

/**
 * Writes the cookie of each field of `values` for the visit, named by `names`; a blank value
 * removes its cookie, so that the next page never reads a value left by an older page. Returns
 * true when every cookie was written (or removed).
 */
export function saveVisitCookies(names: Readonly<Record<string, string>>, values: Readonly<Record<string, string>>): boolean {
  let ok = true;
  for (const field of Object.keys(names))
    if (field in values) ok = (values[field] ? siteCookies.set(names[field]!, values[field]!, { days: VISIT_DAYS }) : siteCookies.remove(names[field]!)) && ok;
  return ok;
}

/** The URL this page left for the next one, exactly as written to gpv_url ('' before the page bottom). */
let savedUrl = '';
export const savedPageUrl = (): string => savedUrl;

/**
 * Saves the current page's values for the next page (see `saveVisitCookies`). Returns true
 * when every cookie was written (or removed).
 */
export function savePreviousPageCookies(values: PreviousPageValues): boolean {
  const texts: Record<string, string> = {};
  for (const field of Object.keys(PREVIOUS_PAGE_COOKIES) as PreviousPageField[]) {
    const raw = values[field];
    if (field in values) texts[field] = cookieValue(raw == null ? '' : String(raw).trim(), field === 'url' || field === 'queryString');
  }
  if ('url' in texts) savedUrl = texts.url!;
  return saveVisitCookies(PREVIOUS_PAGE_COOKIES, texts);
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

/** The getter of a cookie's value ('' when there is none). */
export const readCookie = (name: string) => (): string => siteCookies.get(name) || '';

export const previousPageDataElements: DataElement[] = [
  el('previousPageTitle', readCookie(PREVIOUS_PAGE_COOKIES.title), ''),
  el('previousPageCreator', readCookie(PREVIOUS_PAGE_COOKIES.creator), ''),
  el('previousPageTheme', readCookie(PREVIOUS_PAGE_COOKIES.theme), ''),
  el('previousPageUrl', () => lastChars(readCookie(PREVIOUS_PAGE_COOKIES.url)(), URL_MAX_LENGTH), ''),
  el('previousPageQueryString', readCookie(PREVIOUS_PAGE_COOKIES.queryString), BLANK_QUERY_STRING),
];
