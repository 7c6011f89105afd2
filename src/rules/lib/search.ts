/**
 * Search readers for the search rules. A Coveo-style search page pushes one data-layer item per
 * result set: `{ event: 'searchResult', searchResult: { queryText, numberOfResults, eventType,
 * actionCause } }` (requirements SR-6); a page that already knows its search
 * pushes `{ event: 'search', search: { query, type, numOfResults } }`. The search data elements
 * read both; the rules read the event type and cause here.
 */
import { NO_RESULTS_HEADINGS, searchResultOf as resultSetOf, type SearchResultDetail } from '../../dataElements/search';
import type { CanadaRuleContext, DataElementName } from '../../dataElements/names';
import { squeeze } from '../../dataElements/read';
import { all, attrText } from './dom';

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

const fold = (value: unknown) => (typeof value === 'string' ? squeeze(value).toLowerCase() : '');

/** The result set the rule's event pushed, else the latest (see the search data elements). */
export const searchResultOf = (ctx: CanadaRuleContext): SearchResultDetail => resultSetOf(ctx.event);

/** A heading of the page says there are no results (EN, FR, or the test index's wording). */
export function saysNoResults(): boolean {
  const wanted = NO_RESULTS_HEADINGS.map((h) => h.toLowerCase());
  return all('h1, h2, h3').some((h) => wanted.includes(fold(h.textContent)));
}

/**
 * The result's rank; anything but digits is dropped and logged, with or without logdtm (SR-4):
 * the markup is the site owner's to fix, and this is how they hear of it.
 */
export function positionOf(link: Element, ctx: CanadaRuleContext): string | undefined {
  const value = attrText(link, 'data-dtm-srchlnknm');
  if (/^\d+$/.test(value)) return value;
  ctx.log.error('Invalid number for nm:', value);
  if (!ctx.log.enabled) {
    try {
      console.log('Invalid number for nm:', value);
    } catch {
      // The page replaced or removed its console: nothing to tell it with.
    }
  }
  return undefined;
}
