/**
 * The kept tab of the harness (./reusableTab.ts) against what it stands in for, a fresh browser
 * context: the next test finds nothing the last one left, and no beacon of the last page reaches
 * its collector. And the worker's Chromium as the harness launches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the kept tab between tests', () => {
  it('keeps no storage, cookie, route, init script, listener, offline switch or queued beacon of the test before', async () => {
    const heard: string[] = [];
    const first = await h.open('/en/services/demo.html', {
      before: async (page, context) => {
        // The collector is down for this page: its page view waits in the tag's stored queue.
        await page.route('**/b/ss/**', (route) => route.abort());
        await context.addInitScript(() => Object.assign(window, { leftOver: true }));
        page.on('console', (message) => heard.push(message.text()));
      },
    });
    await first.context.setOffline(true);
    await expect
      .poll(() => first.page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('tag-beacon-queue'))), { timeout: 5000 })
      .toBe(true);
    await first.page.evaluate(() => {
      sessionStorage.setItem('leftOver', '1');
      document.cookie = 'leftOver=1; path=/';
      // What a page sends as it is left, as the tag does with the beacons it has not built yet.
      addEventListener('pagehide', () => navigator.sendBeacon('/b/ss/canadadev/1/JS-2.27.0/s1?AQB=1&pageName=left&AQE=1'));
    });

    const second = await h.open('/fr/services/demo.html');
    expect(second.page).toBe(first.page);
    await h.server.beacons.waitFor(isPageView, 5000);
    await sleep(1000);
    expect(h.server.beacons.list().map((beacon) => beaconParam(beacon, 'g'))).toEqual([`${h.origin}/fr/services/demo.html`]);
    expect(
      await second.page.evaluate(() => [
        Object.keys(localStorage).some((key) => key.startsWith('tag-beacon-queue')),
        sessionStorage.getItem('leftOver'),
        document.cookie.includes('leftOver'),
        'leftOver' in window,
      ]),
    ).toEqual([false, null, false, false]);
    const now: string[] = [];
    second.page.on('console', (message) => now.push(message.text()));
    await second.page.evaluate(() => console.log('second test'));
    await expect.poll(() => now.includes('second test')).toBe(true);
    expect(heard).not.toContain('second test');
  });

  it('starts a fresh context after a change a reset cannot undo', async () => {
    const first = await h.open('/en/services/demo.html');
    await first.page.setViewportSize({ width: 400, height: 800 });
    const second = await h.open('/en/services/demo.html');
    expect(second.context).not.toBe(first.context);
    expect(second.page.viewportSize()).toEqual({ width: 1280, height: 720 });
  });
});

describe('the worker’s Chromium', () => {
  it('keeps every feature Playwright turns off, and runs no WebUI for the address bar', async () => {
    const { page } = await h.open('/');
    await page.goto('chrome://version');
    const switches = ((await page.textContent('#command_line')) ?? '').match(/--disable-features=\S+/g) ?? [];
    const features = (flag: string) => flag.slice('--disable-features='.length).split(',');
    // Chromium keeps the last one; Playwright's own comes first.
    const kept = features(switches[switches.length - 1] ?? '');
    expect(switches.length).toBe(2);
    expect(kept).toEqual(expect.arrayContaining(features(switches[0]!)));
    expect(kept).toEqual(expect.arrayContaining(['WebUIOmniboxPopup']));
    const cdp = await h.browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    expect(targetInfos.filter((target) => target.url.includes('omnibox'))).toEqual([]);
  });
});
