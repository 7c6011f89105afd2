/**
 * What the tag costs a page load, in headless Chromium: the time from the moment tag.js has
 * arrived to its first beacon, the main-thread script time up to that beacon (Chrome's own
 * ScriptDuration metric; the page has no other script), and the long animation frames (> 50 ms)
 * in which tag code ran, with how long the tag's own scripts took in each: a frame is long
 * because of the tag only when that share is. Each load is a fresh context: nothing is cached.
 */
import type { Browser } from 'playwright-core';

export interface LoadSample {
  /** tag.js response end to the first beacon request start, ms. */
  toFirstBeaconMs: number;
  /** Main-thread script time until the first beacon was requested, ms. */
  scriptMs: number;
  /** Long animation frames with tag code in them: the frame's duration and the tag scripts' share, ms. */
  longFrames: Array<{ frameMs: number; tagMs: number }>;
}

const OBSERVE = () => {
  const w = window as unknown as { __longFrames: Array<{ frameMs: number; tagMs: number }> };
  w.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ duration: number; scripts: Array<{ sourceURL: string; duration: number }> }>) {
        const tag = entry.scripts.filter((s) => s.sourceURL.includes('/dist/tag'));
        if (tag.length) w.__longFrames.push({ frameMs: entry.duration, tagMs: tag.reduce((sum, s) => sum + s.duration, 0) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    /* a browser without the API reports none */
  }
};

export async function measureLoads(
  browser: Browser,
  options: { pageUrl: string; html: string; files: Record<string, Buffer | string>; beaconHost: string; runs: number },
): Promise<LoadSample[]> {
  const samples: LoadSample[] = [];
  for (let run = 0; run < options.runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript(OBSERVE);
    await page.route(options.pageUrl, (route) => route.fulfill({ contentType: 'text/html', body: options.html }));
    for (const [url, body] of Object.entries(options.files)) await page.route(url, (route) => route.fulfill({ contentType: 'text/javascript', body }));
    // The production tag asks Target for personalization; the bench answers it with no offers.
    await page.route('https://*.tt.omtrdc.net/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":200}' }));
    let scriptMs: Promise<number> | undefined;
    await page.route(`https://${options.beaconHost}/b/ss/**`, async (route) => {
      scriptMs ??= cdp.send('Performance.getMetrics').then(({ metrics }) => (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000);
      // As Adobe's collectors answer: readable by the page's origin (the tag reads the answer).
      await route.fulfill({ status: 200, contentType: 'image/gif', body: '', headers: { 'Access-Control-Allow-Origin': new URL(options.pageUrl).origin, 'Access-Control-Allow-Credentials': 'true' } });
    });
    await page.goto(options.pageUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/b/ss/')));
    await page.waitForTimeout(300); // let the frames of start-up end, so that they are reported
    const { toFirstBeaconMs, longFrames } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const tag = entries.find((e) => e.name.endsWith('/dist/tag.js'))!;
      const beacon = entries.find((e) => e.name.includes('/b/ss/'))!;
      return {
        toFirstBeaconMs: beacon.startTime - tag.responseEnd,
        longFrames: (window as unknown as { __longFrames: Array<{ frameMs: number; tagMs: number }> }).__longFrames,
      };
    });
    samples.push({ toFirstBeaconMs, scriptMs: await (scriptMs ?? Promise.resolve(NaN)), longFrames });
    await context.close();
  }
  return samples;
}
