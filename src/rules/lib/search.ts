/**
 * Search readers for the search rules. A Coveo-style search page pushes one data-layer item per
 * result set: `{ event: 'searchResult', searchResult: { queryText, numberOfResults, eventType,
 * actionCause } }` (SPEC §3 "Search event details read"). A page that already knows its search
 * pushes `{ event: 'search', search: { query, type, numOfResults } }`, which the search data
 * elements read themselves.
 */
import { NO_RESULTS_HEADINGS, refineType, searchTermOf } from '../../dataElements/search';
import type { DataElementName } from '../../dataElements/names';
import { readDataLayer } from '../../engine/dataLayer';
import type { RuleContext } from '../../engine/types';
import { squeeze } from '../../dataElements/read';
import { all, attrText, pick } from './dom';

/** The page-level values every search beacon carries, in their SDR slots. */
export const SEARCH_ELEMENTS: readonly DataElementName[] = [
  'searchTerm',
  'searchQuery',
  'searchType',
  'searchResultCount',
  'searchDateFilter',
  'searchFieldScope',
];

/** Canada.ca search results carry their rank in this attribute ("nm": the result number). */
export const RESULT_LINK = 'a[data-dtm-srchlnknm]';

export interface SearchResultDetail {
  queryText?: unknown;
  numberOfResults?: unknown;
  eventType?: unknown;
  actionCause?: unknown;
}

/**
 * The result set: of the pushed item for a data-layer push, else the latest one in the data
 * layer (a result click belongs to the result set on screen).
 */
export function searchResultOf(ctx: RuleContext): SearchResultDetail {
  const value = ctx.event.type === 'dataLayerPush' ? pick(ctx.event.detail, 'searchResult') : readDataLayer('searchResult');
  return typeof value === 'object' && value ? (value as SearchResultDetail) : {};
}

const fold = (value: unknown) => (typeof value === 'string' ? squeeze(value).toLowerCase() : '');

/**
 * The rule context with the result set's query and count in place of the data elements' (which
 * read `search.*` and the address), shaped as those elements shape them; the refine type is
 * worked out for that query when nothing else gives one.
 */
export function withSearchResult(ctx: RuleContext): RuleContext {
  const { queryText, numberOfResults } = searchResultOf(ctx);
  const query = fold(queryText);
  const count = typeof numberOfResults === 'number' || (typeof numberOfResults === 'string' && /^\d+$/.test(numberOfResults)) ? String(numberOfResults) : '';
  const path = location.pathname;
  const own: Partial<Record<string, () => unknown>> = query
    ? {
        searchQuery: () => query,
        searchTerm: () => searchTermOf(query, path),
        searchType: () => {
          const params = new URLSearchParams(location.search);
          params.set('q', query);
          return ctx.getVar('searchType') || refineType(path, `?${params}`, document.referrer);
        },
      }
    : {};
  if (count) own.searchResultCount = () => count;
  return {
    ...ctx,
    getVar: (name) => {
      const read = own[name];
      return read ? read() : ctx.getVar(name);
    },
  };
}

/** A heading of the page says there are no results (EN, FR, or the test index's wording). */
export function saysNoResults(): boolean {
  const wanted = NO_RESULTS_HEADINGS.map((h) => h.toLowerCase());
  return all('h1, h2, h3').some((h) => wanted.includes(fold(h.textContent)));
}

/** The result's rank; anything but digits is logged (QA sees it with logdtm) and dropped. */
export function positionOf(link: Element, ctx: RuleContext): string | undefined {
  const value = attrText(link, 'data-dtm-srchlnknm');
  if (/^\d+$/.test(value)) return value;
  ctx.log.error('Invalid number for nm:', value);
  return undefined;
}

/** The extension of the address's last path segment ('pdf', 'html'); '' when it has none. */
export function fileTypeOf(url: string): string {
  try {
    const match = /\.([a-z0-9]{1,8})$/i.exec(new URL(url, location.href).pathname);
    return match ? match[1]!.toLowerCase() : '';
  } catch {
    return '';
  }
}
