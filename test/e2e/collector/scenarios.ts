/**
 * The faults of the reliability suite, each a scenario run in Chromium against the collector
 * process: the end-to-end test asserts that each delivers exactly what it expects, once, and
 * `npm run bench` prints delivered/sent for each.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REQUEST_TIMEOUT_MS } from '../../../src/analytics/delivery';
import { TIME_AND_SCROLL } from '../../../src/rules/scroll';
import type { Beacon, Collector } from './client';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** What the collector has received, asked again every 50 ms until `done` says so or `timeoutMs` is over. */
async function receivedWhen(collector: Collector, done: (received: Awaited<ReturnType<Collector['received']>>) => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const received = await collector.received();
    if (done(received) || Date.now() > until) return received;
    await sleep(50);
  }
}

/** What a beacon stands for: `view {page}` for a page view, the tracked label for a click. */
export const labelOf = (beacon: Beacon): string => (beacon.params.pe ? (beacon.params.v50 ?? beacon.params.pev2 ?? '') : `view ${beacon.params.pageName}`);

/** Tabs of one browser context on the collector's pages. */
export interface Tabs {
  collector: Collector;
  context: BrowserContext;
  /** Page errors of every tab. */
  errors: string[];
  open(name: string, waitUntil?: 'load' | 'commit'): Promise<Page>;
  /** Clicks the page's tracked button, labelled `label` for this click. */
  click(page: Page, label: string): Promise<void>;
  /** Waits until the collector holds at least `count` beacons; returns them. */
  waitForCount(count: number, timeoutMs?: number): Promise<Beacon[]>;
}

export async function openTabs(browser: Browser, collector: Collector): Promise<Tabs> {
  const context = await browser.newContext();
  const errors: string[] = [];
  const tabs: Tabs = {
    collector,
    context,
    errors,
    async open(name, waitUntil = 'load') {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`));
      await page.goto(`${collector.origin}/page/${name}.html`, { waitUntil });
      return page;
    },
    async click(page, label) {
      await page.evaluate((text) => document.getElementById('custom')!.setAttribute('data-gc-analytics-customclick', text), label);
      await page.click('#custom');
    },
    async waitForCount(count, timeoutMs = 10_000) {
      return (await receivedWhen(collector, ({ beacons }) => beacons.length >= count, timeoutMs)).beacons;
    },
  };
  return tabs;
}

/** What a scenario expects the collector to hold, per page (pageName), in order; and what it observed. */
export interface Expectation {
  expected: Record<string, string[]>;
  facts?: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  /** Long enough for the scenario's own waits. */
  timeoutMs: number;
  run(tabs: Tabs): Promise<Expectation>;
}

const hide = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((value) => {
    // Headless Chromium keeps every tab visible: the page is hidden as a browser hides it.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

/** Before the tag: a cyclic item, an item whose getter throws, then the value that must win. Text, so that no bundler renames it. */
const HOSTILE_DATA_LAYER = `(() => {
  const user = { loginStatus: '2' };
  user.self = user;
  const throwing = {};
  Object.defineProperty(throwing, 'user', { enumerable: true, get() { throw new Error('page bug'); } });
  window.adobeDataLayer = [{ user }, throwing, { user: { loginStatus: '1' } }];
})();`;

const latencies = [150, 400, 1500];

export const SCENARIOS: Scenario[] = [
  {
    name: 'an outage that starts after the page view: the 10 clicks made during it arrive once each, in order, once it is over',
    timeoutMs: 60_000,
    async run({ collector, open, click, waitForCount }) {
      const page = await open('outage');
      await waitForCount(1);
      await collector.set({ mode: 'down' });
      const clicks = Array.from({ length: 10 }, (_, n) => `Click ${n + 1}`);
      for (const label of clicks) await click(page, label);
      await sleep(1000);
      const duringOutage = (await collector.received()).beacons.length;
      await collector.set({ mode: 'up' });
      await waitForCount(11, 30_000);
      await sleep(1500);
      return {
        expected: { outage: ['view outage', ...clicks] },
        facts: { duringOutage, queueLeft: await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tag-beacon-queue')).length) },
      };
    },
  },
  ...latencies.map(
    (latencyMs): Scenario => ({
      name: `a page hidden while its page view is in flight (${latencyMs} ms collector): the page view is not sent again`,
      timeoutMs: 30_000,
      async run({ collector, open, click, waitForCount }) {
        const name = `hidden-${latencyMs}`;
        await collector.set({ latencyMs });
        const page = await open(name, 'commit');
        await waitForCount(1);
        await hide(page, 'hidden');
        await sleep(latencyMs + 500);
        await hide(page, 'visible');
        await click(page, 'After');
        await waitForCount(2);
        await sleep(latencyMs + 1000);
        return { expected: { [name]: [`view ${name}`, 'After'] } };
      },
    }),
  ),
  ...latencies.map(
    (latencyMs): Scenario => ({
      name: `a page left while its page view is in flight (${latencyMs} ms collector): it arrives once, and so does the click that left`,
      timeoutMs: 30_000,
      async run({ collector, open, click, waitForCount }) {
        const from = `left-${latencyMs}`;
        const to = `next-${latencyMs}`;
        await collector.set({ latencyMs });
        const page = await open(from, 'commit');
        await waitForCount(1);
        await page.evaluate((next) => document.getElementById('custom')!.addEventListener('click', () => location.assign(next)), `/page/${to}.html`);
        await Promise.all([page.waitForURL(`**/page/${to}.html`), click(page, 'Leave')]);
        await waitForCount(3);
        await sleep(latencyMs + 1500);
        return { expected: { [from]: [`view ${from}`, 'Leave'], [to]: [`view ${to}`] } };
      },
    }),
  ),
  {
    // Chromium fails a page's requests while it dispatches pagehide, and runs their reactions
    // between that event's listeners: a listener of the page's own, registered before the tag's,
    // once made the tag queue the request in flight as failed, and the next page send it again.
    name: 'a page with its own pagehide listener, left while its page view is in flight (400 ms collector): it arrives once, and so does the click that left',
    timeoutMs: 30_000,
    async run({ collector, context, open, click, waitForCount }) {
      await context.addInitScript(() => addEventListener('pagehide', () => undefined));
      await collector.set({ latencyMs: 400 });
      const page = await open('own-pagehide', 'commit');
      await waitForCount(1);
      await page.evaluate(() => document.getElementById('custom')!.addEventListener('click', () => location.assign('/page/after-own-pagehide.html')));
      await Promise.all([page.waitForURL('**/page/after-own-pagehide.html'), click(page, 'Leave')]);
      await waitForCount(3);
      await sleep(1900);
      return { expected: { 'own-pagehide': ['view own-pagehide', 'Leave'], 'after-own-pagehide': ['view after-own-pagehide'] } };
    },
  },
  {
    name: 'three tabs during an outage, one closed before it ends: all 15 clicks arrive once each, in order per tab',
    timeoutMs: 120_000,
    async run({ collector, open, click, waitForCount }) {
      const names = ['tab-a', 'tab-b', 'tab-c'];
      const tabs: Page[] = [];
      for (const name of names) tabs.push(await open(name));
      await waitForCount(3);
      await collector.set({ mode: 'error' });
      const expected: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, [`view ${name}`]]));
      for (let n = 1; n <= 5; n++) {
        for (const [t, page] of tabs.entries()) {
          const label = `${names[t]} ${n}`;
          await click(page, label);
          expected[names[t]!]!.push(label);
        }
      }
      await sleep(1000);
      const duringOutage = (await collector.received()).beacons.length;
      // The third tab is closed before the collector is back: what it queued is adopted by another.
      await tabs[2]!.close();
      await collector.set({ mode: 'up' });
      await waitForCount(18, 60_000);
      await sleep(3000);
      return { expected, facts: { duringOutage } };
    },
  },
  {
    name: 'a burst of 300 data-layer events in one task: all 300 arrive once each, in order',
    timeoutMs: 90_000,
    async run({ open, waitForCount }) {
      const page = await open('burst');
      await waitForCount(1);
      await page.evaluate(() => {
        const layer = (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer;
        for (let n = 1; n <= 300; n++) layer.push({ event: 'customclick', userEvent: { text: `Burst ${n}` } });
      });
      await waitForCount(301, 60_000);
      await sleep(1000);
      return { expected: { burst: ['view burst', ...Array.from({ length: 300 }, (_, n) => `Burst ${n + 1}`)] } };
    },
  },
  {
    name: 'a collector that never answers: the load event fires on time, and the page view and later clicks still arrive once the collector is back',
    timeoutMs: 60_000,
    async run({ collector, open, click, waitForCount }) {
      await collector.set({ mode: 'hang' });
      const page = await open('hung');
      const loadEventEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
      // The page view may leave a few tasks after the load event: with the other scenarios and
      // test files beside it on a busy machine, a fixed 300 ms wait was once too short (CI).
      const hanging = (await receivedWhen(collector, ({ held }) => held > 0, 5000)).held;
      await collector.set({ mode: 'up' });
      await click(page, 'Later 1');
      await click(page, 'Later 2');
      await waitForCount(3, REQUEST_TIMEOUT_MS + 15_000);
      await sleep(1500);
      return { expected: { hung: ['view hung', 'Later 1', 'Later 2'] }, facts: { loadEventEnd, hanging } };
    },
  },
  {
    name: 'cyclic and throwing data-layer items, before and after the tag: later values read right, clicks arrive',
    timeoutMs: 30_000,
    async run({ context, open, waitForCount }) {
      await context.addInitScript(HOSTILE_DATA_LAYER);
      const page = await open('cyclic');
      const [view] = await waitForCount(1);
      await page.evaluate(() => {
        const item: Record<string, unknown> = { event: 'customclick', userEvent: { text: 'Cyclic click' } };
        item.loop = item;
        (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push(item, { event: 'customclick', userEvent: { text: 'Plain click' } });
      });
      await waitForCount(3);
      await sleep(500);
      return { expected: { cyclic: ['view cyclic', 'Cyclic click', 'Plain click'] }, facts: { loginStatus: view?.params.v10 } };
    },
  },
];

/** How the collector's beacons compare with a scenario's expectation. */
export function tally(beacons: Beacon[], expected: Record<string, string[]>) {
  const sent = Object.values(expected).flat().length;
  const ids = beacons.map((b) => b.id);
  const duplicates = ids.filter((id, n) => ids.indexOf(id) !== n);
  const byPage: Record<string, string[]> = {};
  // A page open 30 s sends its engagement beacon on its own; whether a scenario lasts that long
  // depends on how busy the machine is, so it is counted for duplicates only.
  const made = beacons.filter((b, n) => ids.indexOf(b.id) === n && labelOf(b) !== TIME_AND_SCROLL);
  for (const beacon of made) (byPage[beacon.params.pageName ?? ''] ??= []).push(labelOf(beacon));
  const delivered = Object.entries(expected).reduce((sum, [page, labels]) => sum + labels.filter((label) => byPage[page]?.includes(label)).length, 0);
  return { sent, delivered, duplicates, byPage };
}
