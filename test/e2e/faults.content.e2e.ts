/**
 * Fault injection, part 2: what the tag fetches goes wrong (issue 7). The survey file
 * (/content/dam/canada/json/im.xml) answers 500, empty, truncated, an entity bomb or 5 MB; the
 * personalization endpoint hangs, answers 500 or malformed JSON, or offers content for an element
 * the page never has. Each case: no error reaches the page, the page stays usable (the body shown
 * by the 3000 ms time-out at the latest), the page view arrives, and no beacon carries the
 * personal information the page holds.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { expectUnharmed, faultPage, openWithProbes, serve } from './faultKit';
import { sleep, startHarness, type Harness } from './harness';

/** The shared sample on this host, with the passport page survey certain to be drawn. */
const surveyFile = readFileSync('/work/shared/fixtures/im.xml', 'utf8')
  .replace('<tbl_url_whitelist><url>www.canada.ca</url></tbl_url_whitelist>', '<tbl_url_whitelist><url>127.0.0.1</url></tbl_url_whitelist>')
  .replace('<probability>0.5</probability>', '<probability>1</probability>');

const entityBomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">${Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY b${i} "${(i ? `&b${i - 1};` : '&a;').repeat(10)}">`,
).join('')}]><root><settings><Site>&b8;</Site></settings></root>`;

/** A well-formed survey file padded past 5 MB with a comment. */
const fiveMegabytes = surveyFile.replace('<?xml version="1.0" encoding="UTF-8"?>', (declaration) => `${declaration}<!--${'x'.repeat(5 * 1024 * 1024)}-->`);

const PASSPORTS = '/en/immigration-refugees-citizenship/services/canadian-passports.html';

/** What the page saw of the body-hiding style and the at-* events, by performance.now(). */
const watchBody = `(() => {
  const seen = window.__pz = { removed: null, events: {} };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.removedNodes) if (node.id === 'at-body-style') seen.removed = performance.now();
  }).observe(document, { childList: true, subtree: true });
  for (const name of ['at-library-loaded', 'at-request-succeeded', 'at-request-failed', 'at-content-rendering-succeeded', 'at-content-rendering-failed']) {
    document.addEventListener(name, () => { seen.events[name] = performance.now(); });
  }
})();`;
interface Seen {
  removed: number | null;
  events: Record<string, number>;
}
/**
 * The beacon that counts the page view (event 11): on the home page it is the 'Internal Campaign
 * Impression' link call that stands in for the page view.
 */
const countsPageView = (b: Beacon) => (beaconParam(b, 'events') ?? '').split(',').includes('event11');

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __pz: Seen }).__pz);

describe('fault injection: the survey file and the personalization endpoint', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.server.delivery.ready();
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    h.server.delivery.setFault(null);
    h.server.delivery.requests.clear();
  });

  it.each([
    ['answers 500', { status: 500, body: 'down' }],
    ['is empty', { body: '' }],
    ['is truncated', { body: surveyFile.slice(0, 900) }],
    ['is an entity bomb', { body: entityBomb }],
    ['is 5 MB', { body: fiveMegabytes }],
  ])('im.xml %s: no invitation, the page works and is tracked', async (_, answer) => {
    let fetched = false;
    const opened = await openWithProbes(h, `${PASSPORTS}?im_scope=page&im_nocookiecheck=1`, {
      before: async (page) => {
        await serve(page, PASSPORTS, faultPage());
        await page.route('**/content/dam/canada/json/im.xml', (route) => {
          fetched = true;
          return route.fulfill({ contentType: 'application/xml', ...answer });
        });
      },
    });
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(view, 'pageName')).toMatch(/^Fault test \[REDACTED\/CAVIARDÉ\]/);
    await expect.poll(() => fetched, { timeout: 5000 }).toBe(true);
    await sleep(2000); // time for a pop-up to have come, had the file been taken
    expect(await opened.page.locator('[role="dialog"]').count()).toBe(0);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    await expectUnharmed(h, opened);
  });

  it('im.xml as it should be: the control case of the above offers the survey', async () => {
    const opened = await openWithProbes(h, `${PASSPORTS}?im_scope=page&im_nocookiecheck=1`, {
      before: async (page) => {
        await serve(page, PASSPORTS, faultPage());
        await page.route('**/content/dam/canada/json/im.xml', (route) => route.fulfill({ contentType: 'application/xml', body: surveyFile }));
      },
    });
    await opened.page.getByRole('dialog').waitFor({ state: 'visible', timeout: 10_000 });
    await h.server.beacons.waitFor(isPageView, 5000);
    await opened.page.keyboard.press('Escape');
    await opened.page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 3000 });
    await expectUnharmed(h, opened);
  });

  it('the delivery endpoint hangs: the body shows at the 3000 ms time-out and the page view arrives', async () => {
    h.server.delivery.setFault('hang');
    const opened = await openWithProbes(h, '/en.html', { before: (page) => page.addInitScript(watchBody) });
    await opened.page.waitForFunction(() => (window as unknown as { __pz: Seen }).__pz.removed !== null, undefined, { timeout: 6000 });
    const s = await seen(opened.page);
    const hiddenFor = s.removed! - s.events['at-library-loaded']!;
    expect(hiddenFor).toBeGreaterThanOrEqual(3000 - 150);
    expect(hiddenFor).toBeLessThanOrEqual(3000 + 150);
    await h.server.beacons.waitFor(countsPageView, 5000);
    expect(await opened.page.locator('#gc-pz-banner').textContent()).toBe('Welcome to the demo site.');
    await expectUnharmed(h, opened);
  });

  it.each(['500', 'malformed'])('the delivery endpoint answers %s: the body shows at once and the page view arrives', async (fault) => {
    h.server.delivery.setFault(fault);
    const opened = await openWithProbes(h, '/en.html', { before: (page) => page.addInitScript(watchBody) });
    await opened.page.waitForFunction(() => (window as unknown as { __pz: Seen }).__pz.events['at-request-failed'] !== undefined);
    await opened.page.waitForFunction(() => (window as unknown as { __pz: Seen }).__pz.removed !== null, undefined, { timeout: 1000 });
    await h.server.beacons.waitFor(countsPageView, 5000);
    expect(await opened.page.locator('#gc-pz-banner').textContent()).toBe('Welcome to the demo site.');
    await expectUnharmed(h, opened);
  });

  it('an offer for an element the page never has: the body shows by 3000 ms, the page stays usable', async () => {
    let rewritten = 0;
    const opened = await openWithProbes(h, '/en.html', {
      before: async (page) => {
        await page.addInitScript(watchBody);
        // The real decision, with every action's selector pointed at an element that never appears.
        await page.route('**/rest/v1/delivery**', async (route) => {
          const response = await route.fetch();
          const text = await response.text();
          const body = JSON.parse(text) as { execute?: { pageLoad?: { options?: Array<{ content?: unknown }> } } };
          for (const option of body.execute?.pageLoad?.options ?? []) {
            if (!Array.isArray(option.content)) continue;
            for (const action of option.content as Array<Record<string, unknown>>) {
              action.selector = action.cssSelector = '#gc-pz-never-there';
              rewritten++;
            }
          }
          await route.fulfill({ response, body: JSON.stringify(body) });
        });
      },
    });
    await opened.page.waitForFunction(() => (window as unknown as { __pz: Seen }).__pz.removed !== null, undefined, { timeout: 6000 });
    expect(rewritten).toBeGreaterThan(0);
    const s = await seen(opened.page);
    expect(s.removed! - s.events['at-library-loaded']!).toBeLessThanOrEqual(3000 + 150);
    await h.server.beacons.waitFor(countsPageView, 5000);
    await expectUnharmed(h, opened);
    // The offer gives up on its own later; that is no page error either.
    await opened.page.waitForFunction(() => (window as unknown as { __pz: Seen }).__pz.events['at-content-rendering-failed'] !== undefined, undefined, {
      timeout: 8000,
    });
    expect(await opened.page.locator('#gc-pz-banner').textContent()).toBe('Welcome to the demo site.');
    await expectUnharmed(h, opened);
  });
});
