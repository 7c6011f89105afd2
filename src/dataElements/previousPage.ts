/**
 * Previous-page values (requirements PV-10): the page-bottom rule saves the current page's title, creator,
 * theme, URL and query string in one cookie; the next page reads them back. The cookie is the
 * site's (see siteCookies), so a visit that moves from www.canada.ca to another Canada.ca host
 * keeps them. The page's timings follow the same way once the page is left (performance.ts).
 */
import type { DataElement } from '../engine/types';
import { type CookieGroup, readCookieGroup, saveCookieGroup } from './cookieGroup';
import { redactText } from '../privacy/redact';
import { redactUrl } from '../privacy/url';
import type { DataElementName } from './names';
import { BLANK_QUERY_STRING } from './page';
import { el, lastChars } from './read';

const PREVIOUS_PAGE_FIELDS = ['title', 'creator', 'theme', 'url', 'queryString'] as const;
export type PreviousPageField = (typeof PREVIOUS_PAGE_FIELDS)[number];

export const PREVIOUS_PAGE_COOKIE: CookieGroup<PreviousPageField> = {
  name: 'gpv_page',
  fields: PREVIOUS_PAGE_FIELDS,
  legacy: 'gpv_pt gpv_pc gpv_pthl gpv_url gpv_pqs',
};

/** LM-2: the last-URL elements keep the last 255 characters (and texts their first 255). */
export const URL_MAX_LENGTH = 255;

export type PreviousPageValues = Partial<Record<PreviousPageField, string | number | null | undefined>>;

/**
 * A value as a cookie keeps it for the next page: cookies go back to the server with every
 * request, so it is scrubbed of personal information first; a URL keeps its last 255
 * characters, a text its first 255. Blank stays blank (scrubbing never blanks a value).
 */
export const cookieValue = (text: string, isUrl?: boolean): string =>
  text && (isUrl ? lastChars(redactUrl(text), URL_MAX_LENGTH) : redactText(text).slice(0, URL_MAX_LENGTH));

/** The URL this page left for the next one, exactly as written to gpv_page ('' before the page bottom). */
let savedUrl = '';
export const savedPageUrl = (): string => savedUrl;

/**
 * Saves the current page's values for the next page (see `saveCookieGroup`). Returns true when
 * the cookie was written (or removed).
 */
export function savePreviousPageCookies(values: PreviousPageValues): boolean {
  const texts: Partial<Record<PreviousPageField, string>> = {};
  for (const field of PREVIOUS_PAGE_COOKIE.fields) {
    const raw = values[field];
    texts[field] = cookieValue(raw == null ? '' : String(raw).trim(), field === 'url' || field === 'queryString');
  }
  savedUrl = texts.url!;
  return saveCookieGroup(PREVIOUS_PAGE_COOKIE, texts);
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

/** What reads the previous page's value of `field` ('' when there is none). */
export const previousPageReader = (field: PreviousPageField) => (): string => readCookieGroup(PREVIOUS_PAGE_COOKIE, field);

export const previousPageDataElements: DataElement[] = [
  el('previousPageTitle', previousPageReader('title'), ''),
  el('previousPageCreator', previousPageReader('creator'), ''),
  el('previousPageTheme', previousPageReader('theme'), ''),
  el('previousPageUrl', () => lastChars(previousPageReader('url')(), URL_MAX_LENGTH), ''),
  el('previousPageQueryString', previousPageReader('queryString'), BLANK_QUERY_STRING),
];
