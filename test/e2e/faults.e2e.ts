/**
 * Fault injection, part 1: the browser's storage, its cookie jar and its network fail under the
 * tag (issue 7). What a page sends while it unloads, and what several tabs send, is tested against
 * a real collector process in reliability.e2e.ts: request routing cannot see it. Each case: no error reaches the page, the page stays usable, the expected beacons
 * arrive once and in order, and none carries the personal information the page holds.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { expectUnharmed, faultPage, openWithProbes, pev2, serve } from './faultKit';
import { sleep, startHarness, type Harness } from './harness';

const PATH = '/en/services/faults-e2e.html';
const NEXT = '/en/services/faults-next.html';
const MAX_QUEUED = 50;

const isCustomClick = (b: Beacon) => pev2(b) === 'Custom Click';
/** The label of a custom click, as the tag recorded it (eVar50, the link text). */
const label = (b: Beacon) => beaconParam(b, 'v50');

/** Clicks the tracked button `n` times, each time with its own label `Click {i}`. */
async function clickNumbered(page: Page, from: number, n: number): Promise<string[]> {
  const labels: string[] = [];
  for (let i = from; i < from + n; i++) {
    await page.evaluate((text) => document.getElementById('custom')!.setAttribute('data-gc-analytics-customclick', text), `Click ${i}`);
    await page.click('#custom');
    labels.push(`Click ${i}`);
  }
  return labels;
}

/** The beacons of every page's persisted queue (`tag-beacon-queue.{page}`). */
const queuedBeacons = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tag-beacon-queue'))
      .flatMap((key) => (JSON.parse(localStorage.getItem(key)!) as { b: Array<{ q: string }> }).b.map((beacon) => beacon.q)),
  );
const queued = async (page: Page) => (await queuedBeacons(page)).length;

describe('fault injection: storage, cookies, network', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Opens the fault page with `init` run before any script of the page. */
  const open = (init?: string, setUp?: (page: Page) => Promise<unknown>) =>
    openWithProbes(h, PATH, {
      before: async (page) => {
        if (init) await page.addInitScript(init);
        await setUp?.(page);
        await serve(page, PATH, faultPage());
        await serve(page, NEXT, faultPage({ title: 'Next page' }));
      },
    });

  /** The page view arrives, with the page's title scrubbed. */
  async function expectTracked(): Promise<void> {
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(view, 'pageName')).toMatch(/^Fault test \[REDACTED\/CAVIARDÉ\]/);
  }

  it.each([
    [
      'local and session storage are disabled (SecurityError on access)',
      `for (const name of ['localStorage', 'sessionStorage']) Object.defineProperty(window, name, { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`,
    ],
    [
      'every storage write throws a quota error',
      `Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };`,
    ],
    [
      'document.cookie throws (cookies disabled by policy)',
      `Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); }, set() { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });`,
    ],
    [
      'cookies are blocked (document.cookie reads empty, writes are ignored)',
      `Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get() { return ''; }, set() {} });`,
    ],
  ])('%s: the page view and a click still arrive', async (_, init) => {
    const opened = await open(init);
    await expectTracked();
    await opened.page.click('#custom');
    const click = await h.server.beacons.waitFor(isCustomClick, 5000);
    expect(label(click)).toMatch(/^Custom \[REDACTED\/CAVIARDÉ\]/);
    await sleep(500);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(h.server.beacons.list().filter(isCustomClick)).toHaveLength(1);
    await expectUnharmed(h, opened);
  });

  it.each([
    ['answers 500', (page: Page) => page.route('**/b/ss/**', (route) => route.fulfill({ status: 500, body: 'down' }))],
    ['refuses connections', (page: Page) => page.route('**/b/ss/**', (route) => route.abort('connectionrefused'))],
  ])('the collector %s, then comes back: every queued beacon arrives once, in order', async (_, down) => {
    const opened = await open(undefined, down);
    const clicked = await clickNumbered(opened.page, 1, 5);
    await expect.poll(() => queued(opened.page), { timeout: 5000 }).toBe(1 + clicked.length);
    expect(h.server.beacons.list()).toEqual([]);

    await opened.page.unroute('**/b/ss/**');
    // The next beacon of the page flushes the queue in front of it.
    clicked.push(...(await clickNumbered(opened.page, 6, 1)));
    await expect.poll(() => h.server.beacons.list().length, { timeout: 10_000 }).toBe(1 + clicked.length);
    await sleep(1000);
    const beacons = h.server.beacons.list();
    expect(beacons).toHaveLength(1 + clicked.length);
    expect(isPageView(beacons[0]!)).toBe(true);
    expect(beacons.slice(1).map(label)).toEqual(clicked);
    expect(await queued(opened.page)).toBe(0);
    await expectUnharmed(h, opened);
  });

  it(`the collector is down for more than ${MAX_QUEUED} beacons: the newest arrive, in order, within the queue bound`, async () => {
    const opened = await open(undefined, (page) => page.route('**/b/ss/**', (route) => route.fulfill({ status: 500, body: 'down' })));
    const clicked = await clickNumbered(opened.page, 1, MAX_QUEUED + 10);
    // A click's rule may run after page.click returns: wait for the last one to be queued.
    await expect.poll(async () => (await queuedBeacons(opened.page)).join('\n'), { timeout: 5000 }).toContain(`v50=${encodeURIComponent(clicked.at(-1)!)}`);
    const kept = await queued(opened.page);
    expect(kept).toBeLessThanOrEqual(MAX_QUEUED);

    await opened.page.unroute('**/b/ss/**');
    clicked.push(...(await clickNumbered(opened.page, MAX_QUEUED + 11, 1)));
    await h.server.beacons.waitFor((b) => label(b) === clicked.at(-1), 10_000);
    await sleep(1000);
    const arrived = h.server.beacons.list().map(label);
    // The oldest made room (the new click may have pushed one more out): what arrived is the
    // newest of the clicks, each once, in order, never more than the bound.
    expect(arrived).toEqual(clicked.slice(-arrived.length));
    expect(arrived.length).toBeGreaterThanOrEqual(kept);
    expect(arrived.length).toBeLessThanOrEqual(Math.min(kept + 1, MAX_QUEUED));
    expect(await queued(opened.page)).toBe(0);
    await expectUnharmed(h, opened);
  });

  it('offline, then online: the clicks made offline arrive once, in order, when the browser is back', async () => {
    const opened = await open();
    await h.server.beacons.waitFor(isPageView, 5000);
    await opened.context.setOffline(true);
    const clicked = await clickNumbered(opened.page, 1, 3);
    await expect.poll(() => queued(opened.page), { timeout: 5000 }).toBe(3);
    await sleep(300);
    expect(h.server.beacons.list().filter(isCustomClick)).toEqual([]);

    await opened.context.setOffline(false);
    await expect.poll(() => h.server.beacons.list().filter(isCustomClick).length, { timeout: 5000 }).toBe(3);
    await sleep(1000);
    expect(h.server.beacons.list().filter(isCustomClick).map(label)).toEqual(clicked);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    await expectUnharmed(h, opened);
  });

  it('a click whose handler navigates away at once: its beacon arrives, once (a keep-alive request outlives the page)', async () => {
    const opened = await open();
    await h.server.beacons.waitFor(isPageView, 5000);
    await opened.page.evaluate((next) => {
      const button = document.getElementById('custom')!;
      button.setAttribute('data-gc-analytics-customclick', 'Leave now');
      button.addEventListener('click', () => location.assign(next));
    }, NEXT);
    await Promise.all([opened.page.waitForURL(`**${NEXT}`), opened.page.click('#custom')]);
    const click = await h.server.beacons.waitFor(isCustomClick, 5000);
    expect(label(click)).toBe('Leave now');
    const next = await h.server.beacons.waitFor((b) => isPageView(b) && beaconParam(b, 'g') === `${h.origin}${NEXT}`, 5000);
    expect(beaconParam(next, 'pageName')).toBe('Next page');
    await sleep(500);
    expect(h.server.beacons.list()).toHaveLength(3);
    await expectUnharmed(h, opened);
  });
});
