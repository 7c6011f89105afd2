/**
 * Search (SPEC §1, §5, §8), loaded on search pages: the initial query, pagination, no results,
 * result clicks, and the suggestion the visitor picked (searchBox.ts remembers it). Every search beacon carries the search data elements (term,
 * query, refine type, count, date filter, field scope); see lib/search.ts for the data-layer
 * items the search page pushes.
 */
import { readDataLayer } from '../engine/dataLayer';
import type { Rule } from '../engine/types';
import { webStorage } from '../engine/storage';
import { redactText, stripClientId } from '../privacy';
import { sendLinkBeacon } from './lib/beacons';
import { elementOf, notExempt, when } from './lib/conditions';
import { extensionOf, hrefOf, labelOf } from './lib/dom';
import { isSearchResultsPage, PAGE_VIEW_ELEMENTS, pageViewEvents } from './lib/page';
import { click, PAGE_BOTTOM, pushed, rule } from './lib/rule';
import { positionOf, RESULT_LINK, saysNoResults, SEARCH_ELEMENTS, searchResultOf } from './lib/search';
import type { RuleDependencies } from './deps';
import { SUGGESTION_KEY } from './searchBox';

/** SPEC §5: the causes of a new result set (a typed query, the page loading with one, the omnibox). */
export const INITIAL_CAUSES = ['searchboxSubmit', 'interfaceLoad', 'omniboxAnalytics'];
/** SPEC §2: no-results is reported on the government domain and one CMS domain (and the dev hosts, for the demo). */
export const NO_RESULTS_HOSTS = ['www.canada.ca', 'www.canada-preview.adobecqms.net', '127.0.0.1', 'localhost'];
export const NO_SEARCH_RESULTS = 'No search results';

/** Every search beacon carries the search data elements. */
const SEARCH_OPTIONS = { dataElements: SEARCH_ELEMENTS };
const SEARCH_PUSHES = [pushed('searchResult'), pushed('search')];

export function searchRules({ tracker }: RuleDependencies): Rule[] {
  const local = webStorage('local');
  // The page bottom and the data layer can both report one empty search (a page that renders
  // its results and also pushes them): each search term is reported once.
  let reportedNoResults: unknown;
  let pageViewReported = false;
  return [
    // page.ts sends no page view on a search results page: its first search report stands in
    // for it (page values and page-view events, as the home pages' impression does). A page
    // that renders its own results reports at page bottom; a client-rendered one, when it
    // pushes its first result set.
    rule(
      'Search Query',
      [PAGE_BOTTOM, ...SEARCH_PUSHES],
      [
        when('a new search', (ctx) => {
          if (ctx.event.type === 'pageBottom') {
            return isSearchResultsPage.check(ctx) === true && readDataLayer('search') === undefined && readDataLayer('searchResult') === undefined && ctx.getVar('searchResultCount') !== '';
          }
          const { eventType, actionCause } = searchResultOf(ctx);
          // A `search` push is a new search by definition: the page says so.
          return (ctx.event.detail as { event?: unknown }).event === 'search' || (eventType !== 'getMoreResults' && INITIAL_CAUSES.includes(actionCause as string));
        }),
      ],
      (ctx) => {
        const suggestion = local.get(SUGGESTION_KEY);
        local.remove(SUGGESTION_KEY);
        const standIn = !pageViewReported && isSearchResultsPage.check(ctx) === true;
        pageViewReported ||= standIn;
        return sendLinkBeacon(
          tracker,
          ctx,
          'Search Query',
          { linkText: suggestion == null ? undefined : suggestion },
          [...(standIn ? pageViewEvents(ctx) : []), 50],
          false,
          { dataElements: standIn ? PAGE_VIEW_ELEMENTS : SEARCH_ELEMENTS },
        );
      },
      100,
    ),
    rule('Search Pagination', [SEARCH_PUSHES[0]!], [when('getMoreResults', (ctx) => searchResultOf(ctx).eventType === 'getMoreResults')], (ctx) =>
      sendLinkBeacon(tracker, ctx, 'Search Pagination', {}, [], false, SEARCH_OPTIONS),
    ),
    rule(
      'Search No Results',
      [PAGE_BOTTOM, ...SEARCH_PUSHES],
      [
        when('GC or CMS host', () => NO_RESULTS_HOSTS.includes(location.hostname)),
        when('no-results heading', saysNoResults),
        when('result count is zero', (ctx) => ctx.getVar('searchResultCount') === '0'),
        when('new search term', (ctx) => {
          const term = ctx.getVar('searchTerm');
          return !!term && term !== reportedNoResults;
        }),
      ],
      (ctx) => {
        reportedNoResults = ctx.getVar('searchTerm');
        return sendLinkBeacon(tracker, ctx, 'Error Event', { errorType: NO_SEARCH_RESULTS }, [100], false, SEARCH_OPTIONS);
      },
    ),
    rule('Search Result Click', click(RESULT_LINK), [notExempt], (ctx) => {
      const link = elementOf(ctx);
      const url = stripClientId(hrefOf(link));
      return sendLinkBeacon(
        tracker,
        ctx,
        'Search Result Click',
        { linkText: redactText(labelOf(link)), linkUrl: url, linkPosition: positionOf(link, ctx), fileType: extensionOf(url) || undefined },
        [52],
        true,
        SEARCH_OPTIONS,
      );
    }),
  ];
}

