import { beforeEach, describe, expect, it } from 'vitest';
import { dateFilterOf, fieldScopeOf, REFINE_TYPES, refineType, searchPhrase, searchTermOf } from '../../src/dataElements/search';
import { isNewsSearchPage, isSearchPage } from '../../src/dataElements/searchPages';
import { openPage, readAll, reader, resetDataLayer, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const SEARCH_NAMES = ['searchQuery', 'searchType', 'searchResultCount', 'searchTerm', 'searchDateFilter', 'searchFieldScope'] as const;

describe('search pages (SR-1)', () => {
  it.each([
    '/en/sr/srb.html',
    '/fr/sr/srb.html',
    '/en/search.html',
    '/fr/rechercher.html',
    '/srb/sra.html',
    '/en/search/advanced-search.html',
    '/fr/rechercher/recherche-avancee.html',
    '/en/news/search.html',
    '/fr/nouvelles/rechercher.html',
  ])('%s is a search page', (path) => {
    expect(isSearchPage(path)).toBe(true);
  });

  it.each(['/en.html', '/en/services.html', '/en/search-tips.html', '/en/sr/srb-help.html'])('%s is not', (path) => {
    expect(isSearchPage(path)).toBe(false);
  });

  it('news search pages', () => {
    expect(isNewsSearchPage('/en/news/search.html')).toBe(true);
    expect(isNewsSearchPage('/FR/Nouvelles/Rechercher.html')).toBe(true);
    expect(isNewsSearchPage('/en/sr/srb.html')).toBe(false);
  });
});

describe('the English search results page', () => {
  it('reads the phrase, refine type, count and scopes', () => {
    openPage({
      fixture: 'en-search.html',
      url: 'https://www.canada.ca/en/sr/srb.html?q=Passport+%20Renewal&wb-srch-sub=',
      referrer: 'https://www.canada.ca/en/services/benefits/ei.html',
    });
    expect(readAll(SEARCH_NAMES)).toEqual({
      searchQuery: 'passport renewal',
      searchType: 'Original Search',
      searchResultCount: '1245',
      searchTerm: 'passport renewal',
      searchDateFilter: 'any',
      searchFieldScope: 'any',
    });
  });

  it('Changed Phrase when the visitor searched something else on the previous search page', () => {
    openPage({
      fixture: 'en-search.html',
      url: 'https://www.canada.ca/en/sr/srb.html?q=passport+renewal',
      referrer: 'https://www.canada.ca/en/sr/srb.html?q=passport',
    });
    expect(reader()('searchType')).toBe('Changed Phrase');
  });

  it('Original Search on the next page of the same search', () => {
    openPage({
      fixture: 'en-search.html',
      url: 'https://www.canada.ca/en/sr/srb.html?q=passport+renewal&page=2',
      referrer: 'https://www.canada.ca/en/sr/srb.html?q=Passport%20Renewal',
    });
    expect(reader()('searchType')).toBe('Original Search');
  });

  it('Advanced Search Used with the advanced form, and its filters mapped', () => {
    openPage({
      fixture: 'en-search.html',
      url:
        'https://www.canada.ca/en/sr/srb.html?allq=tax+credit&exctq=disability+tax+credit&anyq=&noneq=business' +
        '&fqupdate=datemodified_dt%3A%5Bnow-1month+to+now%5D&dmn=&fqocct=title_t',
    });
    expect(readAll(SEARCH_NAMES)).toMatchObject({
      searchQuery: 'tax credit "disability tax credit" -business',
      searchType: 'Advanced Search Used',
      searchDateFilter: 'month',
      searchFieldScope: 'title',
    });
  });

  it('nothing on a page that is not a search page, even with a q parameter', () => {
    openPage({ fixture: 'en-services-page.html', url: 'https://www.canada.ca/en/services/benefits/ei.html?q=passport' });
    expect(readAll(SEARCH_NAMES)).toEqual({
      searchQuery: '',
      searchType: '',
      searchResultCount: '',
      searchTerm: '',
      searchDateFilter: '',
      searchFieldScope: '',
    });
  });

  it('an empty search page has no phrase or type, and the no-results heading gives 0', () => {
    openPage({
      html: '<html lang="en"><head><title>Search results - Canada.ca</title></head><body><main><h2>No results</h2></main></body></html>',
      url: 'https://www.canada.ca/en/sr/srb.html',
    });
    expect(readAll(['searchQuery', 'searchType', 'searchResultCount'])).toEqual({ searchQuery: '', searchType: '', searchResultCount: '0' });
  });
});

describe('the French news search page', () => {
  it('the search term gets the type, institution, ministry, start and end parts', () => {
    openPage({
      fixture: 'fr-news-search.html',
      url:
        'https://www.canada.ca/fr/nouvelles/rechercher.html?q=Budget+2024&typ=communiquesdepresse&dprtmnt=financescanada' +
        '&mnstr=ministredesfinances&start=2024-01-01&end=2024-12-31',
      referrer: 'https://www.canada.ca/fr/nouvelles.html',
    });
    expect(readAll(SEARCH_NAMES)).toEqual({
      searchQuery: 'budget 2024',
      searchType: 'Original Search',
      searchResultCount: '1234',
      searchTerm: 'budget 2024|type:communiquesdepresse|institution:financescanada|ministry:ministredesfinances|start:2024-01-01|end:2024-12-31',
      searchDateFilter: 'any',
      searchFieldScope: 'any',
    });
  });

  it('filters alone still make a search term; empty parts stay labelled', () => {
    openPage({ fixture: 'fr-news-search.html', url: 'https://www.canada.ca/fr/nouvelles/rechercher.html?typ=discours&start=2025-01-01' });
    expect(reader()('searchTerm')).toBe('|type:discours|institution:|ministry:|start:2025-01-01|end:');
  });

  it('the English news search page too', () => {
    openPage({ url: 'https://www.canada.ca/en/news/search.html?q=housing&typ=newsreleases&dprtmnt=infrastructure' });
    expect(reader()('searchTerm')).toBe('housing|type:newsreleases|institution:infrastructure|ministry:|start:|end:');
  });

  it('no term when the news search has neither phrase nor filter', () => {
    openPage({ fixture: 'fr-news-search.html', url: 'https://www.canada.ca/fr/nouvelles/rechercher.html' });
    expect(reader()('searchTerm')).toBe('');
  });
});

describe('a search event in the data layer wins', () => {
  it('query, type and number of results', () => {
    openPage({ url: 'https://search-recherche.gc.ca/rGs/s_r?st=s&num=10&langs=fra&st1rt=1&s5bm3ts21rch=x' });
    resetDataLayer([{ event: 'search', search: { query: '  Prestation  Canadienne ', type: 'Original Search', numOfResults: 0 } }]);
    expect(readAll(['searchQuery', 'searchType', 'searchResultCount', 'searchTerm'])).toEqual({
      searchQuery: 'prestation canadienne',
      searchType: 'Original Search',
      searchResultCount: '0',
      searchTerm: 'prestation canadienne',
    });
  });
});

describe('pure helpers', () => {
  it.each([
    ['', 'any'],
    ['any', 'any'],
    ['datemodified_dt:[now-1day to now]', '24hrs'],
    ['24hrs', '24hrs'],
    ['datemodified_dt:[now-7day to now]', 'week'],
    ['week', 'week'],
    ['datemodified_dt:[now-1month to now]', 'month'],
    ['datemodified_dt:[now-1year to now]', 'year'],
    ['datemodified_dt:[NOW-365DAY TO NOW]', 'year'],
    ['something else', 'any'],
  ])('date filter %j → %s', (value, expected) => {
    expect(dateFilterOf(value)).toBe(expected);
  });

  it.each([
    ['', 'any'],
    ['any', 'any'],
    ['title_t', 'title'],
    ['url_t', 'url'],
    ['body_t', 'body'],
    ['elsewhere', 'any'],
  ])('field scope %j → %s', (value, expected) => {
    expect(fieldScopeOf(value)).toBe(expected);
  });

  it('search phrases', () => {
    expect(searchPhrase('?q=%20a%20%20b%20')).toBe('a b');
    expect(searchPhrase('?allq=a&exctq=b+c&anyq=d&noneq=e+f')).toBe('a "b c" d -e -f');
    expect(searchPhrase('')).toBe('');
  });

  it('refine types', () => {
    expect(refineType('/en/search/advanced-search.html', '', '')).toBe(REFINE_TYPES.advanced);
    expect(refineType('/en/sr/srb.html', '?q=a', 'not a url')).toBe(REFINE_TYPES.original);
    expect(refineType('/en/sr/srb.html', '?q=a', 'https://www.canada.ca/en.html?q=b')).toBe(REFINE_TYPES.original);
    expect(refineType('/fr/sr/srb.html', '?q=a', 'https://www.canada.ca/fr/sr/srb.html?q=b')).toBe(REFINE_TYPES.changed);
  });

  it('search term off the news pages is the phrase', () => {
    expect(searchTermOf('x', '/en/sr/srb.html', '?typ=a')).toBe('x');
  });
});
