/** Which pages are search pages: every page asks, so this stays apart from the search data elements. */

/**
 * SR-1 search pages, matched as the end of the (lower-cased) path in either language:
 * /search.html, /rechercher.html, /sr/srb.html, /sr/sra.html, /srb/sra.html and the advanced-search forms
 * below. The news search pages are whole paths: /en/news/search.html, /fr/nouvelles/rechercher.html.
 */
export const ADVANCED_SEARCH_PAGE = /\/(?:search\/advanced-search|rechercher\/recherche-avancee)\.html$/;
const SEARCH_PAGE = /\/(?:search|rechercher|sr\/srb|sr\/sra|srb\/sra)\.html$/;
const NEWS_SEARCH_PAGE = /^\/(?:en\/news\/search|fr\/nouvelles\/rechercher)\.html$/;

export const isNewsSearchPage = (path: string): boolean => NEWS_SEARCH_PAGE.test(path.toLowerCase());
export const isSearchPage = (path: string): boolean =>
  SEARCH_PAGE.test(path.toLowerCase()) || ADVANCED_SEARCH_PAGE.test(path.toLowerCase()) || isNewsSearchPage(path);

/**
 * The GC Search application (Canada.ca's client-side search, on Coveo) announces each result set
 * with `document.dispatchEvent(new CustomEvent('searchEvent', { detail }))`; its detail has the
 * fields of a data-layer `searchResult`: queryText, numberOfResults, eventType, actionCause.
 */
export const SEARCH_EVENT = 'searchEvent';
