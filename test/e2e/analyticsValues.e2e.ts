/**
 * The analytics values of issue 14 in Chromium, decoded from the beacons a real visit sends:
 * the previous page's paint and load times, the campaign recorded once whatever stands for the
 * page view, a long page URL split into g and -g, and (with a staging build on Canada.ca's own
 * host names) the visit's cookies crossing from www.canada.ca to canada.ca.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { decodeBeacon } from '../../src/analytics/wireFormat';
import { STAGING_BUILD } from '../../scripts/buildFolders';
import { assertStagingBuilt, fixturePage, fulfillFromBuild, sleep, startHarness, workerBrowser, type Harness } from './harness';

const param = beaconParam;

function html(lang: 'en' | 'fr', title: string, main = '<h1>Page</h1>'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title} - Canada.ca</title>
<meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}"></head>
<body><main>${main}<p>${'Content. '.repeat(40)}</p></main><script src="/dist/tag.js"></script></body></html>`;
}

/** Serves each path (query ignored) with its page. */
const serve = (pages: Record<string, string>) => ({
  before: (p: Page) =>
    Promise.all(
      Object.entries(pages).map(([path, body]) =>
        p.route(
          (url) => url.pathname === path,
          (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }),
        ),
      ),
    ),
});

describe('analytics values in Chromium (development build, demo collector)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    [
      'English then French',
      'en-services-page.html',
      '/en/services/benefits/ei/ei-regular-benefit/eligibility.html',
      'fr-services-page.html',
      '/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
    ],
    [
      'French then English',
      'fr-services-page.html',
      '/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
      'en-services-page.html',
      '/en/services/benefits/ei/ei-regular-benefit/eligibility.html',
    ],
  ])('%s: the second page view carries the first page’s final FCP, LCP and load time, once', async (_, firstFile, firstPath, secondFile, secondPath) => {
    const { page, context } = await h.open(firstPath, serve({ [firstPath]: fixturePage(firstFile), [secondPath]: fixturePage(secondFile) }));
    const one = await h.server.beacons.waitFor(isPageView, 5000);
    // A page view leaves before its page has painted and loaded: it carries no timings of its own.
    expect([param(one, 'v43'), param(one, 'v44'), param(one, 'v49')]).toEqual([undefined, undefined, undefined]);
    await sleep(300);
    // What the browser itself says of the first page. The tag's paint observers start only after
    // its page view (issue 16), buffered: they must still get these paints, as they were.
    const [browserFcp, browserLcp, browserLoadEnd] = await page.evaluate(
      () =>
        new Promise<[number, number, number]>((done) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          const { loadEventEnd } = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          new PerformanceObserver((list) => done([Math.round(fcp), Math.round(list.getEntries().at(-1)!.startTime), loadEventEnd])).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    expect(browserLoadEnd).toBeGreaterThan(0);
    h.server.beacons.clear();
    await page.goto(`${h.origin}${secondPath}`, { waitUntil: 'load' });
    const two = await h.server.beacons.waitFor(isPageView, 5000);
    expect(param(two, 'v18')).toBe(`${h.origin}${firstPath}`);
    const [fcp, lcp, load] = ['v43', 'v44', 'v49'].map((name) => Number(param(two, name))) as [number, number, number];
    expect([fcp, lcp]).toEqual([browserFcp, browserLcp]);
    expect(fcp).toBeGreaterThan(0);
    expect(fcp).toBeLessThan(10_000);
    expect(lcp).toBeGreaterThanOrEqual(fcp);
    expect(lcp).toBeLessThan(10_000);
    // Seconds to one decimal: a page that loads in under 50 ms, as a local one may, is 0.
    expect(load).toBe(Math.round(browserLoadEnd / 100) / 10);
    expect(param(two, 'v49')).toMatch(/^\d+(\.\d)?$/);
    // Sent once: the cookie is gone after the page view that carried it.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('gpv_timing');
    // The second page is left in turn: its own timings are waiting for the next page.
    await page.goto(`${h.origin}${firstPath}`, { waitUntil: 'load' });
    const three = (await h.server.beacons.waitFor((b) => isPageView(b) && param(b, 'v18') === `${h.origin}${secondPath}`, 5000))!;
    expect(Number(param(three, 'v43'))).toBeGreaterThan(0);
  });

  it('the campaign is recorded once per campaign URL, whichever beacon stands for the page view', async () => {
    const query = '?utm_source=newsletter&utm_medium=email&utm_campaign=ei-2025';
    const results = '<h1>Search results</h1><p class="result-count"><strong>12</strong> search results</p>';
    const pages = {
      '/en/services/benefits.html': html('en', 'Benefits'),
      '/en.html': html('en', 'Canada.ca', '<a href="/en/services/benefits.html?utm_campaign=ei-2025">EI</a>'),
      '/en/sr/srb.html': html('en', 'Search results', results),
    };
    const campaignOf = (b: Beacon) => [param(b, 'v0'), param(b, 'v35'), param(b, 'v37'), param(b, 'c35')];
    const standsForPageView = (b: Beacon) => isPageView(b) || ['Internal Campaign Impression', 'Search Query'].includes(param(b, 'pev2') ?? '');
    for (const path of Object.keys(pages)) {
      const url = `${path}${path === '/en/sr/srb.html' ? `${query}&q=ei` : query}`;
      const { page } = await h.open(url, serve(pages));
      const first = await h.server.beacons.waitFor(standsForPageView, 5000);
      expect(campaignOf(first), `${path}: the first view`).toEqual(['ei-2025', 'newsletter', 'ei-2025', 'parameter:y:y:y:n:n:n']);
      // The page's own virtual page view does not record it again.
      h.server.beacons.clear();
      await page.evaluate(() => (window as unknown as { _satellite: { track(id: string): void } })._satellite.track('CUSTOM_PAGE_LOAD'));
      const virtual = await h.server.beacons.waitFor(isPageView, 5000);
      expect(campaignOf(virtual), `${path}: a virtual page view`).toEqual([undefined, undefined, undefined, 'no-parameter:n:n:n:n:n:n']);
      // Nor does a reload.
      h.server.beacons.clear();
      await page.reload({ waitUntil: 'load' });
      const reloaded = await h.server.beacons.waitFor(standsForPageView, 5000);
      expect(campaignOf(reloaded), `${path}: reloaded`).toEqual([undefined, undefined, undefined, 'no-parameter:n:n:n:n:n:n']);
    }
  });

  it('a page URL longer than 255 characters: its first 255 in g, the rest in -g, decoding to the whole URL', async () => {
    const path = `/en/services/benefits/${'employment-insurance-regular-benefits-'.repeat(9)}page.html`;
    const { page } = await h.open(path, serve({ [path]: html('en', 'Long address') }));
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    const url = await page.evaluate(() => location.href);
    expect(url.length).toBeGreaterThan(300);
    expect(param(view, 'g')).toBe(url.slice(0, 255));
    expect(param(view, '-g')).toBe(url.slice(255));
    expect(view.query.split('&').slice(-2)[0]).toMatch(/^-g=/);
    expect(Object.fromEntries(decodeBeacon(view.query))).toMatchObject({ ce: 'UTF-8', j: '1.6', k: 'Y' });
  });
});

describe('the visit’s cookies across Canada.ca hosts (staging build, www.canada.ca → canada.ca)', () => {
  let browser: Browser;
  const beacons: string[] = [];
  const pageViews = (host: string) =>
    beacons.map((query) => Object.fromEntries(decodeBeacon(query))).filter((b) => !b.pe && b.g?.startsWith(`http://${host}/`));

  beforeAll(async () => {
    assertStagingBuilt();
    browser = await workerBrowser();
  });

  /** A context in which Canada.ca's hosts, the tag's files and the collector are answered here: nothing leaves the machine. */
  async function canadaCa(): Promise<BrowserContext> {
    beacons.length = 0;
    const context = await browser.newContext();
    await context.route(/^https?:\/\/[^/]*canada\.ca\/dist\/(tag[\w-]*\.js)$/, (route) => fulfillFromBuild(route, STAGING_BUILD));
    await context.route('https://metrics.canada.ca/**', (route) => {
      beacons.push(route.request().url().split('?')[1] ?? route.request().postData() ?? '');
      return route.fulfill({
        status: 200,
        headers: {
          'access-control-allow-origin': new URL(route.request().headers().origin ?? 'http://www.canada.ca').origin,
          'access-control-allow-credentials': 'true',
        },
        body: '',
      });
    });
    await context.route('https://canada.tt.omtrdc.net/**', (route) => route.abort());
    await context.route(/^http:\/\/(www\.)?canada\.ca\/(en|fr)\//, (route) => {
      const lang = new URL(route.request().url()).pathname.startsWith('/fr/') ? 'fr' : 'en';
      const body = html(lang, lang === 'en' ? 'Benefits' : 'Prestations', `<a id="next" href="http://canada.ca/fr/services/prestations.html">Prestations</a>`);
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    });
    return context;
  }

  it('previous-page values, the visit and the visitor id written on www.canada.ca are read on canada.ca', async () => {
    const context = await canadaCa();
    const page = await context.newPage();
    await page.goto('http://www.canada.ca/en/services/benefits.html', { waitUntil: 'load' });
    await expect.poll(() => beacons.length, { timeout: 5000 }).toBeGreaterThan(0);
    const shared = (await context.cookies('http://canada.ca/')).filter((c) => c.domain === '.canada.ca').map((c) => c.name);
    expect(shared).toEqual(expect.arrayContaining(['gpv_page', 'gc_visit', 's_fid']));
    beacons.length = 0;
    await Promise.all([page.waitForURL('http://canada.ca/fr/services/prestations.html'), page.click('#next')]);
    await expect.poll(() => pageViews('canada.ca')[0], { timeout: 5000 }).toBeTruthy();
    const view = pageViews('canada.ca')[0]!;
    expect(view.v19).toBe('Benefits');
    expect(view.v18).toBe('http://www.canada.ca/en/services/benefits.html');
    expect([view.v68, view.v69]).toEqual(['New', 'First visit']); // the same visit
    // The host-only copies an older tag left would shadow these: none is written now.
    expect((await context.cookies()).filter((c) => !c.domain.startsWith('.') && /^(gpv_|gc_|click|s_fid)/.test(c.name))).toEqual([]);
    await context.close();
  });

  it('a host-only visit cookie an older tag left on www.canada.ca carries its visit on, and is gone after the next page view there', async () => {
    const context = await canadaCa();
    const minuteAgo = Date.now() - 60_000;
    await context.addCookies([{ name: 'gc_visit', value: `${minuteAgo}|Less than 7 days|Repeat`, url: 'http://www.canada.ca/' }]);
    const page = await context.newPage();
    await page.goto('http://www.canada.ca/en/services/benefits.html', { waitUntil: 'load' });
    await expect.poll(() => pageViews('www.canada.ca').length, { timeout: 5000 }).toBe(1);
    await page.goto('http://www.canada.ca/en/services/jobs.html', { waitUntil: 'load' });
    await expect.poll(() => pageViews('www.canada.ca').length, { timeout: 5000 }).toBe(2);
    // Both page views belong to the visit the older cookie described.
    expect(pageViews('www.canada.ca').map((view) => [view.v68, view.v69])).toEqual([
      ['Repeat', 'Less than 7 days'],
      ['Repeat', 'Less than 7 days'],
    ]);
    const visit = (await context.cookies('http://www.canada.ca/')).filter((c) => c.name === 'gc_visit');
    expect(visit.map((c) => c.domain)).toEqual(['.canada.ca']);
    // The site cookie holds the later page view's time.
    expect(Number(visit[0]!.value.split('|')[0])).toBeGreaterThan(minuteAgo);
    await context.close();
  });
});
