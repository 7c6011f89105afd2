/**
 * The QA panel (`?logdtm=panel`) on production-build pages in Chromium: the production tag.js and
 * its on-demand files (build/production/, made by npm test's size check) served on
 * https://www.canada.ca, the demo site's GCWeb pages behind it, Target's delivery answered by the
 * demo's decisioning endpoint and the collector by a stand-in that records what it gets.
 */
import { readFileSync } from 'node:fs';
import type { APIResponse, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBeacon } from '../../src/analytics/wireFormat';
import { PRODUCTION_CHECK_BUILD } from '../../scripts/buildFolders';
import { startAxe, type Axe } from './axe';
import { assertProductionBuilt, fulfillFromBuild, keepSurveyAway, startHarness, type Harness } from './harness';

const SITE = 'https://www.canada.ca';
const PANEL_FILE = /\/dist\/tag-panel\.js$/;

interface Live {
  /** Every request the pages made, by URL. */
  requests: string[];
  /** The queries the collector received. */
  beacons: string[];
}

/**
 * The demo server's answer to what the page asked of Canada.ca, or none (the request aborted): a
 * page still loading when its test ends asks after the demo server has gone.
 */
async function forward(route: Route, url: string, headers?: Record<string, string>): Promise<APIResponse | undefined> {
  try {
    return await route.fetch({ url, headers });
  } catch {
    await route.abort().catch(() => undefined);
    return undefined;
  }
}

/** Canada.ca's hosts answered here: the production build at /dist/, the demo site's pages, Target by the demo's endpoint. */
function liveSite(h: Harness, live: Live, { survey = true } = {}) {
  return async (page: Page, context: BrowserContext) => {
    // No pop-up takes the keyboard or sends its beacon.
    if (!survey) await keepSurveyAway(page);
    page.on('request', (request) => live.requests.push(request.url()));
    await context.route(`${SITE}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.startsWith('/dist/')) return fulfillFromBuild(route, PRODUCTION_CHECK_BUILD);
      const answer = await forward(route, `${h.origin}${url.pathname}${url.search}`);
      return answer && route.fulfill({ response: answer });
    });
    await context.route('https://canada.tt.omtrdc.net/**', async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('client', 'canadademo');
      const answer = await forward(route, `${h.origin}${url.pathname}${url.search}`, { ...route.request().headers(), origin: SITE });
      return (
        answer &&
        route.fulfill({
          response: answer,
          headers: { ...answer.headers(), 'access-control-allow-origin': SITE, 'access-control-allow-credentials': 'true' },
        })
      );
    });
    await context.route('https://metrics.canada.ca/**', (route) => {
      live.beacons.push(route.request().url().split('?')[1] ?? route.request().postData() ?? '');
      return route.fulfill({
        status: 200,
        headers: { 'access-control-allow-origin': SITE, 'access-control-allow-credentials': 'true' },
        contentType: 'image/gif',
        body: '',
      });
    });
    // What the panel copies, kept where the test can read it (the clipboard asks for a permission).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void ((window as unknown as { __copied: string }).__copied = text) },
      });
    });
  };
}

/** The panel's shadow root, as a locator root: Playwright's CSS locators pierce open shadow roots. */
const panel = (page: Page) => page.locator('tag-qa-panel');
const entryTitles = (page: Page) => panel(page).locator('li.entry summary').allTextContents();
const headingOf = (page: Page) => panel(page).locator('h2').textContent({ timeout: 10_000 });

describe('QA panel on production-build pages', () => {
  let h: Harness;
  let axe: Axe;
  beforeAll(async () => {
    assertProductionBuilt();
    h = await startHarness();
    axe = await startAxe();
  });
  afterAll(async () => {
    await h?.close();
    axe?.close();
  });

  it('is not loaded without the switch: no request for tag-panel.js, no panel', async () => {
    const live: Live = { requests: [], beacons: [] };
    const { page } = await h.open(`${SITE}/en/services/benefits/ei.html`, { before: liveSite(h, live) });
    await expect.poll(() => live.beacons.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(live.requests.filter((url) => PANEL_FILE.test(url))).toEqual([]);
    expect(await panel(page).count()).toBe(0);
  });

  it('opens with ?logdtm=panel and shows the beacons decoded with report names, rules, personalization and survey decisions', async () => {
    const live: Live = { requests: [], beacons: [] };
    const { page, errors } = await h.open(`${SITE}/en.html?logdtm=panel`, { before: liveSite(h, live) });
    expect(await headingOf(page)).toBe('Tag QA panel');
    // The home page's page view is its internal-campaign impression (a link call carrying the page-view event).
    await expect
      .poll(() => entryTitles(page), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/Beacons\s*Link: Internal Campaign Impression — sent$/)]));
    await expect
      .poll(() => entryTitles(page))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Rules\s*Internal Campaign Impression — fired$/),
          expect.stringMatching(/Rules\s*Page view — did not fire: condition “not \(path is one of \/en\.html,.*\)” not met$/),
          expect.stringMatching(/Rules\s*Error page — did not fire: condition “404, 403 or 500 page” not met$/),
          expect.stringMatching(/Personalization\s*at-request-succeeded$/),
          expect.stringMatching(/Survey\s*survey decisions$/),
        ]),
      );
    // The decision: the activity and experience the demo's decisioning engine chose for the home page.
    const decision = panel(page).locator('li.entry', { hasText: 'at-request-succeeded' });
    await decision.locator('summary').click();
    expect(await decision.locator('tr', { hasText: 'decision 1' }).textContent()).toContain('Canada.ca home page banner (EN/FR) / English home page');
    expect(await decision.locator('tr', { hasText: 'time' }).textContent()).toMatch(/\d+ ms/);
    // The beacon, decoded: each parameter with its report name, as it left.
    const beacon = panel(page).locator('li.entry[data-kind="beacon"]', { hasText: 'Internal Campaign Impression' });
    await beacon.locator('summary').click();
    expect(await beacon.locator('tr', { hasText: /^v3/ }).textContent()).toContain('Page language');
    expect(await beacon.locator('tr', { hasText: /^events/ }).textContent()).toContain('event11');
    await beacon.getByRole('button', { name: 'Copy request' }).click();
    const copied = await page.evaluate(() => (window as unknown as { __copied?: string }).__copied ?? '');
    expect(copied).toMatch(/^GET https:\/\/metrics\.canada\.ca\/b\/ss\/canadalivemain\/1\/JS-[\d.]+\/s\d+\?/);
    expect(live.beacons).toContain(copied.slice(copied.indexOf('?') + 1));
    // A link click: its beacon joins the list.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => (event.target as Element).closest('a[href]') && event.preventDefault(), { once: true }),
    );
    // The survey may draw an invitation on this page (its pop-up's beacon is listed too), and its
    // pop-up may then cover the link: the click is the link's own, as a visitor's reaches the tag.
    const link = page.locator('.home-most-requested a').first();
    const text = (await link.textContent())!.trim();
    await link.dispatchEvent('click');
    const click = panel(page).locator('li.entry[data-kind="beacon"]', { hasText: 'Link: Most Requested Link' });
    await click.waitFor({ timeout: 10_000 });
    expect(await click.locator('td').allTextContents()).toContain(text);
    await click.locator('summary').click();
    expect(await click.locator('summary').textContent()).toMatch(/Beacons\s*Link: .+ — (sending|sent)$/);
    expect(await click.locator('tr', { hasText: /^pev2/ }).textContent()).toContain('Link name');
    expect(errors).toEqual([]);
    // The panel itself asks nothing of anyone: every request went to Canada.ca, its collector or Target.
    expect(live.requests.filter((url) => !/^https:\/\/(www\.canada\.ca|metrics\.canada\.ca|canada\.tt\.omtrdc\.net)\//.test(url))).toEqual([]);
  });

  it('shows and exports nothing personal that a beacon would not carry; filters, searches and exports what it shows; the page cannot restyle it', async () => {
    const live: Live = { requests: [], beacons: [] };
    const query = 'logdtm=panel&courriel=marie.tremblay%40exemple.ca&tel=613-555-0199';
    const { page } = await h.open(`${SITE}/en/services/benefits/ei.html?${query}`, { before: liveSite(h, live, { survey: false }) });
    await expect.poll(() => panel(page).locator('li.entry[data-kind="beacon"]').count(), { timeout: 10_000 }).toBe(1);
    // What a visitor typed reaching the data layer and the page's own log, in English and French.
    await page.evaluate(() => {
      (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push({
        event: 'formSubmit',
        form: { email: 'jane.doe@example.com', sin: '046 454 286', postal: 'K1A 0B1', note: 'Appelez-moi au 613 555 0142' },
      });
      (window as unknown as { _satellite: { logger: { log(...args: unknown[]): void } } })._satellite.logger.log('Contact: jean.untel@exemple.ca');
    });
    await expect.poll(() => entryTitles(page)).toEqual(expect.arrayContaining([expect.stringMatching(/Data layer\s*formSubmit$/)]));
    const [whole] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Export JSON' }).click()]);
    const shown = [await panel(page).evaluate((el) => el.shadowRoot?.textContent ?? ''), readFileSync((await whole.path())!, 'utf8')];
    for (const personal of ['marie.tremblay', 'exemple.ca', '555-0199', 'jane.doe', 'example.com', '046 454 286', 'K1A 0B1', '555 0142', 'jean.untel']) {
      for (const text of shown) expect(text, personal).not.toContain(personal);
    }
    expect(shown[1]).toContain('formSubmit');

    await panel(page)
      .getByRole('checkbox', { name: /^Rules/ })
      .uncheck();
    expect(await panel(page).locator('li.entry[data-kind="rule"]').count()).toBe(0);
    await panel(page).getByRole('searchbox', { name: 'Search' }).fill('page view');
    const found = await entryTitles(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((title) => /page view/i.test(title) || !/Rules/.test(title))).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Export JSON' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { page: string; entries: Array<{ kind: string; title: string }> };
    expect(exported.page).toMatch(/^https:\/\/www\.canada\.ca\/en\/services\/benefits\/ei\.html\?/);
    expect(exported.entries.length).toBe(found.length);
    expect(exported.entries.some((entry) => entry.kind === 'beacon' && /Page view/.test(entry.title))).toBe(true);
    expect(exported.entries.some((entry) => entry.kind === 'rule')).toBe(false);
    // Using the panel sent nothing: the collector has the page view and the data-layer push's form submit alone.
    expect(live.beacons.map((query) => new URLSearchParams(query).get('pev2') ?? 'view')).toEqual(['view', 'Form Submit']);

    // Page CSS that restyles every element it can reach: the panel looks the same.
    const box = await panel(page).boundingBox();
    const heading = await panel(page)
      .locator('h2')
      .evaluate((el) => getComputedStyle(el).fontSize + getComputedStyle(el).color);
    await page.addStyleTag({
      content: '* { all: unset !important; display: inline !important; font-size: 40px !important; color: red !important; position: static !important; }',
    });
    expect(await panel(page).boundingBox()).toEqual(box);
    expect(
      await panel(page)
        .locator('h2')
        .evaluate((el) => getComputedStyle(el).fontSize + getComputedStyle(el).color),
    ).toBe(heading);
    expect(await panel(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  });

  it('is kept for the visit, in the page’s language, axe-clean, and ?logdtm=false closes it', async () => {
    const live: Live = { requests: [], beacons: [] };
    const { page } = await h.open(`${SITE}/en/services/benefits/ei.html?logdtm=panel`, { before: liveSite(h, live, { survey: false }) });
    expect(await headingOf(page)).toBe('Tag QA panel');
    await page.goto(`${SITE}/fr/services/prestations/ae.html`);
    expect(await headingOf(page)).toBe('Panneau d’AQ de la balise');
    await expect
      .poll(() => entryTitles(page), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/Balises\s*Page view: .* — envoyée$/)]));
    expect(await axe.violations(page, 'tag-qa-panel')).toEqual([]);
    // From the keyboard: an entry opens with Enter, a kind is hidden with Space.
    const first = panel(page).locator('li.entry summary').first();
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await panel(page).locator('li.entry details').first().getAttribute('open')).not.toBeNull();
    await panel(page)
      .getByRole('checkbox', { name: /^Balises/ })
      .focus();
    await page.keyboard.press('Space');
    expect(await panel(page).locator('li.entry[data-kind="beacon"]').count()).toBe(0);

    live.requests.length = 0;
    await page.goto(`${SITE}/en/services/benefits/ei.html?logdtm=false`);
    await expect.poll(() => live.beacons.map((query) => Object.fromEntries(decodeBeacon(query))).filter((b) => !b.pe).length).toBe(3);
    expect(await panel(page).count()).toBe(0);
    expect(live.requests.filter((url) => PANEL_FILE.test(url))).toEqual([]);
  });
});
