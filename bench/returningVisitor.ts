/**
 * A returning visitor's fresh tabs. The bench's other loads run in new browser contexts, which
 * Chromium keeps off the record: no code cache is made there. A visitor's own profile keeps one.
 * Chromium notes a script's first load; at its second within 72 hours, V8 serializes what it has
 * compiled of the script, inside the task that ran it, and keeps that beside the HTTP cache's
 * copy; from the third load on, it reads that instead of compiling. Here each visitor is a
 * Chromium with a new profile on disk (./unattached.ts: no DevTools client on the tab), which
 * opens the bench page in three tabs, one after the other, each closed before the next.
 */
import { readTrace, TAB_PAGES, interleaved, type TraceEvent } from './pageCost';
import { startLocalWeb } from './localWeb';
import { tracedTab, withPipedChromium } from './unattached';
import type { Variant } from './variants';

/**
 * In a profile of its own, Chromium starts a spare renderer for the next tab; the end of a trace
 * then waited 5 s for it, in most tabs. It starts no script: without it, the tab's renderer starts
 * on navigation instead.
 */
const NO_SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

/** The tabs each visitor opens: the second makes the code cache, the third reads it. */
export const VISITOR_TABS = 3;

export interface VisitorTab {
  scriptCpuMs: number;
  longestTaskMs: number;
  /** The code caches V8 made in the tab (every script of the page), and their thread time. */
  codeCacheBytes: number;
  codeCacheMs: number;
}

type CacheMade = TraceEvent & { args?: { data?: { producedCacheSize?: number } } };

function visitorTab(events: TraceEvent[], variant: Variant): VisitorTab {
  const made = (events as CacheMade[]).filter((e) => e.name === 'v8.produceCache' && e.args?.data?.producedCacheSize !== undefined);
  return {
    ...readTrace(events, variant.beacon),
    codeCacheBytes: made.reduce((sum, e) => sum + e.args!.data!.producedCacheSize!, 0),
    codeCacheMs: made.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000,
  };
}

/** `visitors` returning visitors of every variant, interleaved; each visitor's tabs in order. */
export async function returningVisitors(list: Variant[], visitors: number): Promise<Map<string, VisitorTab[][]>> {
  const web = await startLocalWeb(TAB_PAGES);
  try {
    return await interleaved(list, visitors, (variant) =>
      withPipedChromium(
        web,
        async (browser) => {
          web.use(variant);
          const tabs: VisitorTab[] = [];
          for (let tab = 0; tab < VISITOR_TABS; tab++) tabs.push(visitorTab(await tracedTab(browser, variant), variant));
          return tabs;
        },
        NO_SPARE_RENDERER,
      ),
    );
  } finally {
    await web.close();
  }
}
