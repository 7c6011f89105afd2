/**
 * Scroll depth needs real layout, real scrolling and a real navigation type: Chromium against
 * the demo server, pages served by route on the development host.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, type Beacon } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

const DEPTHS = ['Custom Scroll Depth 25', 'Custom Scroll Depth 50', 'Custom Scroll Depth 75'];
const ALL = [...DEPTHS, 'Custom Scroll Depth 100'];

function html(lang: 'en' | 'fr', title: string, heightPx: number): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title} - Canada.ca</title>
<meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}"><style>body{margin:0}</style></head>
<body><main><h1 style="margin:0">${title}</h1><div style="height:${heightPx}px"></div></main><script src="/dist/tag.js"></script></body></html>`;
}

/** The tag's own errors; a resource the demo site does not serve is not one. */
const tagErrors = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

const scrollName = (b: Beacon) => beaconParam(b, 'pev2') ?? '';
const isScroll = (b: Beacon) => scrollName(b).startsWith('Custom Scroll Depth');

/** Scrolls so that the bottom of the window is at `percent` of the page. */
const scrollPage = (page: Page, percent: number): Promise<void> =>
  page.evaluate((p) => window.scrollTo(0, (document.documentElement.scrollHeight * p) / 100 - innerHeight), percent);

describe('scroll depth in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const serve = (path: string, body: string) => ({
    before: (p: Page) => p.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body })),
  });
  const scrollBeacons = () => h.server.beacons.list().filter(isScroll);

  it('a long English page on the list: nothing before 3 s, then 25, 50, 75 and 100 at the bottom, once each', async () => {
    const path = '/en/contact.html';
    const { page, errors } = await h.open(path, serve(path, html('en', 'Contact us', 6000)));
    await scrollPage(page, 100);
    await page.waitForFunction(() => performance.now() > 2700);
    expect(scrollBeacons()).toEqual([]);
    await h.server.beacons.waitFor((b) => scrollName(b) === 'Custom Scroll Depth 100', 10_000);
    // Up and down again sends nothing more.
    await scrollPage(page, 10);
    await sleep(300);
    await scrollPage(page, 100);
    await sleep(1000);
    const sent = scrollBeacons();
    // Sent in order at one scroll, they race each other to the collector: the French test below
    // checks the order mark by mark.
    expect(sent.map(scrollName).sort()).toEqual([...ALL].sort());
    for (const beacon of sent) {
      expect(beaconParam(beacon, 'pe')).toBe('lnk_o');
      expect(beaconParam(beacon, 'events')).toBe('event85');
      expect(beaconParam(beacon, 'v1')).toBe('Contact us');
      expect(beaconParam(beacon, 'v2')).toBe(`${h.origin}${path}`);
      expect(beaconParam(beacon, 'v16')).toBe('28.0.0');
    }
    expect(tagErrors(errors)).toEqual([]);
  });

  it('a long French page on the list, scrolled step by step: each mark when reached', async () => {
    const path = '/fr/contact.html';
    const { page, errors } = await h.open(path, serve(path, html('fr', 'Contactez-nous', 6000)));
    await page.waitForFunction(() => performance.now() > 3200);
    expect(scrollBeacons()).toEqual([]); // a long page at its top has reached no mark
    const steps: Array<[number, string[]]> = [
      [30, ALL.slice(0, 1)],
      [60, ALL.slice(0, 2)],
      [80, ALL.slice(0, 3)],
      [100, ALL],
    ];
    for (const [percent, expected] of steps) {
      await scrollPage(page, percent);
      await h.server.beacons.waitFor((b) => scrollName(b) === expected.at(-1), 8000);
      await sleep(200);
      expect(scrollBeacons().map(scrollName)).toEqual(expected);
    }
    expect(beaconParam(scrollBeacons()[0]!, 'v1')).toBe('Contactez-nous');
    expect(tagErrors(errors)).toEqual([]);
  });

  it('a short page on the list sends 25, 50 and 75 without any scrolling, and no 100', async () => {
    const path = '/fr/developpement-economique-regions-quebec/programmes/fonds-emplois-croissance/guide-demandeur.html';
    await h.open(path, serve(path, html('fr', 'Guide du demandeur', 100)));
    await h.server.beacons.waitFor((b) => scrollName(b) === 'Custom Scroll Depth 75', 10_000);
    await sleep(1500);
    expect(scrollBeacons().map(scrollName)).toEqual(DEPTHS);
  });

  it.each([
    ['a page not on the list', '/en/services/benefits/ei.html', 'en'],
    ['the Canada Day page', '/en/canadian-heritage/campaigns/canada-day.html', 'en'],
    ['the Winterlude page (FR)', '/fr/patrimoine-canadien/campagnes/bal-de-neige.html', 'fr'],
  ] as const)('%s sends no scroll beacon', async (_, path, lang) => {
    const { page } = await h.open(path, serve(path, html(lang, 'Page', 6000)));
    await scrollPage(page, 100);
    await page.waitForFunction(() => performance.now() > 4500);
    await sleep(300);
    expect(scrollBeacons()).toEqual([]);
  });

  it('a reload sends no scroll beacon', async () => {
    const path = '/en/campaign/don-t-drive-high.html';
    const { page } = await h.open(path, serve(path, html('en', 'Don’t drive high', 6000)));
    await page.reload({ waitUntil: 'load' });
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
    h.server.beacons.clear();
    await scrollPage(page, 100);
    await page.waitForFunction(() => performance.now() > 4500);
    await sleep(300);
    expect(scrollBeacons()).toEqual([]);
  });
});
