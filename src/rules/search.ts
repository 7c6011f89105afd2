/**
 * Search (requirements SR-1 to SR-6), loaded on search pages: the initial query, pagination, no results,
 * result clicks, and the suggestion the visitor picked (searchBox.ts remembers it). Every search beacon carries the search data elements (term,
 * query, refine type, count, date filter, field scope); see lib/search.ts for the data-layer
 * items the search page pushes.
 */
import { readDataLayer } from '../engine/dataLayer';
import type { Rule, Trigger } from '../engine/types';
import { rememberSearchEvent } from '../dataElements/search';
import { SEARCH_EVENT } from '../dataElements/searchPages';
import { EVENTS } from '../dataElements/sdr';
import { webStorage } from '../engine/storage';
import { stripClientId } from '../privacy';
import { sendLinkBeacon } from './lib/beacons';
import { elementOf, notExempt, when } from './lib/conditions';
import { extensionOf, hrefOf, labelOf, pick } from './lib/dom';
import { isSearchResultsPage, PAGE_VIEW_ELEMENTS, pageViewEvents } from './lib/page';
import { PAGE_BOTTOM_ORDER } from './lib/pageBottomOrder';
import { click, PAGE_BOTTOM, pushed, rule } from './lib/rule';
import { positionOf, RESULT_LINK, saysNoResults, SEARCH_ELEMENTS, searchResultOf } from './lib/search';
import type { RuleDependencies } from './deps';
import { SUGGESTION_KEY } from './searchBox';

/**
 * The causes of a new result set: SR-2's (a typed query, the page loading with one, the
 * omnibox), and the GC Search application's own (the page reached from the header search box or
 * its suggestions, which it reports as `searchFromLink` / `omniboxFromLink`, and a "did you mean"
 * correction). A result click (`documentOpen`), a sort, a page of results are not new searches.
 */
export const INITIAL_CAUSES = [
  'searchboxSubmit',
  'interfaceLoad',
  'omniboxAnalytics',
  'searchFromLink',
  'omniboxFromLink',
  'didyoumeanClick',
  'didyoumeanAutomatic',
];
/** SR-3: no-results is reported on the government domain and one CMS domain (and the dev hosts, for the demo). */
export const NO_RESULTS_HOSTS = ['www.canada.ca', 'www.canada-preview.adobecqms.net', '127.0.0.1', 'localhost'];
export const NO_SEARCH_RESULTS = 'No search results';

/** The GC Search application's mount element. */
const GC_SEARCH_APP = '[data-gc-search]';

/** Every search beacon carries the search data elements. */
const SEARCH_OPTIONS = { dataElements: SEARCH_ELEMENTS };
/** A result set: the GC Search application's `searchEvent`, or a data-layer push. */
const RESULT_SETS: Trigger[] = [{ type: 'customEvent', name: SEARCH_EVENT }, pushed('searchResult')];
const SEARCH_PUSHES = [...RESULT_SETS, pushed('search')];

export function searchRules({ tracker, pageViewSent }: RuleDependencies): Rule[] {
  const local = webStorage('local');
  // The page bottom and the data layer can both report one empty search (a page that renders
  // its results and also pushes them): each search term is reported once.
  let reportedNoResults: unknown;
  let pageViewReported = false;
  // A new page: no result set announced yet.
  rememberSearchEvent(undefined);
  return [
    // Before every other rule of the event: the data elements read the result set it announced.
    rule('Search event seen', [RESULT_SETS[0]!], [], (ctx) => rememberSearchEvent(ctx.event.detail), { order: 1, action: 'remember' }),
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
            // The GC Search application (`[data-gc-search]`) has no results yet: its first announcement stands in.
            return (
              isSearchResultsPage.check(ctx) === true &&
              !document.querySelector(GC_SEARCH_APP) &&
              readDataLayer('search') === undefined &&
              readDataLayer('searchResult') === undefined &&
              ctx.getVar('searchResultCount') !== ''
            );
          }
          const { eventType, actionCause } = searchResultOf(ctx);
          // A `search` push is a new search by definition: the page says so.
          return pick(ctx.event.detail, 'event') === 'search' || (eventType !== 'getMoreResults' && INITIAL_CAUSES.includes(actionCause as string));
        }),
      ],
      (ctx) => {
        const suggestion = local.get(SUGGESTION_KEY);
        local.remove(SUGGESTION_KEY);
        const standIn = !pageViewReported && isSearchResultsPage.check(ctx) === true;
        pageViewReported ||= standIn;
        const sent = sendLinkBeacon(
          tracker,
          ctx,
          'Search Query',
          { linkText: suggestion == null ? undefined : suggestion },
          { events: [...(standIn ? pageViewEvents(ctx) : []), EVENTS.search], dataElements: standIn ? PAGE_VIEW_ELEMENTS : SEARCH_ELEMENTS },
        );
        if (standIn) pageViewSent();
        return sent;
      },
      { order: PAGE_BOTTOM_ORDER.pageView },
    ),
    rule('Search Pagination', RESULT_SETS, [when('getMoreResults', (ctx) => searchResultOf(ctx).eventType === 'getMoreResults')], (ctx) =>
      sendLinkBeacon(tracker, ctx, 'Search Pagination', {}, { ...SEARCH_OPTIONS }),
    ),
    rule(
      'Search No Results',
      [PAGE_BOTTOM, ...SEARCH_PUSHES],
      [
        when('GC or CMS host', () => NO_RESULTS_HOSTS.includes(location.hostname)),
        // The GC Search application announces a result set before it may have drawn it.
        when(
          'no-results heading or an empty announced result set',
          (ctx) => saysNoResults() || (ctx.event.type === 'customEvent' && searchResultOf(ctx).numberOfResults === 0),
        ),
        when('result count is zero', (ctx) => ctx.getVar('searchResultCount') === '0'),
        when('new search term', (ctx) => {
          const term = ctx.getVar('searchTerm');
          return !!term && term !== reportedNoResults;
        }),
      ],
      (ctx) => {
        reportedNoResults = ctx.getVar('searchTerm');
        return sendLinkBeacon(tracker, ctx, 'Error Event', { errorType: NO_SEARCH_RESULTS }, { events: [EVENTS.error], ...SEARCH_OPTIONS });
      },
    ),
    rule('Search Result Click', click(RESULT_LINK), [notExempt], (ctx) => {
      const link = elementOf(ctx);
      const url = stripClientId(hrefOf(link));
      return sendLinkBeacon(
        tracker,
        ctx,
        'Search Result Click',
        { linkText: labelOf(link), linkUrl: url, linkPosition: positionOf(link, ctx), fileType: extensionOf(url) || undefined },
        { events: [EVENTS.searchResultClick], click: true, ...SEARCH_OPTIONS },
      );
    }),
  ];
}
