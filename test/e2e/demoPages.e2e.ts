/**
 * Every demo page (demo/site-src/pages.ts) in Chromium: it answers with its status, throws
 * nothing, sends its page view (or, on the home and news pages, the internal-campaign impression
 * that stands in for it), links to its twin and has no axe-core violation; the index lists them
 * all, and an unknown address gets the 404 page of its language. The demo pages follow GCWeb's
 * markup (tabs as WET leaves them once initialized: a tablist whose items are presentational), so
 * a violation is one in our markup, not in the tag's rules. What a visitor does on them is
 * demoSite.e2e.ts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageView } from '../../demo/server';
import { PAGES } from '../../demo/site-src/pages';
import { startAxe, type Axe } from './axe';
import { events, named, openWithoutSurvey, param } from './demoSiteKit';
import { artifactsDir, sleep, startHarness, type Harness, type OpenOptions } from './harness';

/** The home and news pages send the internal-campaign impression instead of a page view (PB-3). */
const IMPRESSION_PAGES = ['/en.html', '/fr.html', '/en/news.html', '/fr/nouvelles.html'];
/** The personalization redirect activity sends these pages elsewhere. */
const REDIRECTS: Record<string, string> = { '/en/pz-redirect-test.html': '/en/pz-redirected.html', '/fr/pz-redirect-test.html': '/fr/pz-redirected.html' };

/** Errors the page itself caused; Chromium's note about an error status of the document is not one. */
const pageErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of (403|404|500)/.test(e));

describe('demo pages', () => {
  let h: Harness;
  let axe: Axe;
  const open = (path: string, options: OpenOptions = {}) => openWithoutSurvey(h, path, options);
  beforeAll(async () => {
    h = await startHarness();
    axe = await startAxe();
  });
  afterAll(async () => {
    await h?.close();
    axe?.close();
  });

  it('/ is the index: every demo page in both languages, with what it demonstrates', async () => {
    const { page, errors } = await open('/');
    expect(new URL(page.url()).pathname).toBe('/');
    const listed = await page.$$eval('.demo-pages > li > a', (links) => links.map((a) => a.getAttribute('href')));
    expect(listed).toEqual([
      ...PAGES.filter((p) => p.lang === 'en').map((p) => p.path),
      '/demo/no-tracking/demo.html',
      ...PAGES.filter((p) => p.lang === 'fr').map((p) => p.path),
    ]);
    await h.server.beacons.waitFor(isPageView, 10_000);
    await page.screenshot({ path: join(artifactsDir, 'demo-index.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(await axe.violations(page)).toEqual([]);
  });

  describe.each(PAGES.map((p) => [p.path, p] as const))('%s', (path, def) => {
    it(`answers ${def.status ?? 200}, throws nothing, is tracked, links to its twin and has no axe violation`, async () => {
      const target = REDIRECTS[path] ?? path;
      let status: number | undefined;
      const { page, errors } = await open(path, {
        before: (p) =>
          Promise.resolve(
            p.on('response', (r) => {
              if (new URL(r.url()).pathname === target && r.request().resourceType() === 'document') status = r.status();
            }),
          ),
      });
      if (REDIRECTS[path]) await page.waitForURL(`**${target}`);
      expect(status).toBe(def.status ?? 200);
      const beacon = IMPRESSION_PAGES.includes(path)
        ? await h.server.beacons.waitFor(named('Internal Campaign Impression'), 10_000)
        : await h.server.beacons.waitFor(isPageView, 10_000);
      expect(param(beacon, 'v3')).toBe(def.lang);
      expect(events(beacon)).toEqual(expect.arrayContaining(['event9', 'event11']));
      if (def.status) {
        expect(param(beacon, 'pageType')).toBe('errorPage');
        expect(param(beacon, 'v28')).toBe(String(def.status));
      }
      const final = PAGES.find((p) => p.path === target)!;
      expect(await page.getAttribute('html', 'lang')).toBe(final.lang);
      expect(await page.getAttribute('meta[name="dcterms.language"]', 'content')).toBe(final.lang === 'en' ? 'eng' : 'fra');
      // GCWeb's language toggle, or in its GCDS layout the design system's header's.
      expect(await page.getAttribute(final.layout === 'gcds' ? 'gcds-header' : '#wb-lng a', final.layout === 'gcds' ? 'lang-href' : 'href')).toBe(final.twin);
      expect(PAGES.some((p) => p.path === final.twin && p.twin === final.path)).toBe(true);
      // The page a redirect test leads to is checked as a page of its own.
      if (!REDIRECTS[path]) expect(await axe.violations(page)).toEqual([]);
      await sleep(200); // late errors (deferred scripts, rules loaded on demand)
      expect(pageErrors(errors)).toEqual([]);
    });
  });

  it.each([
    ['/en/no-such-page.html', 'en', 'We couldn’t find that Web page (Error 404)'],
    ['/fr/page-inexistante.html', 'fr', 'Nous ne pouvons trouver cette page Web (Erreur 404)'],
  ] as const)('an unknown page (%s) gets the 404 page of its language, status 404 and a 404 page view', async (path, lang, heading) => {
    let status: number | undefined;
    const { page } = await open(path, {
      before: (p) =>
        Promise.resolve(
          p.on('response', (r) => {
            if (r.url().endsWith(path)) status = r.status();
          }),
        ),
    });
    expect(status).toBe(404);
    expect(await page.textContent('h1')).toBe(heading);
    const view = await h.server.beacons.waitFor(isPageView, 10_000);
    expect(param(view, 'v28')).toBe('404');
    expect(param(view, 'pageName')).toBe('Page Not Found');
    expect(param(view, 'v3')).toBe(lang);
  });
});
