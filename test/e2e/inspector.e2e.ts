/**
 * The beacon inspector in real Chromium: /inspector open in one tab while a demo page is used in
 * another tab of the same browser. The last test takes the README's screenshot at a fixed
 * viewport, into the run's artifacts; `npm run screenshots` runs it with SCREENSHOT_DIR=docs to
 * refresh docs/inspector.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam } from '../../demo/server';
import { artifactsDir, startHarness, type Harness } from './harness';

const screenshotPath = join(process.env.SCREENSHOT_DIR ? resolve(process.env.SCREENSHOT_DIR) : artifactsDir, 'inspector.png');
const DEMO_PAGE = '/en/services/demo.html';
const OUTBOUND = 'https://www.w3.org/WAI/standards-guidelines/wcag/';

describe('the beacon inspector', () => {
  let h: Harness;
  let context: BrowserContext;
  let inspector: Page;
  let demo: Page;
  const inspectorErrors: string[] = [];

  /** A page's group in the inspector: a region named by its heading. */
  const group = (name: string): Locator => inspector.getByRole('region', { name, exact: true });
  /** An entry of a group, by the text of its summary line. */
  const entry = (within: Locator, text: string | RegExp): Locator => within.locator('ol.entries > li').filter({ hasText: text });

  beforeAll(async () => {
    h = await startHarness();
    // Fixed viewport, scale, locale and time zone: the screenshot is taken the same way each run.
    context = await h.browser.newContext({ viewport: { width: 1280, height: 1200 }, deviceScaleFactor: 1, locale: 'en-CA', timezoneId: 'America/Toronto' });
    inspector = await context.newPage();
    inspector.on('pageerror', (error) => inspectorErrors.push(error.message));
    inspector.on('console', (message) => message.type() === 'error' && inspectorErrors.push(message.text()));
    await inspector.goto(`${h.origin}/inspector`);
    await inspector.getByRole('status').filter({ hasText: /^Live/ }).waitFor({ timeout: 15_000 });
    demo = await context.newPage();
    // The download is served as an attachment, so the demo page stays for the next click; the
    // outbound site is answered locally (the tests run offline).
    await demo.route('**/content/dam/demo/demo-guide.pdf', (route) =>
      route.fulfill({ contentType: 'application/pdf', headers: { 'Content-Disposition': 'attachment' }, body: '%PDF-1.4\n%%EOF\n' }),
    );
    await demo.route('https://www.w3.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>W3C</title><p>Outside</p>' }));
  });
  afterAll(async () => {
    await context?.close();
    await h?.close();
  });

  it('shows the page view of a page opened in another tab as it arrives, with slot names', async () => {
    expect(await inspector.getByText('Nothing received yet', { exact: false }).isVisible()).toBe(true);
    await demo.goto(`${h.origin}${DEMO_PAGE}`);
    const page = group('Demo page');
    const pageView = entry(page, 'Page view');
    await pageView.waitFor({ timeout: 15_000 });
    await pageView.locator('summary').click();
    const table = pageView.getByRole('table', { name: 'Parameters, in the order sent' });
    await expect.poll(() => table.getByRole('row', { name: /^g pageURL Page URL/ }).textContent()).toContain(`${h.origin}${DEMO_PAGE}`);
    expect(await table.getByRole('row', { name: /^v1 eVar1/ }).textContent()).toContain('Page title');
    expect(await pageView.textContent()).toContain('event11 Page view');
    await pageView.locator('summary').click(); // closed again, for the screenshot
  });

  it('lists a download and an outbound link click under the page view they happened on', async () => {
    const page = group('Demo page');
    await demo.getByRole('link', { name: /Download the demo guide/ }).click();
    await entry(page, 'Download Link').waitFor({ timeout: 10_000 });
    await Promise.all([demo.waitForURL(OUTBOUND), demo.getByRole('link', { name: /Web Content Accessibility Guidelines/ }).click()]);
    const outbound = entry(page, 'Outbound Link');
    await outbound.waitFor({ timeout: 10_000 });
    expect(await entry(page, 'Download Link').locator('.badge').first().textContent()).toBe('d: downloads');
    expect(await outbound.locator('.badge').first().textContent()).toBe('e: exit links');
    // One group for the page: the link calls did not start groups of their own.
    expect(await inspector.getByRole('region').count()).toBe(1);
    const sent = h.server.beacons.list().map((b) => beaconParam(b, 'pe') ?? 'page');
    expect(sent).toEqual(expect.arrayContaining(['page', 'lnk_d', 'lnk_e']));
  });

  it('filters by type', async () => {
    const page = group('Demo page');
    const pageViews = inspector.getByRole('checkbox', { name: /^Page views/ });
    const downloads = inspector.getByRole('checkbox', { name: /^d: downloads/ });
    // Keyboard only: focus the box and press Space, as a keyboard user would.
    await pageViews.focus();
    await inspector.keyboard.press('Space');
    expect(await pageViews.isChecked()).toBe(false);
    await expect.poll(() => entry(page, 'Page view').count()).toBe(0);
    expect(await entry(page, 'Download Link').count()).toBe(1);
    await downloads.uncheck();
    expect(await entry(page, 'Download Link').count()).toBe(0);
    expect(await entry(page, 'Outbound Link').count()).toBe(1);
    await pageViews.check();
    await downloads.check();
    expect(await entry(page, /Page view|Download Link|Outbound Link/).count()).toBe(3);
  });

  it('searches, copies a beacon as its request, and exports what it shows', async () => {
    const search = inspector.getByRole('searchbox', { name: 'Search' });
    await search.fill('outbound');
    // The page's group now holds its outbound link alone (no page view among what is shown).
    const all = inspector.locator('ol.entries > li');
    await expect.poll(() => all.count()).toBe(1);
    const outbound = entry(inspector.locator('main'), 'Outbound Link');
    await outbound.locator('summary').click();
    await inspector.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void ((window as unknown as { __copied: string }).__copied = text) },
      });
    });
    await outbound.getByRole('button', { name: 'Copy request' }).click();
    const copied = await inspector.evaluate(() => (window as unknown as { __copied?: string }).__copied ?? '');
    expect(copied).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/b\/ss\/canadadev\/1\/JS-[\d.]+\/s\d+\?.*pe=lnk_e/);
    const [download] = await Promise.all([inspector.waitForEvent('download'), inspector.getByRole('button', { name: 'Export JSON' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { entries: Array<{ kind: string; beacon?: { query: string } }> };
    expect(exported.entries.map((e) => e.kind)).toEqual(['beacon']);
    expect(exported.entries[0]!.beacon!.query).toContain('pe=lnk_e');
    await search.fill('');
  });

  it('lists the personalization request of /en.html beside its beacons', async () => {
    await demo.goto(`${h.origin}/en.html`);
    const home = group('Canada.ca');
    const request = entry(home, 'POST delivery');
    await request.waitFor({ timeout: 15_000 });
    expect(await request.locator('summary').textContent()).toContain('POST delivery · 200 · page load');
    await request.locator('summary').click();
    expect(await request.getByRole('table', { name: 'Offers answered' }).textContent()).toContain('Canada.ca home page banner (EN/FR)');
    // The home page's page view is a link call standing in for it ('Internal Campaign Impression').
    await entry(home, 'Internal Campaign Impression').waitFor({ timeout: 10_000 });
    expect(await entry(home, 'Internal Campaign Impression').textContent()).toContain('counts as the page view');
    expect(await inspector.getByRole('checkbox', { name: /^Personalization requests/ }).isChecked()).toBe(true);
  });

  it('takes the README screenshot (docs/inspector.png with SCREENSHOT_DIR=docs)', async () => {
    // The home page's request folded again, the demo page's page view unfolded: the picture
    // shows both groups and the decoded slots.
    await entry(group('Canada.ca'), 'POST delivery').locator('summary').click();
    await entry(group('Demo page'), 'Page view').locator('summary').click();
    await inspector.evaluate(() => window.scrollTo(0, 0));
    mkdirSync(dirname(screenshotPath), { recursive: true });
    await inspector.screenshot({ path: screenshotPath, fullPage: false, animations: 'disabled', caret: 'hide' });
    expect(inspectorErrors).toEqual([]);
  });

  it('links to the demo index, which links back to it', async () => {
    await Promise.all([inspector.waitForURL(`${h.origin}/`), inspector.getByRole('link', { name: /Demo site index/ }).click()]);
    expect(await inspector.locator('main a[href="/inspector"]').count()).toBeGreaterThan(0);
    await inspector.goto(`${h.origin}/inspector`);
    await inspector.getByRole('status').filter({ hasText: /^Live/ }).waitFor({ timeout: 15_000 });
  });
});
