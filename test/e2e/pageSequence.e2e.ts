/**
 * The page-bottom sequence in Chromium: real page views across real navigations (previous-page
 * cookies and timings, the click cookies of the page before), error pages, and the home
 * page's internal-campaign impression in place of a page view.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { fixturePage, sleep, startHarness, type Harness } from './harness';

function html(lang: 'en' | 'fr', title: string, main = '<h1>Page</h1>'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title} - Canada.ca</title>
<meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}"></head>
<body><main>${main}</main><script src="/dist/tag.js"></script></body></html>`;
}

const EN = {
  path: '/en/services/benefits/ei/ei-regular-benefit/eligibility.html',
  body: () => fixturePage('en-services-page.html'),
  title: 'EI regular benefits: Eligibility',
};
const FR = {
  path: '/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
  body: () => fixturePage('fr-services-page.html'),
  title: 'Prestations régulières d’assurance-emploi : Admissibilité',
};

/** Serves each path with its page (status 200 unless given). */
const serve = (pages: Record<string, string | [number, string]>) => ({
  before: (p: Page) =>
    Promise.all(
      Object.entries(pages).map(([path, page]) =>
        p.route(`**${path}`, (route) => {
          const [status, body] = typeof page === 'string' ? [200, page] : page;
          return route.fulfill({ status, contentType: 'text/html; charset=utf-8', body });
        }),
      ),
    ),
});

const tagErrors = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));
const param = (b: Beacon, name: string) => beaconParam(b, name);

describe('the page-bottom sequence in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['an English page, then a French one', EN, FR],
    ['a French page, then an English one', FR, EN],
  ])('%s: the second page view carries the first page', async (_, first, second) => {
    const { page, context, errors } = await h.open(first.path, serve({ [first.path]: first.body(), [second.path]: second.body() }));
    const one = await h.server.beacons.waitFor(isPageView, 5000);
    expect(param(one, 'pageName')).toBe(first.title);
    expect(param(one, 'v19')).toBeUndefined();
    expect(param(one, 'v68')).toBe('New');
    expect(param(one, 'v69')).toBe('First visit');
    expect(param(one, 'events')).toMatch(/^event9,event11,event12=\d+$/);
    // A click on the first page, under the site's earlier tag, left its text for the second in
    // the cookie that tag used: it is read while gc_click is absent.
    await context.addCookies([{ name: 'clickText', value: 'Apply', url: h.origin }]);

    h.server.beacons.clear();
    await page.goto(`${h.origin}${second.path}`, { waitUntil: 'load' });
    const two = await h.server.beacons.waitFor(isPageView, 5000);
    expect(param(two, 'pageName')).toBe(second.title);
    expect(param(two, 'v19')).toBe(first.title);
    expect(param(two, 'v18')).toBe(`${h.origin}${first.path}`);
    expect(param(two, 'v20')).toBe('blank query string');
    expect(param(two, 'v49')).toMatch(/^\d+(\.\d)?$/);
    expect(param(two, 'v45')).toBe('Apply');
    expect([param(two, 'v68'), param(two, 'v69')]).toEqual(['New', 'First visit']); // same visit
    const left = (await context.cookies()).map((c) => c.name);
    expect(left).not.toContain('clickText'); // deleted after the page view
    expect(left).toEqual(expect.arrayContaining(['gpv_page', 'gc_visit']));
    await sleep(500);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(tagErrors(errors)).toEqual([]);
  });

  it.each([
    ['en', '/en/no-such-page.html', 'Not Found', '404', 'Page Not Found'],
    ['fr', '/fr/page-introuvable.html', 'Pas trouvé', '404', 'Page Not Found'],
    ['en', '/en/private.html', 'Forbidden', '403', 'Forbidden'],
    ['fr', '/fr/panne.html', 'Erreur Interne du Serveur', '500', 'Erreur Interne du Serveur'],
  ] as const)('a %s %s error page sends pageType errorPage', async (lang, path, title, type, name) => {
    const { errors } = await h.open(path, serve({ [path]: [Number(type), html(lang, title)] }));
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    expect(param(view, 'pageType')).toBe('errorPage');
    expect(param(view, 'v28')).toBe(type);
    expect(param(view, 'pageName')).toBe(name);
    expect(param(view, 'v3')).toBe(lang);
    expect(tagErrors(errors)).toEqual([]);
  });

  it.each([
    ['/en.html', 'en', 'Canada.ca'],
    ['/fr/nouvelles.html', 'fr', 'Nouvelles'],
  ] as const)('%s sends the internal-campaign impression and no page view', async (path, lang, title) => {
    const promos = `<a href="/${lang}/services/benefits/ei.html?utm_campaign=ei-2025">EI</a><a href="/${lang}/taxes.html">Taxes</a>`;
    const { errors } = await h.open(path, serve({ [path]: html(lang, title, promos) }));
    const impression = await h.server.beacons.waitFor((b) => param(b, 'pev2') === 'Internal Campaign Impression', 5000);
    expect(param(impression, 'pe')).toBe('lnk_o');
    expect(param(impression, 'v70')).toBe('ei-2025');
    expect(param(impression, 'v3')).toBe(lang);
    expect(param(impression, 'v1')).toBe(title);
    expect(param(impression, 'events')).toMatch(/^event9,event11/);
    await sleep(1500);
    expect(h.server.beacons.list().filter(isPageView)).toEqual([]);
    expect(tagErrors(errors)).toEqual([]);
  });

  it('a search results page sends no page view at page bottom', async () => {
    const path = '/en/sr/srb.html';
    await h.open(`${path}?q=passport`, serve({ [path]: html('en', 'Search') }));
    await sleep(2000);
    expect(h.server.beacons.list().filter(isPageView)).toEqual([]);
  });
});
