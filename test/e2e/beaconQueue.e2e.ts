import { readFileSync } from 'node:fs';
import { DEVELOPMENT_BUILD } from '../../scripts/buildFolders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

/** Every page's persisted queue (`tag-beacon-queue.{page}`), as stored. */
const queueText = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tag-beacon-queue'))
      .map((key) => localStorage.getItem(key))
      .join('\n'),
  );

describe('undelivered beacons in a real browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps a beacon the collector did not take and delivers it, in order, on the next page', async () => {
    const opened = await h.open('/en/services/demo.html', {
      before: (p) => p.route('**/b/ss/**', (route) => route.abort('connectionrefused')),
    });
    await expect.poll(() => queueText(opened.page), { timeout: 5000 }).toContain('pageName');
    expect(h.server.beacons.list()).toEqual([]);

    await opened.page.unroute('**/b/ss/**');
    await opened.page.goto(`${h.origin}/fr/services/demo.html`);
    await expect.poll(() => h.server.beacons.list().filter(isPageView).length, { timeout: 5000 }).toBe(2);
    await sleep(1000);
    const pages = h.server.beacons
      .list()
      .filter(isPageView)
      .map((b) => beaconParam(b, 'g'));
    expect(pages).toEqual([`${h.origin}/en/services/demo.html`, `${h.origin}/fr/services/demo.html`]);
    expect(await queueText(opened.page)).toBe('');
    expect(opened.errors.filter((e) => !e.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  });

  it('queues a page view made offline and sends it when the browser is back online', async () => {
    const tag = readFileSync(new URL(`../../${DEVELOPMENT_BUILD}/tag.js`, import.meta.url));
    // The tag's request is held until the browser is offline, so the page view happens offline.
    let release: (() => void) | undefined;
    const opened = await h.open('/en/services/demo.html', {
      waitUntil: 'commit',
      before: (p) =>
        p.route('**/dist/tag.js', (route) => {
          release = () => void route.fulfill({ contentType: 'text/javascript', body: tag });
        }),
    });
    await expect.poll(() => release !== undefined, { timeout: 5000 }).toBe(true);
    await opened.context.setOffline(true);
    release!();
    await expect.poll(() => queueText(opened.page), { timeout: 5000 }).toContain('pageName');
    await sleep(500);
    expect(h.server.beacons.list()).toEqual([]);

    await opened.context.setOffline(false);
    const beacon = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(beacon, 'g')).toBe(`${h.origin}/en/services/demo.html`);
    await sleep(1000);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    // The browser's own note about a file the page asked for while offline (an on-demand file, when
    // the machine is slow enough for the page to ask before going back online) is no page error.
    expect(opened.errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });
});
