import { describe, expect, it, vi } from 'vitest';
import { CLICK_CONTEXT_COOKIE, PREVIOUS_PAGE_COOKIE, saveClickContext, savePreviousPageCookies, TIMING_COOKIE } from '../../src/dataElements';
import { readCookieGroup } from '../../src/dataElements/cookieGroup';
import { saveTimings } from '../../src/dataElements/performance';
import { CAMPAIGN_COOKIE } from '../../src/dataElements/campaign';
import { cookies } from '../../src/engine/cookies';
import type { Rule } from '../../src/engine/types';
import { sendPageView } from '../../src/rules/lib/pageView';
import { measurementsRules } from '../../src/rules/measurements';
import { INTERNAL_CAMPAIGN_IMPRESSION, pageRules } from '../../src/rules/page';
import { searchRules } from '../../src/rules/search';
import { goTo } from '../dataElements/helpers';
import { canadaPage, LANGUAGES, openPage, SERVICES, type Lang, type RuleSet } from './beaconHarness';

const RULES = [pageRules, measurementsRules];
const openAt = (url: string, html: string, extra?: RuleSet) => openPage({ url, html, rules: extra ? [...RULES, extra] : RULES });
const openServices = (lang: Lang, extra?: RuleSet) => openAt(SERVICES[lang].url, SERVICES[lang].html(), extra);

/** A rule that only watches: what the page-bottom sequence has done when its order comes. */
const spy = (order: number, see: () => void, events: Rule['events'] = [{ type: 'pageBottom' }]): Rule => ({
  name: `spy ${order}`,
  order,
  events,
  actions: [{ name: 'look', run: see }],
});

describe.each(LANGUAGES)('the page-bottom sequence on a %s services page', (lang) => {
  it('runs 10 paint observer, 50 setters, 90 page variables and cookies, 95 visit, 100 page view, click cookies, pageReset', () => {
    goTo(SERVICES[lang].url); // cookies and storage belong to the site
    // The previous page's timings, saved when it was left.
    savePreviousPageCookies({ url: 'https://www.canada.ca/a.html' });
    saveTimings({ load: '1.5', fcp: '400', lcp: '5000' }, 'https://www.canada.ca/a.html');
    saveClickContext({ url: 'https://www.canada.ca/x.html', text: 'Apply', sourceUrl: 'https://www.canada.ca/a.html', sourcePage: 'A' });
    const seen: string[] = [];
    const page = openServices(lang, ({ tracker, transport }) => {
      const sent = () => transport.sent().length;
      return [
        spy(5, () => seen.push(`5 timings=${cookies.get(TIMING_COOKIE) ? 'kept' : 'none'}`)),
        spy(20, () => seen.push(`20 timings=${cookies.get(TIMING_COOKIE) ? 'kept' : 'none'}`)),
        spy(49, () => seen.push(`49 pageType=${tracker.get('pageType') ?? ''}`)),
        spy(89, () => seen.push(`89 pageName=${tracker.get('pageName') ?? ''} saved title=${readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title')}`)),
        spy(91, () =>
          seen.push(
            `91 pageName=${tracker.get('pageName')} saved title=${readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title')} visit=${cookies.get('gc_visit') ?? ''}`,
          ),
        ),
        spy(96, () => seen.push(`96 visit=${cookies.get('gc_visit')?.replace(/^\d+\|/, '')} sent=${sent()}`)),
        spy(0, () => seen.push(`pageReset sent=${sent()} click url=${readCookieGroup(CLICK_CONTEXT_COOKIE, 'url')}`), [
          { type: 'directCall', identifier: 'pageReset' },
        ]),
        spy(101, () => seen.push(`101 sent=${sent()} timings=${cookies.get(TIMING_COOKIE) ? 'kept' : 'none'}`)),
      ];
    });
    const title = SERVICES[lang].title;
    expect(seen).toEqual([
      '5 timings=kept',
      '20 timings=kept',
      '49 pageType=',
      '89 pageName= saved title=',
      `91 pageName=${title} saved title=${title} visit=`,
      '96 visit=First visit|New sent=0',
      'pageReset sent=1 click url=',
      '101 sent=1 timings=none',
    ]);
    const [view] = page.beacons();
    // The previous page's timings rode on this page view, once.
    expect([view!.params.v43, view!.params.v44, view!.params.v49]).toEqual(['400', '5000', '1.5']);
    expect(view!.name).toBeUndefined();
    expect(view!.params.v45).toBe('Apply'); // the click that led here, read before its cookies went
    expect(cookies.get(CLICK_CONTEXT_COOKIE.name)).toBeUndefined();
  });

  it('sends one page view with the page values and events 9, 11, 12 (content age)', () => {
    vi.useFakeTimers({ now: new Date('2025-09-17T12:00:00'), toFake: ['Date'] });
    const page = openServices(lang);
    vi.useRealTimers();
    const views = page.pageViews();
    expect(views).toHaveLength(1);
    expect(page.links()).toEqual([]);
    const { params, events } = views[0]!;
    expect(params.pageName).toBe(SERVICES[lang].title);
    expect(params.v1).toBe(SERVICES[lang].title);
    expect(params.v3).toBe(lang);
    expect(params.g).toBe(SERVICES[lang].url);
    expect(params.v16).toBe('28.0.0');
    expect(params.v68).toBe('New');
    expect(params.v69).toBe('First visit');
    expect(params.pageType).toBeUndefined();
    expect(events).toEqual(['event9', 'event11', 'event12=456']);
  });

  it("leaves this page's values for the next page, which reports them", () => {
    openServices(lang);
    const other: Lang = lang === 'en' ? 'fr' : 'en';
    const next = openServices(other);
    const { params } = next.pageViews()[0]!;
    expect(params.v19).toBe(SERVICES[lang].title);
    expect(params.v18).toBe(SERVICES[lang].url);
    expect(params.v21).toBe(lang === 'en' ? 'Employment and Social Development Canada;Service Canada' : 'Emploi et Développement social Canada;Service Canada');
    expect(params.v22).toBe(lang === 'en' ? 'benefits' : 'prestations');
    expect(params.v20).toBe('blank query string');
    // Same visit: still the values it started with.
    expect([params.v68, params.v69]).toEqual(['New', 'First visit']);
  });

  it('after pageReset the tracker holds only the page title, URL and version', () => {
    const page = openServices(lang);
    page.beacons();
    expect(page.tracker.get('pageName')).toBe(SERVICES[lang].title);
    expect(page.tracker.get('eVar1')).toBe(SERVICES[lang].title);
    expect(page.tracker.get('eVar2')).toBe(SERVICES[lang].url);
    expect(page.tracker.get('eVar16')).toBe('28.0.0');
    expect(page.tracker.get('eVar3')).toBeUndefined();
    page.tracker.set('eVar50', 'left over');
    page.tracker.addEvent(500);
    page.satellite.track('pageReset');
    expect(page.tracker.get('eVar50')).toBeUndefined();
    expect(page.tracker.get('eVar1')).toBe(SERVICES[lang].title);
  });

  it('remembers a campaign URL once its page view carried it, so a reload does not count it again', () => {
    const url = `${SERVICES[lang].url}?utm_source=newsletter&utm_campaign=ei-2025`;
    const first = openAt(url, SERVICES[lang].html());
    expect(first.pageViews()[0]!.params.v35).toBe('newsletter');
    expect(cookies.get(CAMPAIGN_COOKIE)).toBe(url);
    const again = openAt(url, SERVICES[lang].html());
    expect(again.pageViews()[0]!.params.v35).toBeUndefined();
  });
});

describe('default text (PV-5): N/A on English pages, S/O on French pages', () => {
  it.each([
    ['en', 'N/A'],
    ['fr', 'S/O'],
  ] as const)('%s: a page without title or theme gets %s in those slots; the campaign slots stay empty', (lang, text) => {
    const page = openAt(`https://www.canada.ca/${lang}/untitled.html`, `<html lang="${lang}"><head><title></title></head><body><main></main></body></html>`);
    const { params } = page.pageViews()[0]!;
    expect([params.pageName, params.v1, params.c1, params.v5, params.c5]).toEqual([text, text, text, text, text]);
    expect(params.v3).toBe(lang);
    // Off search pages the search slots are not sent; blank campaign values are never sent (they would take credit).
    expect([params.v30, params.c30, params.v35, params.v0]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it.each([
    ['en', 'N/A'],
    ['fr', 'S/O'],
  ] as const)('%s: the search page without a phrase gets %s as its search phrase', (lang, text) => {
    const page = openAt(`https://www.canada.ca/${lang}/sr/srb.html`, canadaPage(lang), searchRules);
    const { params } = page.pageViews()[0]!;
    expect([params.v30, params.c30]).toEqual([text, text]);
  });
});

describe('pages that get no generic page view (PB-2, PB-3)', () => {
  it.each([
    ['https://www.canada.ca/en/sr/srb.html?q=passport', 'en'],
    ['https://www.canada.ca/fr/sr/srb.html?q=passeport', 'fr'],
    ['https://www.canada.ca/en/search.html?q=ei', 'en'],
    ['https://www.canada.ca/fr/rechercher.html?q=ae', 'fr'],
    ['https://www.canada.ca/en/search/advanced-search.html?q=tax&allq=tax', 'en'],
    ['https://www.canada.ca/en/news/search.html?q=budget&typ=newsreleases', 'en'],
    ['https://www.canada.ca/fr/nouvelles/rechercher.html?q=budget', 'fr'],
    ['https://www.canada.ca/en/sr/srb.html?q=', 'en'],
  ] as const)('search results %s: nothing at page bottom, the search rules report it', (url, lang) => {
    const page = openAt(url, canadaPage(lang, { title: lang === 'en' ? 'Search' : 'Recherche' }));
    expect(page.beacons()).toEqual([]);
    // The page still leaves its values for the next page.
    expect(readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title')).toBe(lang === 'en' ? 'Search' : 'Recherche');
  });

  it.each([
    ['https://www.canada.ca/en/sr/srb.html', 'en'],
    ['https://www.canada.ca/fr/rechercher.html?page=2', 'fr'],
    ['https://www.canada.ca/en/services/search-tips.html?q=x', 'en'],
  ] as const)('%s without a q parameter on a search page is an ordinary page view', (url, lang) => {
    const page = openAt(url, canadaPage(lang, { title: 'Search' }));
    expect(page.pageViews()).toHaveLength(1);
  });

  it.each(LANGUAGES)('a %s single-page app: the isSPA push at load and no page view (the app sends CUSTOM_PAGE_LOAD)', (lang) => {
    const page = openAt(`https://ircc-tracker-suivi.apps.cic.gc.ca/${lang}/status.html`, canadaPage(lang, { title: 'Status' }));
    expect((window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer).toContainEqual({ event: 'isSPA', value: 'yes' });
    expect(page.beacons()).toEqual([]);
  });

  it('no isSPA push elsewhere', () => {
    openServices('en');
    expect((window as { adobeDataLayer?: unknown[] }).adobeDataLayer ?? []).not.toContainEqual({ event: 'isSPA', value: 'yes' });
  });

  const PROMOS = `<section><h2>Features</h2>
<a href="/en/services/benefits/ei.html?utm_source=canada-ca&utm_campaign=ei-2025">EI</a>
<a href="https://www.canada.ca/en/immigration.html?UTM_CAMPAIGN=x&utm_campaign=passport-renewal">Passports</a>
<a href="/en/services/benefits/ei.html?utm_campaign=ei-2025">EI again</a>
<a href="/en/taxes.html">Taxes</a></section>`;

  it.each([
    ['https://www.canada.ca/en.html', 'en', 'Canada.ca'],
    ['https://www.canada.ca/fr.html', 'fr', 'Canada.ca'],
    ['https://www.canada.ca/en/news.html', 'en', 'News'],
    ['https://www.canada.ca/fr/nouvelles.html', 'fr', 'Nouvelles'],
  ] as const)('%s sends the internal-campaign impression instead, carrying the page and its campaigns', (url, lang, title) => {
    const page = openAt(url, canadaPage(lang, { title, main: PROMOS }));
    expect(page.pageViews()).toEqual([]);
    const [impression, ...rest] = page.links();
    expect(rest).toEqual([]);
    expect(impression!.name).toBe(INTERNAL_CAMPAIGN_IMPRESSION);
    expect(impression!.params.pe).toBe('lnk_o');
    expect(impression!.params.v70).toBe('ei-2025;passport-renewal');
    expect(impression!.params.v3).toBe(lang);
    expect(impression!.params.v1).toBe(title);
    expect(impression!.params.v68).toBe('New');
    expect(impression!.events.slice(0, 2)).toEqual(['event9', 'event11']);
    expect(impression!.events).not.toContain('event500');
  });

  it('a home page without promotions still sends the impression, with no campaign list', () => {
    const page = openAt('https://www.canada.ca/en.html', canadaPage('en', { title: 'Canada.ca' }));
    expect(page.links().map((b) => [b.name, b.params.v70])).toEqual([[INTERNAL_CAMPAIGN_IMPRESSION, undefined]]);
  });

  it('a page merely under the home path is an ordinary page view', () => {
    const page = openAt('https://www.canada.ca/en/news/2025/09/release.html', canadaPage('en', { title: 'Release' }));
    expect(page.pageViews()).toHaveLength(1);
    expect(page.links()).toEqual([]);
  });
});

describe('error pages (ER-1)', () => {
  it.each([
    ['en', 'Not Found', '404', 'Page Not Found'],
    ['fr', 'Pas trouvé', '404', 'Page Not Found'],
    ['en', 'Errors', '404', 'Page Not Found'],
    ['en', 'Forbidden', '403', 'Forbidden'],
    ['fr', 'Interdit', '403', 'Interdit'],
    ['en', 'Internal Server Error', '500', 'Internal Server Error'],
    ['fr', 'Erreur Interne du Serveur', '500', 'Erreur Interne du Serveur'],
  ] as const)('%s "%s": pageType errorPage, error type %s, page name %s', (lang, title, type, name) => {
    const page = openAt(`https://www.canada.ca/${lang}/missing.html`, canadaPage(lang, { title }));
    const { params } = page.pageViews()[0]!;
    expect(params.pageType).toBe('errorPage');
    expect(params.v28).toBe(type);
    expect(params.pageName).toBe(name);
    expect(params.v1).toBe(name);
    // The next page knows it came from the error page.
    expect(readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title')).toBe(name);
  });

  it('the French 404 fixture', () => {
    const page = openAt(
      'https://www.canada.ca/fr/page-qui-nexiste-pas.html',
      SERVICES.fr
        .html()
        .replace(/<title>[^<]*<\/title>/, '<title>Pas trouvé - Canada.ca</title>')
        .replace(/<meta name="dcterms.title"[^>]*>/, ''),
    );
    expect(page.pageViews()[0]!.params).toMatchObject({ pageType: 'errorPage', pageName: 'Page Not Found', v28: '404', v3: 'fr' });
  });

  it('a content page has no pageType', () => {
    const page = openAt('https://www.canada.ca/en/services/errors-in-your-return.html', canadaPage('en', { title: 'Errors in your tax return' }));
    expect(page.pageViews()[0]!.params.pageType).toBeUndefined();
  });
});

describe('sendPageView, for the CUSTOM_PAGE_LOAD direct call', () => {
  it.each(LANGUAGES)('sends a complete %s page view of the current page values and clears after', (lang) => {
    let tracker!: ReturnType<typeof openServices>['tracker'];
    const virtual: Rule = {
      name: 'virtual page view',
      events: [{ type: 'directCall', identifier: 'virtual' }],
      actions: [{ name: 'send', run: (ctx) => sendPageView(tracker, ctx) }],
    };
    const page = openAt(`https://ircc-tracker-suivi.apps.cic.gc.ca/${lang}/status.html`, canadaPage(lang, { title: 'Status' }), () => [virtual]);
    tracker = page.tracker;
    page.satellite.track('virtual');
    const [view] = page.pageViews();
    expect(view!.params).toMatchObject({ pageName: 'Status', v3: lang, v41: 'yes' });
    expect(view!.events).toEqual(['event9', 'event11']);
    expect(page.tracker.get('eVar3')).toBeUndefined();
  });
});
