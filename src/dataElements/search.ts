/**
 * Search description (SPEC §2, §3, §4): the phrase, the refine type, the result count, the
 * search term (with the news-search filter parts) and the advanced-search filters. A search
 * event pushed to the data layer (`search.query`, `search.type`, `search.numOfResults`) wins
 * over what the address and the page say.
 */
import type { DataElement } from '../engine/types';
import { dataLayerText, pathEndsWith, pathname, queryParam, safely } from './read';

/** SPEC §2 search pages (matched as the end of the path, in either language). */
export const SEARCH_PAGES = [
  '/search.html',
  '/rechercher.html',
  '/sr/srb.html',
  '/srb/sra.html',
  '/search/advanced-search.html',
  '/rechercher/recherche-avancee.html',
] as const;
export const ADVANCED_SEARCH_PAGES = ['/search/advanced-search.html', '/rechercher/recherche-avancee.html'] as const;
export const NEWS_SEARCH_PAGES = ['/en/news/search.html', '/fr/nouvelles/rechercher.html'] as const;

/** The advanced-search form's fields: all, exact, any and none of the words; date, site, scope. */
export const ADVANCED_SEARCH_PARAMS = ['allq', 'exctq', 'anyq', 'noneq', 'fqupdate', 'dmn', 'fqocct'] as const;

/** The news search's filters, as [part label, query parameter]. */
export const NEWS_SEARCH_PARTS = [
  ['type', 'typ'],
  ['institution', 'dprtmnt'],
  ['ministry', 'mnstr'],
  ['start', 'start'],
  ['end', 'end'],
] as const;

export const REFINE_TYPES = {
  advanced: 'Advanced Search Used',
  original: 'Original Search',
  changed: 'Changed Phrase',
} as const;

export const NO_RESULTS_HEADINGS = ['No results', 'Aucun résultat', 'No test results'] as const;

export const isNewsSearchPage = (path: string): boolean =>
  NEWS_SEARCH_PAGES.some((p) => p.toLowerCase() === path.toLowerCase());
export const isSearchPage = (path: string): boolean => pathEndsWith(path, SEARCH_PAGES) || isNewsSearchPage(path);
const isAdvancedSearchPage = (path: string) => pathEndsWith(path, ADVANCED_SEARCH_PAGES);

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The phrase searched for: `q`, else the advanced form's words composed the way a search box
 * takes them (all words, "exact phrase", any words, -excluded words).
 */
export function searchPhrase(search?: string): string {
  const q = queryParam('q', search);
  if (q) return fold(q);
  const exact = queryParam('exctq', search);
  const none = queryParam('noneq', search);
  return fold(
    [
      queryParam('allq', search),
      exact ? `"${exact}"` : '',
      queryParam('anyq', search),
      none ? none.split(/\s+/).filter(Boolean).map((w) => `-${w}`).join(' ') : '',
    ].join(' '),
  );
}

const usesAdvancedSearch = (search?: string) => ADVANCED_SEARCH_PARAMS.some((p) => queryParam(p, search) !== '');

/**
 * The refine type: Advanced Search Used when the advanced form was used; Changed Phrase when
 * the visitor came from a search page that searched another phrase; Original Search otherwise
 * (a first search, or the next page of the same one). The referrer is only compared here,
 * never recorded.
 */
export function refineType(path: string, search: string, referrer: string): string {
  if (isAdvancedSearchPage(path) || usesAdvancedSearch(search)) return REFINE_TYPES.advanced;
  const before = safely(() => new URL(referrer), undefined);
  if (before && isSearchPage(decodeURIComponentSafe(before.pathname))) {
    const previous = searchPhrase(before.search).toLowerCase();
    if (previous && previous !== searchPhrase(search).toLowerCase()) return REFINE_TYPES.changed;
  }
  return REFINE_TYPES.original;
}

const decodeURIComponentSafe = (text: string) => safely(() => decodeURIComponent(text), text);

/** SPEC §4 date filters: the `fqupdate` value → any, 24hrs, week, month, year. */
export function dateFilterOf(value: string): 'any' | '24hrs' | 'week' | 'month' | 'year' {
  const v = value.toLowerCase().replace(/\s+/g, '');
  if (!v) return 'any';
  if (/year|365day/.test(v)) return 'year';
  if (/month|30day|31day/.test(v)) return 'month';
  if (/week|7day/.test(v)) return 'week';
  if (/24h|1day|day/.test(v)) return '24hrs';
  return 'any';
}

/** SPEC §4 field scopes: the `fqocct` value (title_t, url_t, body_t…) → any, title, url, body. */
export function fieldScopeOf(value: string): 'any' | 'title' | 'url' | 'body' {
  const v = value.toLowerCase();
  if (/title/.test(v)) return 'title';
  if (/url/.test(v)) return 'url';
  if (/body|content/.test(v)) return 'body';
  return 'any';
}

const NUMBER = /\d[\d,\s\u00a0\u202f]*/;

/**
 * The result count the search page shows: a `data-result-count` attribute, else the first
 * number of the result-count line ("1,234 search results", "1 234 résultats"); '0' when the
 * page says there are no results; '' when the page says nothing.
 */
export function pageResultCount(): string {
  return safely(() => {
    const tagged = document.querySelector('[data-result-count]')?.getAttribute('data-result-count')?.trim();
    if (tagged && /^\d+$/.test(tagged)) return tagged;
    const line = document.querySelector('.result-count, #result-count, .srch-rslts-cnt');
    const match = line ? NUMBER.exec(line.textContent ?? '') : null;
    if (match) return match[0].replace(/\D/g, '');
    const headings = Array.from(document.querySelectorAll('h1, h2, h3'));
    const none = NO_RESULTS_HEADINGS.map((h) => h.toLowerCase());
    return headings.some((h) => none.includes(fold(h.textContent ?? '').toLowerCase())) ? '0' : '';
  }, '');
}

/**
 * The search term: the phrase, and on the news search pages the filter parts too:
 * 'budget|type:newsreleases|institution:fin|ministry:|start:2024-01-01|end:2024-12-31'.
 */
export function searchTermOf(phrase: string, path: string, search?: string): string {
  if (!isNewsSearchPage(path)) return phrase;
  const parts = NEWS_SEARCH_PARTS.map(([label, param]) => [label, queryParam(param, search)] as const);
  if (!phrase && parts.every(([, value]) => !value)) return '';
  return [phrase, ...parts.map(([label, value]) => `${label}:${value}`)].join('|');
}

const currentSearch = () => safely(() => location.search, '');
const onSearchPage = () => isSearchPage(pathname());

export const searchDataElements: DataElement[] = [
  {
    name: 'searchQuery',
    get: () => dataLayerText('search.query') || (onSearchPage() ? searchPhrase() : ''),
    cleanText: true,
    forceLowerCase: true,
    defaultValue: '',
  },
  {
    name: 'searchType',
    get: () => {
      const pushed = dataLayerText('search.type');
      if (pushed) return pushed;
      const path = pathname();
      if (!isSearchPage(path) || !searchPhrase()) return '';
      return refineType(path, currentSearch(), safely(() => document.referrer, ''));
    },
    defaultValue: '',
  },
  {
    name: 'searchResultCount',
    get: () => dataLayerText('search.numOfResults') || (onSearchPage() ? pageResultCount() : ''),
    defaultValue: '',
  },
  {
    name: 'searchTerm',
    get: () => {
      const pushed = dataLayerText('search.query');
      const path = pathname();
      if (pushed) return searchTermOf(pushed, path);
      return isSearchPage(path) ? searchTermOf(searchPhrase(), path) : '';
    },
    cleanText: true,
    forceLowerCase: true,
    defaultValue: '',
  },
  { name: 'searchDateFilter', get: () => (onSearchPage() ? dateFilterOf(queryParam('fqupdate')) : ''), defaultValue: '' },
  { name: 'searchFieldScope', get: () => (onSearchPage() ? fieldScopeOf(queryParam('fqocct')) : ''), defaultValue: '' },
];
