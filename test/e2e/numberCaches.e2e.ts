/**
 * The heap V8's number-to-text caches take (src/engine/decimal.ts): Chromium's V8 writes integers
 * from 100 up, and fractions, through two caches of 128 slots, and swaps each for a large one
 * (64 KB and 48 KB, for the life of the tab's renderer) at the first two numbers that share a slot.
 * Here every slot is taken first, by an init script: any number the tag then writes through a
 * cache lands on a taken slot and makes V8 swap it. A visit of three real GCWeb pages with the
 * production build (page views, a scroll, an exit and a download click, pages left) must leave
 * both caches as the probe alone leaves them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBeacon } from '../../src/analytics/wireFormat';
import { PRODUCTION_CHECK_BUILD } from '../../scripts/buildFolders';
import { assertProductionBuilt, fixturePage, fulfillFromBuild, workerBrowser } from './harness';

const SITE = 'https://www.canada.ca';
const EN = `${SITE}/en/services/benefits/ei/ei-regular-benefit/eligibility.html`;
const FR = `${SITE}/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html`;

/**
 * Takes every slot of both caches: the integers `base` to `base + 127` (one per slot, a slot
 * being the low seven bits), and 128 fractions whose two 32-bit halves, XORed, fill the 128 slots
 * of the other cache. Two runs, from 128 and from 256, catch any integer: it differs from the
 * probe of its slot in at least one of them. A full garbage collection empties the caches (a
 * heap snapshot makes one), so the probe fills them again every millisecond and before each
 * click and page leaving: a number the tag wrote into an emptied slot then meets its probe.
 */
const probe = (base: number) => `(() => {
  const fractions = [];
  const f = new Float64Array(1), halves = new Uint32Array(f.buffer), taken = new Set();
  for (let x = 1000.25; taken.size < 128; x += 1) {
    f[0] = x;
    const slot = (halves[0] ^ halves[1]) & 127;
    if (!taken.has(slot)) { taken.add(slot); fractions.push(x); }
  }
  const fill = () => {
    for (let i = ${base}; i < ${base + 128}; i++) String(i);
    for (const x of fractions) String(x);
  };
  fill();
  setInterval(fill, 1);
  for (const type of ['click', 'pagehide', 'visibilitychange']) addEventListener(type, fill, true);
})();`;

/** The two caches' sizes in bytes, from a heap snapshot of the page's renderer. */
async function cacheSizes(context: BrowserContext, page: Page): Promise<{ integers: number; fractions: number }> {
  const cdp = await context.newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (event) => chunks.push(event.chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  const snapshot = JSON.parse(chunks.join('')) as { snapshot: { meta: Record<string, string[]> }; nodes: number[]; edges: number[]; strings: string[] };
  const { node_fields: nodeFields, edge_fields: edgeFields } = snapshot.snapshot.meta as { node_fields: string[]; edge_fields: string[] };
  const [edgeCount, selfSize] = [nodeFields.indexOf('edge_count'), nodeFields.indexOf('self_size')];
  const [edgeName, edgeTo] = [edgeFields.indexOf('name_or_index'), edgeFields.indexOf('to_node')];
  const sizes: Record<string, number> = {};
  for (let node = 0, edge = 0; node < snapshot.nodes.length; node += nodeFields.length) {
    for (let k = 0; k < snapshot.nodes[node + edgeCount]!; k++, edge += edgeFields.length) {
      const name = snapshot.strings[snapshot.edges[edge + edgeName]!];
      if (name === 'smi_string_cache' || name === 'double_string_cache') sizes[name] = snapshot.nodes[snapshot.edges[edge + edgeTo]! + selfSize]!;
    }
  }
  if (sizes.smi_string_cache === undefined || sizes.double_string_cache === undefined)
    throw new Error('no number-string caches in the heap snapshot: has V8 renamed them?');
  return { integers: sizes.smi_string_cache, fractions: sizes.double_string_cache };
}

describe('V8’s number-to-text caches (production build, real GCWeb pages)', () => {
  let browser: Browser;
  const beacons: Array<Record<string, string>> = [];

  beforeAll(async () => {
    assertProductionBuilt();
    browser = await workerBrowser();
  });

  /** Canada.ca, the tag's files, Target and the collector, all answered here; every page starts with the probe. */
  async function canadaCa(base: number, tag: boolean): Promise<{ context: BrowserContext; page: Page }> {
    beacons.length = 0;
    const context = await browser.newContext();
    await context.addInitScript(probe(base));
    // Routes answer newest first: the pages' catch-all goes in before the tag's files.
    await context.route(`${SITE}/**`, (route) => {
      const url = route.request().url();
      if (url === EN) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: fixturePage('en-services-page.html', tag) });
      if (url === FR) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: fixturePage('fr-services-page.html', tag) });
      return route.fulfill({ status: 404, body: '' });
    });
    await context.route(/^https:\/\/www\.canada\.ca\/dist\/(tag[\w-]*\.js)$/, (route) => fulfillFromBuild(route, PRODUCTION_CHECK_BUILD));
    const cors = { 'access-control-allow-origin': SITE, 'access-control-allow-credentials': 'true' };
    await context.route('https://metrics.canada.ca/**', (route) => {
      const request = route.request();
      beacons.push(Object.fromEntries(decodeBeacon(request.url().split('?')[1] ?? request.postData() ?? '')));
      return route.fulfill({ headers: cors, body: '' });
    });
    await context.route('https://*.tt.omtrdc.net/**', (route) => route.fulfill({ headers: cors, contentType: 'application/json', body: '{"status":200}' }));
    return { context, page: await context.newPage() };
  }

  it('the probe alone leaves both caches small, and one more number of each kind makes V8 swap them', async () => {
    const { context, page } = await canadaCa(128, false);
    try {
      await page.goto(EN, { waitUntil: 'load' });
      const first = await cacheSizes(context, page);
      await page.evaluate(() => [String(1000), String(0.5)]);
      await page.waitForTimeout(50);
      const after = await cacheSizes(context, page);
      expect(after.integers).toBeGreaterThan(first.integers * 30);
      expect(after.fractions).toBeGreaterThan(first.fractions * 30);
    } finally {
      await context.close();
    }
  });

  it.each([128, 256])('a visit of three pages writes no number through them (probe from %i)', async (base) => {
    const bare = await canadaCa(base, false);
    await bare.page.goto(EN, { waitUntil: 'load' });
    const probeAlone = await cacheSizes(bare.context, bare.page);
    await bare.context.close();

    const { context, page } = await canadaCa(base, true);
    try {
      const pageViews = () => beacons.filter((b) => !b.pe);
      for (const [n, url] of [EN, FR, EN].entries()) {
        await page.goto(url, { waitUntil: 'load' });
        await expect.poll(() => pageViews().length, { timeout: 5000 }).toBe(n + 1);
        // The page's load ends, so the next page view carries this one's timings.
        await page.waitForTimeout(300);
      }
      await page.mouse.wheel(0, 4000);
      await page.evaluate(() => {
        document
          .querySelector('main')!
          .insertAdjacentHTML(
            'beforeend',
            '<p><a id="away" href="https://www.example.com/help">Help</a> <a id="guide" href="/content/dam/esdc-edsc/documents/guide-2026.pdf">Guide (PDF)</a></p>',
          );
        addEventListener('click', (event) => event.preventDefault());
      });
      await page.click('#away');
      await page.click('#guide');
      await expect.poll(() => beacons.filter((b) => b.pe).map((b) => b.pe), { timeout: 5000 }).toEqual(['lnk_e', 'lnk_d']);
      expect(pageViews()[1]!.v49).toMatch(/^\d+(\.\d)?$/); // the first page's load time, written as seconds
      expect(await cacheSizes(context, page)).toEqual(probeAlone);
    } finally {
      await context.close();
    }
  });
});
