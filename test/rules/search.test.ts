import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REDACTION_MARKER } from '../../src/privacy';
import { NO_SEARCH_RESULTS, searchRules } from '../../src/rules/search';
import { searchBoxRules, SUGGESTION_KEY } from '../../src/rules/searchBox';
import { $, canadaPage, click, LANGUAGES, leavePage, openPage, paramFor, paramsOfElement, preventNavigation, stubLayout } from './beaconHarness';

const [TERM] = paramsOfElement('searchTerm');
const [QUERY] = paramsOfElement('searchQuery').filter((p) => p.startsWith('c'));
const [TYPE] = paramsOfElement('searchType');
const [COUNT] = paramsOfElement('searchResultCount');
const [DATE] = paramsOfElement('searchDateFilter');
const [SCOPE] = paramsOfElement('searchFieldScope');

const L = {
  en: { path: '/en/sr/srb.html', q: 'passport renewal', none: 'No results', heading: 'Search results' },
  fr: { path: '/fr/sr/srb.html', q: 'renouvellement passeport', none: 'Aucun résultat', heading: 'Résultats de recherche' },
};

const searchResult = (fields: Record<string, unknown>) => ({ event: 'searchResult', searchResult: fields });

beforeEach(stubLayout);
// Result links navigate; jsdom cannot.
preventNavigation();

describe.each(LANGUAGES)('search (%s)', (lang) => {
  const l = L[lang];
  const start = (main = `<h1>${l.heading}</h1>`, url = `https://www.canada.ca${l.path}`) =>
    openPage({ url, html: canadaPage(lang, { main }), rules: [searchRules, searchBoxRules] });

  it.each(['searchboxSubmit', 'interfaceLoad', 'omniboxAnalytics'])(
    'Search Query: a new result set caused by %s sends event 50 with the search values',
    (actionCause) => {
      const run = start();
      run.push(searchResult({ queryText: `  ${l.q.toUpperCase()} `, numberOfResults: 1245, eventType: 'newQuery', actionCause }));
      const [beacon, ...rest] = run.links();
      expect(rest).toEqual([]);
      expect(beacon!.params).toMatchObject({
        pe: 'lnk_o',
        pev2: 'Search Query',
        [TERM!]: l.q,
        [QUERY!]: l.q,
        [COUNT!]: '1245',
        [TYPE!]: 'Original Search',
        [DATE!]: 'any',
        [SCOPE!]: 'any',
      });
      expect(beacon!.events).toEqual(['event50']);
    },
  );

  it.each([
    ['a cause that is not a new search', { eventType: 'newQuery', actionCause: 'facetSelect' }],
    ['no cause', { eventType: 'newQuery' }],
    ['more results', { eventType: 'getMoreResults', actionCause: 'searchboxSubmit' }],
  ])('Search Query: nothing for %s', (_, fields) => {
    const run = start();
    run.push(searchResult({ queryText: l.q, numberOfResults: 10, ...fields }));
    expect(run.links().filter((b) => b.name === 'Search Query')).toEqual([]);
  });

  it('Search Query: a `search` push (query, type, numOfResults) is a new search read by the data elements', () => {
    const run = start();
    run.push({ event: 'search', search: { query: l.q, type: 'Changed Phrase', numOfResults: 7 } });
    const [beacon] = run.links();
    expect(beacon!.params).toMatchObject({ pev2: 'Search Query', [TERM!]: l.q, [TYPE!]: 'Changed Phrase', [COUNT!]: '7' });
    expect(beacon!.events).toEqual(['event50']);
  });

  it('Search Query: date filter and field scope of an advanced search come from the data elements', () => {
    const run = start(`<h1>${l.heading}</h1>`, `https://www.canada.ca${l.path}?allq=tax&fqupdate=datemodified_dt%3A%5Bnow-1month+to+now%5D&fqocct=title_t`);
    run.push(searchResult({ queryText: 'tax', numberOfResults: 3, eventType: 'newQuery', actionCause: 'interfaceLoad' }));
    expect(run.links()[0]!.params).toMatchObject({ [TYPE!]: 'Advanced Search Used', [DATE!]: 'month', [SCOPE!]: 'title' });
  });

  describe('on a search results page (q in the address), which page.ts sends no page view for', () => {
    const url = `https://www.canada.ca${l.path}?q=${encodeURIComponent(l.q)}`;
    const count = lang === 'en' ? '<strong>1,245</strong> search results' : '<strong>1 245</strong> résultats de recherche';

    it('a page that renders its results reports the search at page bottom, standing in for the page view (page values, events 9, 11, 50)', () => {
      const run = start(`<h1>${l.heading}</h1><p class="result-count">${count}</p>`, url);
      const beacons = run.beacons();
      expect(beacons.map((b) => b.name)).toEqual(['Search Query']);
      expect(beacons[0]!.params).toMatchObject({
        pe: 'lnk_o',
        pageName: lang === 'en' ? 'Test page' : "Page d'essai",
        v3: lang,
        [TERM!]: l.q,
        [COUNT!]: '1245',
        [TYPE!]: 'Original Search',
      });
      expect(beacons[0]!.events).toEqual(['event9', 'event11', 'event50']);
    });

    it('a client-rendered page waits for its first result set; later searches are plain Search Query beacons', () => {
      const run = start(`<h1>${l.heading}</h1>`, url);
      expect(run.beacons()).toEqual([]);
      run.push(searchResult({ queryText: l.q, numberOfResults: 12, eventType: 'newQuery', actionCause: 'interfaceLoad' }));
      run.push(searchResult({ queryText: 'tax', numberOfResults: 3, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      const [first, second] = run.links();
      expect(first!.params).toMatchObject({ v3: lang, [TERM!]: l.q, [COUNT!]: '12' });
      expect(first!.events).toEqual(['event9', 'event11', 'event50']);
      expect(second!.params).toMatchObject({ [TERM!]: 'tax', [COUNT!]: '3' });
      expect(second!.params.v3).toBeUndefined();
      expect(second!.events).toEqual(['event50']);
    });

    it('a result set pushed before the tag loaded is reported once, not again at page bottom', () => {
      const run = openPage({
        url,
        html: canadaPage(lang, { main: `<p class="result-count">${count}</p>` }),
        rules: [searchRules, searchBoxRules],
        dataLayer: [searchResult({ queryText: l.q, numberOfResults: 1245, eventType: 'newQuery', actionCause: 'interfaceLoad' })],
      });
      expect(run.links().map((b) => b.events)).toEqual([['event9', 'event11', 'event50']]);
    });
  });

  it('Search Pagination: more results of the same search, without event 50', () => {
    const run = start();
    run.push(searchResult({ queryText: l.q, numberOfResults: 1245, eventType: 'getMoreResults', actionCause: 'pagerNext' }));
    const [beacon] = run.links();
    expect(beacon!.params).toMatchObject({ pev2: 'Search Pagination', [TERM!]: l.q, [COUNT!]: '1245' });
    expect(beacon!.events).toEqual([]);
  });

  it('searchSuggestion: a clicked suggestion is remembered in local storage and reported (once) with the search it starts', () => {
    const before = start(`<form role="search"><input name="q"><ul role="listbox"><li role="option" id="suggestion-2">${l.q}</li></ul></form>`);
    click($('#suggestion-2'));
    expect(localStorage.getItem(SUGGESTION_KEY)).toBe('suggestion-2');
    expect(before.beacons()).toEqual([]);
    leavePage();
    const run = start();
    run.push(searchResult({ queryText: l.q, numberOfResults: 3, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
    run.push(searchResult({ queryText: 'other', numberOfResults: 3, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
    const [first, second] = run.links();
    expect(first!.params[paramFor('linkText')]).toBe('suggestion-2');
    expect(second!.params[paramFor('linkText')]).toBeUndefined();
    expect(localStorage.getItem(SUGGESTION_KEY)).toBeNull();
  });

  describe('no results', () => {
    const headings = lang === 'en' ? ['No results', 'No test results', '  no   RESULTS '] : ['Aucun résultat'];
    it.each(headings)('heading %j and zero results send Error Event "No search results" with event 100', (heading) => {
      const run = start(`<h2>${heading}</h2>`);
      run.push(searchResult({ queryText: 'zzzz', numberOfResults: 0, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      const errors = run.links().filter((b) => b.name === 'Error Event');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.params).toMatchObject({ [paramFor('errorType')]: NO_SEARCH_RESULTS, [TERM!]: 'zzzz', [COUNT!]: '0' });
      expect(errors[0]!.events).toEqual(['event100']);
    });

    it('a server-rendered page says it at page bottom', () => {
      const run = start(`<h1>${l.heading}</h1><h2>${l.none}</h2>`, `https://www.canada.ca${l.path}?q=zzzz`);
      const [beacon] = run.links();
      expect(beacon!.params).toMatchObject({ pev2: 'Error Event', [paramFor('errorType')]: NO_SEARCH_RESULTS, [TERM!]: 'zzzz', [COUNT!]: '0' });
    });

    it.each([
      ['the CMS preview domain', 'https://www.canada-preview.adobecqms.net', 1],
      ['the development host', 'http://127.0.0.1:8080', 1],
      ['another government domain', 'https://search-recherche.gc.ca', 0],
      ['another host of canada.ca', 'https://travel.canada.ca', 0],
    ])('on %s: %s beacon(s)', (_, origin, expected) => {
      const run = start(`<h2>${l.none}</h2>`, `${origin}${l.path}`);
      run.push(searchResult({ queryText: 'zzzz', numberOfResults: 0, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      expect(run.links().filter((b) => b.name === 'Error Event')).toHaveLength(expected);
    });

    it('nothing when results were found, when no heading says so, or without a search', () => {
      const run = start(`<h2>${l.heading}</h2>`);
      run.push(searchResult({ queryText: 'b', numberOfResults: 0, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      document.querySelector('h2')!.textContent = l.none;
      run.push(searchResult({ queryText: 'a', numberOfResults: 4, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      run.push(searchResult({ queryText: ' ', numberOfResults: 0, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      expect(run.links().filter((b) => b.name === 'Error Event')).toEqual([]);
    });

    it('one report per empty search, though the page renders it and also pushes it', () => {
      const run = start(`<h2>${l.none}</h2>`, `https://www.canada.ca${l.path}?q=zzzz`);
      run.push({ event: 'search', search: { query: 'zzzz', numOfResults: 0 } });
      run.push(searchResult({ queryText: 'zzzz', numberOfResults: 0, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      run.push(searchResult({ queryText: 'yyyy', numberOfResults: 0, eventType: 'newQuery', actionCause: 'searchboxSubmit' }));
      expect(
        run
          .links()
          .filter((b) => b.name === 'Error Event')
          .map((b) => b.params[TERM!]),
      ).toEqual(['zzzz', 'yyyy']);
    });
  });

  describe('Search Result Click', () => {
    const results = `<h1>${l.heading}</h1><section>
      <h3><a id="r1" href="https://www.canada.ca/${lang}/passport.html?_ga=2.1234.5678&x=1" data-dtm-srchlnknm="3">${lang === 'en' ? 'Renew a passport' : 'Renouveler un passeport'}</a></h3>
      <h3><a id="r2" href="/content/dam/ircc/pptc153.PDF" data-dtm-srchlnknm="4th"><span>Form PPTC 153 for 046454286</span></a></h3>
      <h3 data-analytics-exempt><a id="r3" href="/x.html" data-dtm-srchlnknm="5">Exempt</a></h3>
      <a id="plain" href="/y.html">Not a result</a></section>`;

    it('label, link without _ga, position, file type, events 52 and 500, with the search values', () => {
      const run = start(results, `https://www.canada.ca${l.path}?q=${encodeURIComponent(l.q)}`);
      click($('#r1'));
      const [beacon] = run.links();
      expect(beacon!.params).toMatchObject({
        pev2: 'Search Result Click',
        [paramFor('linkText')]: lang === 'en' ? 'Renew a passport' : 'Renouveler un passeport',
        [paramFor('linkUrl')]: `https://www.canada.ca/${lang}/passport.html?x=1`,
        [paramFor('linkPosition')]: '3',
        [paramFor('fileType')]: 'html',
        [TERM!]: l.q,
      });
      expect(beacon!.events).toEqual(['event52', 'event500']);
    });

    it('a position that is not a number is logged ("Invalid number for nm:") and dropped', () => {
      const run = start(results);
      click($('#r2 span'));
      const [beacon] = run.links();
      expect(beacon!.params[paramFor('linkPosition')]).toBeUndefined();
      expect(beacon!.params[paramFor('fileType')]).toBe('pdf');
      expect(beacon!.params[paramFor('linkText')]).toBe(`Form PPTC 153 for ${REDACTION_MARKER}`);
      expect(run.log.lines('error')).toContain('Invalid number for nm: 4th');
    });

    it('the invalid position is logged on the console without logdtm too', () => {
      const run = start(results);
      const console = vi.spyOn(globalThis.console, 'log').mockImplementation(() => undefined);
      Object.defineProperty(run.log, 'enabled', { value: false, configurable: true });
      click($('#r2 span'));
      expect(console).toHaveBeenCalledWith('Invalid number for nm:', '4th');
      console.mockRestore();
    });

    it('the result set in the data layer gives the term on a client-rendered page', () => {
      const run = start(results);
      run.push(searchResult({ queryText: l.q, numberOfResults: 30, eventType: 'newQuery', actionCause: 'facetSelect' }));
      click($('#r1'));
      expect(run.links().at(-1)!.params).toMatchObject({ [TERM!]: l.q, [COUNT!]: '30' });
    });

    it('nothing for exempt results or other links', () => {
      const run = start(results);
      click($('#r3'));
      click($('#plain'));
      expect(run.beacons()).toEqual([]);
    });
  });
});

/**
 * The GC Search application (ServiceCanada/search-ui, on Coveo Headless) renders results in the
 * browser and announces each analytics call with a `searchEvent` CustomEvent: on its mount element
 * (`[data-gc-search]`, not bubbling) since v1.9.0, on `document` before.
 */
describe.each(LANGUAGES)('GC Search application: searchEvent (%s)', (lang) => {
  const l = L[lang];
  const mount = `<div id="gc-search" data-gc-search='{"searchHub":"canada-gouv-public-websites","lang":"${lang}"}'>
<section id="wb-land"><div id="query-summary"></div><div id="result-list" class="results"></div>
<div class="text-center wb-paginate-pager"><ul id="pager" class="pagination"></ul></div></section></div>`;
  const start = (query = l.q) =>
    openPage({
      url: `https://www.canada.ca${l.path}?q=${encodeURIComponent(query)}`,
      html: canadaPage(lang, { main: `<h1>${l.heading}</h1>${mount}` }),
      rules: [searchRules],
    });
  const announce = (detail: Record<string, unknown>, on: EventTarget = $('#gc-search')!) =>
    on.dispatchEvent(new CustomEvent('searchEvent', { detail: { language: lang, originLevel1: 'canada-gouv-public-websites', ...detail } }));

  it.each(['searchFromLink', 'omniboxFromLink', 'interfaceLoad'])(
    'the first result set (%s) stands in for the page view: Search Query with events 9, 11 and 50',
    (actionCause) => {
      const run = start();
      announce({ queryText: l.q, numberOfResults: 1245, actionCause, searchQueryUid: 'u1', responseTime: 120 });
      const [beacon, ...rest] = run.links();
      expect(rest).toEqual([]);
      expect(beacon!.params).toMatchObject({ pev2: 'Search Query', [TERM!]: l.q, [COUNT!]: '1245' });
      expect(beacon!.events).toEqual(['event9', 'event11', 'event50']);
    },
  );

  it('a later search of the visit is a plain Search Query; a page of results is Search Pagination; a result click announcement adds nothing', () => {
    const run = start();
    announce({ queryText: l.q, numberOfResults: 12, actionCause: 'searchFromLink' });
    announce({ queryText: 'passport photo', numberOfResults: 30, actionCause: 'searchboxSubmit' });
    announce({ eventType: 'getMoreResults', eventValue: 'pagerNext', lastSearchQueryUid: 'u2' });
    announce({ actionCause: 'documentOpen', documentPosition: 2, documentTitle: 'Photos', documentUrl: 'https://www.canada.ca/x.html' });
    expect(run.links().map((b) => [b.name, b.events.join(',')])).toEqual([
      ['Search Query', 'event9,event11,event50'],
      ['Search Query', 'event50'],
      ['Search Pagination', ''],
    ]);
    expect(run.links()[2]!.params[TERM!]).toBe('passport photo');
  });

  it('zero results: Search Query and the "No search results" error, before the page has drawn its message', () => {
    const run = start('zzzz');
    announce({ queryText: 'zzzz', numberOfResults: 0, actionCause: 'searchboxSubmit' });
    expect(
      run
        .links()
        .map((b) => b.name)
        .sort(),
    ).toEqual(['Error Event', 'Search Query']);
    expect(run.links().find((b) => b.name === 'Error Event')!.params).toMatchObject({ [paramFor('errorType')]: NO_SEARCH_RESULTS, [COUNT!]: '0' });
  });

  it('versions before 1.9.0 announce on document: heard the same', () => {
    const run = start();
    announce({ queryText: l.q, numberOfResults: 3, actionCause: 'searchboxSubmit' }, document);
    expect(run.links().map((b) => b.name)).toEqual(['Search Query']);
  });

  it('a result link (a.result-link with its rank) sends Search Result Click', () => {
    const run = start();
    announce({ queryText: l.q, numberOfResults: 3, actionCause: 'searchFromLink' });
    $('#result-list')!.innerHTML =
      `<section><h3><a class="result-link" id="r" href="https://www.canada.ca/${lang}/passport.html" data-dtm-srchlnknm="2">Passport</a></h3></section>`;
    click($('#r'));
    const clicks = run.links().filter((b) => b.name === 'Search Result Click');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.params).toMatchObject({ [paramFor('linkPosition')]: '2', [TERM!]: l.q });
  });
});
