/**
 * When a page-wide offer is on screen, our tag beside Adobe's Web SDK (alloy): each gets the same
 * offer (the text of the page's `#target` link replaced) in its own wire format, from the local
 * HTTPS server (./localWeb.ts) with every answer 50 ms late, as a round trip to a CDN or an edge
 * would make it. Timed in the page from navigation start until the offer's text is in `#target`
 * and no hiding style is left (at.js's `at-body-style`, the Web SDK's `alloy-prehiding`): on a
 * tab's first page, and on its third, whose scripts come from the HTTP cache. Wall time, not CPU:
 * what a visitor waits for.
 */
import { interleaved, LATER_PAGE_URL, TAB_PAGES } from './pageCost';
import { withLocalWeb } from './localWeb';
import { json, PAGE_URL, type Variant } from './variants';

const OFFER = 'Apply for benefits: new, faster';
export const ROUND_TRIP_MS = 50;

/** Target's delivery API: a page-load option of one setHtml action. */
const TARGET_ANSWER = json({
  status: 200,
  requestId: 'bench',
  client: 'canada',
  id: { tntId: 'bench.35_0' },
  execute: { pageLoad: { options: [{ type: 'actions', content: [{ type: 'setHtml', selector: '#target', content: OFFER }] }] } },
});

/** The Edge Network's interact answer: a page-wide proposition of one dom-action item. */
const EDGE_ANSWER = json({
  requestId: 'bench',
  handle: [
    {
      type: 'personalization:decisions',
      eventIndex: 0,
      payload: [
        {
          id: 'bench-proposition',
          scope: '__view__',
          scopeDetails: { decisionProvider: 'TGT', activity: { id: '1' }, experience: { id: '0' }, strategies: [], characteristics: { eventToken: 'bench' } },
          items: [
            {
              id: 'bench-item',
              schema: 'https://ns.adobe.com/personalization/dom-action',
              data: { type: 'setHtml', format: 'application/vnd.adobe.target.dom-action', selector: '#target', content: OFFER },
            },
          ],
        },
      ],
    },
  ],
});

/**
 * Adobe's documented flicker management for the Web SDK: a style with the id alloy-prehiding in
 * the head, which the SDK removes once it has rendered, and a time-out that removes it anyway.
 */
const ALLOY_PREHIDING = `<script>(function () {
  var style = document.createElement('style');
  style.id = 'alloy-prehiding';
  style.textContent = 'body { opacity: 0 !important }';
  document.head.appendChild(style);
  setTimeout(function () { style.remove(); }, 3000);
})();</script>`;

/** Records when the offer is in #target with no hiding style left. */
const WATCH = `(function () {
  var offer = ${JSON.stringify(OFFER)};
  new MutationObserver(function (records, observer) {
    var target = document.getElementById('target');
    if (!target || target.textContent !== offer || document.getElementById('at-body-style') || document.getElementById('alloy-prehiding')) return;
    window.__offerShown = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Our tag and the Web SDK from `list`, each answering with the offer. */
export function offerVariants(list: Variant[]): Variant[] {
  const ours = list.find((v) => v.name.startsWith('our tag'))!;
  const alloy = list.find((v) => v.name.startsWith('Adobe Web SDK'))!;
  return [
    { ...ours, answers: [[/^https:\/\/[^/]+\.tt\.omtrdc\.net\//, TARGET_ANSWER], ...ours.answers] },
    { ...alloy, html: alloy.html.replace('<head>', `<head>${ALLOY_PREHIDING}`), answers: [[/^https:\/\/[^/]+\/ee\/v1\//, EDGE_ANSWER], ...alloy.answers] },
  ];
}

/** When the offer was on screen, ms from navigation start, on a tab's first page and on its third. */
export interface Shown {
  first: number;
  third: number;
}

/** `rounds` tabs of each variant, interleaved. */
export const offerShown = (variants: Variant[], rounds: number): Promise<Map<string, Shown[]>> =>
  withLocalWeb(TAB_PAGES, ROUND_TRIP_MS, (browser, web) =>
    interleaved(variants, rounds, async (variant) => {
      web.use(variant);
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: WATCH });
        const shown = async (url: string) => {
          await page.goto(url, { waitUntil: 'load' });
          const handle = await page.waitForFunction('window.__offerShown', undefined, { timeout: 10_000 });
          return Number(await handle.jsonValue());
        };
        const first = await shown(PAGE_URL);
        await shown(LATER_PAGE_URL);
        return { first, third: await shown(PAGE_URL) };
      } finally {
        await context.close();
      }
    }),
  );
