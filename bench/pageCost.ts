/**
 * What a page load costs with each variant (variants.ts), in headless Chromium, each load in a
 * fresh context (nothing cached), the variants interleaved round by round so that a busy moment
 * of the machine falls on all of them. From a Chromium trace of each load: the script CPU time
 * (thread time, not wall-clock) until the first beacon is requested, and the most script CPU
 * within one main-thread task. From the page: the JS it downloaded (gzip -9 of each script served), the
 * JS heap after a garbage collection. In separate tabs served by a real local server (scripts from
 * the HTTP cache, as on a visitor's later page), the script CPU and the largest task of a third
 * page view in the same tab, and, in visits of two pages instrumented for it (with the site's survey file there),
 * the cookie reads and writes and the web-storage calls of each page view.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SURVEY_FILE_PATH } from '../src/survey/start';
import { withLocalWeb, type LocalWeb } from './localWeb';
import { PAGE_URL, type Variant } from './variants';

export interface LoadFigures {
  jsGzipBytes: number;
  scriptCpuMs: number;
  longestTaskMs: number;
  heapBytes: number;
}

export interface TrafficFigures {
  cookieReads: number;
  cookieWrites: number;
  storageCalls: number;
}

/** Script work as the trace names it; nested ones are counted once, in the outermost. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'RunMicrotasks']);
export const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];
/** Long enough after load for what a tool does once the page is there (timers, idle callbacks). */
const SETTLE_MS = 1500;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/**
 * Script CPU until the first beacon, and the most script CPU within one main-thread task (the
 * tool's largest piece of uninterrupted work), both in thread time of the outermost script events:
 * on a busy machine the wall time of a task also counts the moments its thread was not running.
 */
export function readTrace(events: TraceEvent[], beacon: RegExp | undefined): { scriptCpuMs: number; longestTaskMs: number } {
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const onMain = (e: TraceEvent) => main.has(thread(e)) && e.ph === 'X' && e.dur !== undefined;
  const sent = events.find((e) => e.name === 'ResourceSendRequest' && beacon?.test(e.args?.data?.url ?? ''));
  const until = sent?.ts ?? Infinity;
  const outermost: TraceEvent[] = [];
  for (const e of events.filter((e) => onMain(e) && SCRIPT_EVENTS.has(e.name)).sort((a, b) => a.ts - b.ts)) {
    const last = outermost[outermost.length - 1];
    if (last && thread(last) === thread(e) && e.ts < last.ts + last.dur!) continue;
    outermost.push(e);
  }
  const cpu = outermost.filter((e) => e.ts < until).reduce((sum, e) => sum + (e.tdur ?? e.dur!), 0);
  let longest = 0;
  for (const task of events.filter((e) => onMain(e) && e.name === 'RunTask')) {
    const end = task.ts + task.dur!;
    const inside = outermost.filter((s) => thread(s) === thread(task) && s.ts >= task.ts && s.ts < end).reduce((sum, s) => sum + (s.tdur ?? s.dur!), 0);
    longest = Math.max(longest, inside);
  }
  return { scriptCpuMs: cpu / 1000, longestTaskMs: longest / 1000 };
}

/**
 * Answers every request of the page from the variant (and the page itself) and records the JS it
 * served; resolves `beacon` when the variant's first beacon is requested. Nothing runs in the
 * page to find out: a probe's own script would be traced as the tool's.
 */
function serve(page: Page, variant: Variant, served: Buffer[]): { routed: Promise<unknown>; beacon: Promise<void> } {
  let seen!: () => void;
  const beacon = new Promise<void>((resolve) => (seen = resolve));
  const routed = page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === PAGE_URL || url === LATER_PAGE_URL) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: variant.html });
    if (variant.beacon?.test(url)) seen();
    const answer = variant.answers.find(([pattern]) => pattern.test(url))?.[1];
    if (!answer) return route.fulfill({ status: 404, body: '' });
    if (answer.contentType === 'text/javascript') served.push(Buffer.from(answer.body));
    return route.fulfill({ status: answer.status ?? 200, contentType: answer.contentType, body: answer.body, headers: answer.headers });
  });
  return { routed, beacon };
}

/** Loads `url` (the bench page by default), waits for the variant's page view (`beacon`), then lets it settle. */
async function loaded(page: Page, variant: Variant, beacon: Promise<unknown>, url = PAGE_URL, settle = SETTLE_MS): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  if (variant.beacon) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${variant.name}: no beacon within 10 s`)), 10_000)));
    await Promise.race([beacon, late]).finally(() => clearTimeout(timer));
  }
  await page.waitForTimeout(settle);
}

/**
 * The variant's next page view in `page`: `url` loaded, its own beacon awaited (serve's `beacon`
 * is the first only), asked for before the page loads: it may be requested before `goto` returns.
 */
function nextView(page: Page, variant: Variant, url: string, settle?: number): Promise<void> {
  const pattern = variant.beacon;
  const pageView = pattern ? page.waitForRequest((request) => pattern.test(request.url()), { timeout: 0 }) : Promise.resolve();
  // `loaded` times it out; once the visit's context closes it would reject with no one to hear it.
  pageView.catch(() => undefined);
  return loaded(page, variant, pageView, url, settle);
}

async function oneLoad(browser: Browser, variant: Variant): Promise<LoadFigures> {
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    const served: Buffer[] = [];
    const { routed, beacon } = serve(page, variant, served);
    await routed;
    await browser.startTracing(page, { categories: CATEGORIES });
    await loaded(page, variant, beacon);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return {
      jsGzipBytes: served.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
      ...readTrace(trace.traceEvents, variant.beacon),
      heapBytes: usedSize,
    };
  } finally {
    await context.close();
  }
}

/** Counts every cookie read and write and every web-storage call the page makes. */
const COUNT_TRAFFIC = () => {
  const counts = { cookieReads: 0, cookieWrites: 0, storageCalls: 0 };
  (window as unknown as { __traffic: typeof counts }).__traffic = counts;
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get() {
      counts.cookieReads++;
      return cookie.get!.call(this);
    },
    set(value: string) {
      counts.cookieWrites++;
      cookie.set!.call(this, value);
    },
  });
  for (const name of ['getItem', 'setItem', 'removeItem', 'key', 'clear'] as const) {
    const original = Storage.prototype[name] as (...args: unknown[]) => unknown;
    (Storage.prototype as unknown as Record<string, unknown>)[name] = function (this: Storage, ...args: unknown[]) {
      counts.storageCalls++;
      return original.apply(this, args);
    };
  }
};

/**
 * A later page of the same visit, served the variant's page at another address with a query
 * string: what a page view costs once the visit's cookies are there.
 */
export const LATER_PAGE_URL = 'https://www.canada.ca/en/bench/later.html?topic=hours';
/** The pages a tab of three views visits, as the local server serves them (by path). */
export const TAB_PAGES = [PAGE_URL, LATER_PAGE_URL.split('?')[0]!];

/**
 * Canada.ca has its survey file (the demo site's copy here): a visit's first page reads it and
 * keeps the visit's copy, and its later pages go on from that copy. Served in the visits that
 * count traffic only, so that the other loads stay a plain content page.
 */
const SURVEY_FILE = readFileSync(new URL(`../demo/site${SURVEY_FILE_PATH}`, import.meta.url));

/**
 * The traffic of the first page of a visit, then of a later page of it. Each is counted in its own
 * document, from its first script until it has settled: what a page writes as it is left (the
 * page timings' cookie) is in neither.
 */
async function trafficOfOneVisit(browser: Browser, variant: Variant): Promise<[first: TrafficFigures, later: TrafficFigures]> {
  const context = await browser.newContext();
  const counted = () => (window as unknown as { __traffic: TrafficFigures }).__traffic;
  try {
    const page = await context.newPage();
    await page.addInitScript(COUNT_TRAFFIC);
    const { routed, beacon } = serve(page, variant, []);
    await routed;
    // Registered last, so it answers before serve's catch-all.
    await page.route(`https://www.canada.ca${SURVEY_FILE_PATH}`, (route) => route.fulfill({ contentType: 'application/xml', body: SURVEY_FILE }));
    await loaded(page, variant, beacon);
    const first = await page.evaluate(counted);
    await nextView(page, variant, LATER_PAGE_URL);
    return [first, await page.evaluate(counted)];
  } finally {
    await context.close();
  }
}

/** How long each page view of `laterView` is left to settle: its CPU counts until its beacon only. */
const QUICK_SETTLE_MS = 300;

/** Script CPU to the first beacon, and the largest task's, of a tab's third page view. */
export interface LaterFigures {
  scriptCpuMs: number;
  longestTaskMs: number;
}

/**
 * The third page view in one tab (the bench page, a later page, the bench page again), served by
 * `web` (a real server on 127.0.0.1, ./localWeb.ts) as a visitor's later page is: its scripts come
 * from the HTTP cache, and a synchronous one runs before the page is first laid out. Headless
 * Chromium keeps the tab's renderer process between the views, so by then V8 has run the same
 * scripts twice in it, and reuses what it made of them: what the first view of a fresh tab pays
 * once.
 */
async function laterView(browser: Browser, web: LocalWeb, variant: Variant): Promise<LaterFigures> {
  web.use(variant);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const url of [PAGE_URL, LATER_PAGE_URL]) await nextView(page, variant, url, QUICK_SETTLE_MS);
    await browser.startTracing(page, { categories: CATEGORIES });
    await nextView(page, variant, PAGE_URL, QUICK_SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return readTrace(trace.traceEvents, variant.beacon);
  } finally {
    await context.close();
  }
}

/** `measure` of every variant, `rounds` times, interleaved: the order turns each round. */
export async function interleaved<T>(list: Variant[], rounds: number, measure: (variant: Variant) => Promise<T>): Promise<Map<string, T[]>> {
  const results = new Map<string, T[]>(list.map((v) => [v.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < list.length; i++) {
      const variant = list[(round + i) % list.length]!;
      results.get(variant.name)!.push(await measure(variant));
    }
  }
  return results;
}

/** `rounds` tabs of three page views of every variant, interleaved, in a Chromium of their own that reaches the local server. */
const laterViews = (list: Variant[], rounds: number): Promise<Map<string, LaterFigures[]>> =>
  withLocalWeb(TAB_PAGES, 0, (browser, web) => interleaved(list, rounds, (variant) => laterView(browser, web, variant)));

/**
 * `rounds` loads of every variant, interleaved; then `laterRounds` tabs of three page views each,
 * interleaved the same way, in a Chromium of their own that reaches the local server; then
 * `trafficLoads` instrumented visits of two pages each.
 */
export async function measurePages(browser: Browser, list: Variant[], rounds: number, trafficLoads: number, laterRounds = 0) {
  const loads = await interleaved(list, rounds, (variant) => oneLoad(browser, variant));
  const thirdViews = laterRounds ? await laterViews(list, laterRounds) : new Map<string, LaterFigures[]>(list.map((v) => [v.name, []]));
  const traffic = new Map<string, TrafficFigures[]>(list.map((v) => [v.name, []]));
  const laterTraffic = new Map<string, TrafficFigures[]>(list.map((v) => [v.name, []]));
  for (let round = 0; round < trafficLoads; round++) {
    for (const variant of list) {
      const [first, later] = await trafficOfOneVisit(browser, variant);
      traffic.get(variant.name)!.push(first);
      laterTraffic.get(variant.name)!.push(later);
    }
  }
  return { loads, thirdViews, traffic, laterTraffic };
}
