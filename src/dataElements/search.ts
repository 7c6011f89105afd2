/**
 * Search description (requirements SR-1, SR-5, PV-3): the phrase, the refine type, the result count, the
 * search term (with the news-search filter parts) and the advanced-search filters. What the
 * page pushed to the data layer wins over what the address and the page say: first the result
 * set of a Coveo-style search page (`searchResult.queryText`, `.numberOfResults`; the one the
 * current event pushed, else the latest), then a search event (`search.query`, `search.type`,
 * `search.numOfResults`).
 */
import { readDataLayer } from '../engine/dataLayer';
import type { DataElement, DataElementContext } from '../engine/types';
import { ADVANCED_SEARCH_PAGE, isNewsSearchPage, isSearchPage, SEARCH_EVENT } from './searchPages';
import { dataLayerText, decoded, documentReferrer, el, locationSearch, pathname, queryParam, queryParams, safely, squeeze } from './read';

/** The advanced-search form's fields: all, exact, any and none of the words; date, site, scope. */
const ADVANCED_SEARCH_PARAMS = 'allq exctq anyq noneq fqupdate dmn fqocct'.split(' ');

/** The news search's filters: the part labels, and their query parameters in the same order. */
const NEWS_SEARCH_PARTS = 'type institution ministry start end'.split(' ');
const NEWS_SEARCH_PARAMS = 'typ dprtmnt mnstr start end'.split(' ');

export const REFINE_TYPES = {
  advanced: 'Advanced Search Used',
  original: 'Original Search',
  changed: 'Changed Phrase',
};

export const NO_RESULTS_HEADINGS = ['No results', 'Aucun résultat', 'No test results'];

/**
 * The phrase searched for: `q`, else the advanced form's words composed the way a search box
 * takes them (all words, "exact phrase", any words, -excluded words).
 */
export function searchPhrase(search?: string): string {
  const param = (name: string) => queryParam(name, search);
  const exact = param('exctq');
  return squeeze(param('q') || [param('allq'), exact && `"${exact}"`, param('anyq'), param('noneq').replace(/\S+/g, '-$&')].join(' '));
}

/**
 * The refine type: Advanced Search Used when the advanced form was used; Changed Phrase when
 * the visitor came from a search page that searched another phrase; Original Search otherwise
 * (a first search, or the next page of the same one). The referrer is only compared here,
 * never recorded.
 */
export function refineType(path: string, search: string, referrer: string): string {
  if (ADVANCED_SEARCH_PAGE.test(path.toLowerCase()) || ADVANCED_SEARCH_PARAMS.some((p) => queryParam(p, search))) return REFINE_TYPES.advanced;
  const before = safely(() => new URL(referrer));
  const previous = before && isSearchPage(decoded(before.pathname)) ? searchPhrase(before.search).toLowerCase() : '';
  return previous && previous !== searchPhrase(search).toLowerCase() ? REFINE_TYPES.changed : REFINE_TYPES.original;
}

/** SR-5 date filters: the `fqupdate` value → any, 24hrs, week, month, year. */
export function dateFilterOf(value: string): 'any' | '24hrs' | 'week' | 'month' | 'year' {
  const v = value.toLowerCase().replace(/\s+/g, '');
  return /year|365day/.test(v) ? 'year' : /month|3[01]day/.test(v) ? 'month' : /week|7day/.test(v) ? 'week' : /day|24h/.test(v) ? '24hrs' : 'any';
}

/** SR-5 field scopes: the `fqocct` value (title_t, url_t, body_t…) → any, title, url, body. */
export function fieldScopeOf(value: string): 'any' | 'title' | 'url' | 'body' {
  const v = value.toLowerCase();
  return /title/.test(v) ? 'title' : /url/.test(v) ? 'url' : /body|content/.test(v) ? 'body' : 'any';
}

/**
 * The result count the search page shows: a `data-result-count` attribute, else the first
 * number of the result-count line ("1,234 search results", "1 234 résultats"); '0' when the
 * page says there are no results; '' when the page says nothing.
 */
export const pageResultCount = (): string =>
  safely(() => {
    // No tagged element (or no attribute) throws, and reads as ''.
    const tagged = safely(() => document.querySelector('[data-result-count]')!.getAttribute('data-result-count')!.trim(), '');
    if (/^\d+$/.test(tagged)) return tagged;
    const line = document.querySelector('.result-count, #result-count, .srch-rslts-cnt');
    const match = line && /\d[\d,\s\u00a0\u202f]*/.exec(line.textContent || '');
    if (match) return match[0].replace(/\D/g, '');
    const none = NO_RESULTS_HEADINGS.map((h) => h.toLowerCase());
    return Array.from(document.querySelectorAll('h1, h2, h3')).some((h) => none.includes(squeeze(h.textContent || '').toLowerCase())) ? '0' : '';
  }, '');

/**
 * The search term: the phrase, and on the news search pages the filter parts too:
 * 'budget|type:newsreleases|institution:fin|ministry:|start:2024-01-01|end:2024-12-31'.
 */
export function searchTermOf(phrase: string, path: string, search?: string): string {
  if (!isNewsSearchPage(path)) return phrase;
  const values = NEWS_SEARCH_PARAMS.map((param) => queryParam(param, search));
  return phrase || values.some(Boolean) ? [phrase, ...NEWS_SEARCH_PARTS.map((label, i) => `${label}:${values[i]}`)].join('|') : '';
}

export interface SearchResultDetail {
  queryText?: unknown;
  numberOfResults?: unknown;
  eventType?: unknown;
  actionCause?: unknown;
}

/** The latest result set the GC Search application announced (copied: the page may reuse its object). */
let announced: SearchResultDetail | undefined;

const asResultSet = (value: unknown): SearchResultDetail => {
  if (typeof value !== 'object' || !value) return {};
  const { queryText, numberOfResults, eventType, actionCause } = value as SearchResultDetail;
  return { queryText, numberOfResults, eventType, actionCause };
};

/**
 * Keeps a `searchEvent` detail as the latest result set (the search rules call it first);
 * undefined forgets it. A page of results or a result click announces no query or count of its
 * own: those of the search it belongs to stay.
 */
export function rememberSearchEvent(detail: unknown): void {
  const next = asResultSet(detail);
  announced =
    detail === undefined
      ? undefined
      : { ...next, queryText: next.queryText ?? announced?.queryText, numberOfResults: next.numberOfResults ?? announced?.numberOfResults };
}

/**
 * The result set: the one this event announced (a `searchEvent`) or pushed (a data-layer
 * `searchResult`), else the latest of either (a result click belongs to the result set on screen).
 */
export function searchResultOf(event: DataElementContext['event']): SearchResultDetail {
  if (event && event.type === 'customEvent' && event.nativeEvent?.type === SEARCH_EVENT) return announced ?? asResultSet(event.detail);
  const pushed = event && event.type === 'dataLayerPush' ? (event.detail as { searchResult?: unknown }) : undefined;
  return asResultSet(pushed ? pushed.searchResult : (announced ?? readDataLayer('searchResult')));
}

/** The result set's query, white space folded ('' when it has none). */
const resultQuery = (ctx: DataElementContext): string => {
  const { queryText } = searchResultOf(ctx.event);
  return typeof queryText === 'string' ? squeeze(queryText) : '';
};

/** The result set's count, when it is a whole number. */
const resultCount = (ctx: DataElementContext): string => {
  const { numberOfResults: n } = searchResultOf(ctx.event);
  return typeof n === 'number' || (typeof n === 'string' && /^\d+$/.test(n)) ? String(n) : '';
};

/** The address with the result set's query as its `q`, for the refine type. */
const searchWith = (query: string): string => {
  const params = queryParams();
  params.set('q', query);
  return `?${params}`;
};

/** What the search page itself says, on a search page only ('' elsewhere). */
const onSearchPage = (read: () => string) => () => (isSearchPage(pathname()) ? read() : '');

export const searchDataElements: DataElement[] = [
  el('searchQuery', (ctx) => resultQuery(ctx) || dataLayerText('search.query') || onSearchPage(searchPhrase)(), '', { clean: true, lower: true }),
  el(
    'searchType',
    (ctx) => {
      const query = resultQuery(ctx);
      return (
        dataLayerText('search.type') ||
        onSearchPage(() => (searchPhrase() ? refineType(pathname(), locationSearch(), documentReferrer()) : ''))() ||
        (query ? refineType(pathname(), searchWith(query), documentReferrer()) : '')
      );
    },
    '',
  ),
  el('searchResultCount', (ctx) => resultCount(ctx) || dataLayerText('search.numOfResults') || onSearchPage(pageResultCount)(), ''),
  el(
    'searchTerm',
    (ctx) => {
      const pushed = resultQuery(ctx) || dataLayerText('search.query');
      return pushed ? searchTermOf(pushed, pathname()) : onSearchPage(() => searchTermOf(searchPhrase(), pathname()))();
    },
    '',
    { clean: true, lower: true },
  ),
  el(
    'searchDateFilter',
    onSearchPage(() => dateFilterOf(queryParam('fqupdate'))),
    '',
  ),
  el(
    'searchFieldScope',
    onSearchPage(() => fieldScopeOf(queryParam('fqocct'))),
    '',
  ),
];
