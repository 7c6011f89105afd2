/**
 * Reliability against a real collector (issue 12): a plain Node HTTP server in its own process
 * (./collector/process.ts) that counts what reaches it, so beacons sent while a page unloads, or
 * by a tab no test route is attached to, are counted too. Each fault (./collector/scenarios.ts)
 * asserts the exact set the collector received: every beacon once (no `/s{id}` twice), nothing
 * missing, in order per page. The scenarios run side by side, each with a collector of its own (one
 * process serves them all, each on a port of its own) and a browser context of its own: most of their time is spent waiting (outages, retries, the quiet
 * moments that would show a beacon sent twice), not working.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startCollector, type Collector } from './collector/client';
import { openTabs, SCENARIOS, tally } from './collector/scenarios';
import { assertTagBuilt, workerBrowser } from './harness';

describe.concurrent('reliability: every beacon reaches a real collector exactly once', () => {
  let browser: Browser;
  let process: Collector;

  beforeAll(async () => {
    assertTagBuilt();
    browser = await workerBrowser();
    process = await startCollector();
  });
  afterAll(async () => {
    await process?.stop();
  });

  const byName = (name: string) => SCENARIOS.find((scenario) => scenario.name.startsWith(name))!;

  for (const scenario of SCENARIOS) {
    it(
      scenario.name,
      // The test's own expect: the scenarios run side by side, and the global one counts each
      // assertion for whichever of them is current (requireAssertions then fails another).
      async ({ expect }) => {
        const collector = await process.sibling();
        const tabs = await openTabs(browser, collector).catch(async (error: unknown) => {
          await collector.stop();
          throw error;
        });
        try {
          const { expected, facts } = await scenario.run(tabs);
          const { beacons } = await collector.received();
          const { duplicates, byPage } = tally(beacons, expected);
          expect(duplicates, 'beacons received twice').toEqual([]);
          expect(byPage).toEqual(expected);
          expect(tabs.errors).toEqual([]);
          if (scenario === byName('an outage')) expect(facts).toEqual({ duringOutage: 1, queueLeft: 0 });
          if (scenario === byName('three tabs')) expect(facts).toEqual({ duringOutage: 3 });
          if (scenario === byName('a collector that never answers')) {
            expect(facts?.hanging).toBe(1);
            expect(facts?.loadEventEnd).toBeGreaterThan(0);
            expect(facts?.loadEventEnd).toBeLessThan(3000);
          }
          if (scenario === byName('cyclic')) expect(facts).toEqual({ loginStatus: '1' });
        } finally {
          await tabs.context.close();
          await collector.stop();
        }
      },
      scenario.timeoutMs,
    );
  }
});
