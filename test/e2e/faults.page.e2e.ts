/**
 * Fault injection, part 3: the host page is the hostile one (issue 7). It pushes values that
 * throw or loop, throws its own errors, replaces built-ins carelessly, includes the tag twice,
 * runs under a strict Content Security Policy, and carries hostile strings. Each case: no error
 * of the tag reaches the page, the page stays usable, the expected beacons arrive, and none
 * carries the personal information the page holds.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { expectUnharmed, expectWellFormed, faultPage, openWithProbes, PII_TEXT, PLANTED, pev2, serve, violations } from './faultKit';
import { sleep, startHarness, type Harness } from './harness';

const PATH = '/en/services/faults-page-e2e.html';
const isCustomClick = (b: Beacon) => pev2(b) === 'Custom Click';
/** The host page's own errors carry this marker; only they may reach the page. */
const HOST = /HOST-PAGE/;

describe('fault injection: the host page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = (html: string, init?: string, query = '') =>
    openWithProbes(h, `${PATH}${query}`, {
      before: async (page) => {
        if (init) await page.addInitScript(init);
        await serve(page, PATH, html);
      },
    });

  /** The page view arrives, then a click on the tracked button does: the tag is still at work. */
  async function expectStillTracking(page: Page): Promise<void> {
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(view, 'pageName')).toMatch(/^Fault test \[REDACTED\/CAVIARDÉ\]/);
    await page.click('#custom');
    await h.server.beacons.waitFor(isCustomClick, 5000);
  }

  it('data-layer pushes with throwing getters and cyclic objects, before and after the tag, and a direct call with them', async () => {
    const hostile = `window.__hostile = () => {
      const cyclic = { event: 'customclick', userEvent: { text: 'Cyclic ${PII_TEXT}' } };
      cyclic.self = cyclic; cyclic.userEvent.parent = cyclic;
      const throwing = { event: 'download', get userEvent() { throw new Error('a getter of the page'); } };
      const throwingText = { event: 'customclick', userEvent: { get text() { throw new Error('a getter of the page'); } } };
      const proxy = new Proxy({}, { get() { throw new Error('a proxy of the page'); }, ownKeys() { throw new Error('a proxy of the page'); } });
      return [cyclic, throwing, throwingText, proxy, { event: proxy }];
    };`;
    const html = faultPage({
      head: `<script>${hostile}; window.adobeDataLayer = []; for (const item of __hostile()) adobeDataLayer.push(item);</script>`,
    });
    const opened = await open(html);
    await expectStillTracking(opened.page);
    await opened.page.evaluate(() => {
      const w = window as unknown as { __hostile: () => unknown[]; adobeDataLayer: unknown[]; _satellite: { track(id: string, detail?: unknown): void } };
      for (const item of w.__hostile()) w.adobeDataLayer.push(item);
      for (const item of w.__hostile()) w._satellite.track('CUSTOM_TRACK', item);
      w._satellite.track('CUSTOM_PAGE_LOAD', w.__hostile()[3]);
      w.adobeDataLayer.push({ event: 'customclick', userEvent: { text: 'After the hostile ones' } });
    });
    // The engine still runs rules: a well-formed push after the hostile ones is tracked.
    await h.server.beacons.waitFor((b) => beaconParam(b, 'v50') === 'After the hostile ones', 5000);
    await expectUnharmed(h, opened);
  });

  it("the page's own errors and unhandled rejections, before and after the tag, with its own onerror", async () => {
    const before = `<script>
      window.onerror = function () { window.__pageErrors = (window.__pageErrors || 0) + 1; return false; };
      window.addEventListener('unhandledrejection', function () { window.__pageRejections = (window.__pageRejections || 0) + 1; });
      setTimeout(function () { throw new Error('HOST-PAGE error before the tag'); });
      Promise.reject(new Error('HOST-PAGE rejection before the tag'));
    </script>`;
    const after = `<script src="/dist/tag.js"></script><script>
      setTimeout(function () { throw new Error('HOST-PAGE error after the tag'); });
      Promise.reject(new Error('HOST-PAGE rejection after the tag'));
      document.getElementById('custom').addEventListener('click', function () { throw new Error('HOST-PAGE error in a click handler'); });
    </script>`;
    const opened = await open(faultPage({ head: before, tag: after }));
    await expectStillTracking(opened.page);
    await sleep(300);
    const counts = await opened.page.evaluate(() => [
      (window as unknown as { __pageErrors: number }).__pageErrors,
      (window as unknown as { __pageRejections: number }).__pageRejections,
    ]);
    // The page's handlers saw exactly its own: three errors, two rejections; none of the tag's.
    expect(counts).toEqual([3, 2]);
    expect(opened.errors.filter((e) => HOST.test(e))).toHaveLength(5);
    await expectUnharmed(h, opened, HOST);
  });

  it.each([
    [
      'Array.prototype.map, forEach and push (no thisArg, push returns nothing, an enumerable helper)',
      `(() => {
        Array.prototype.forEach = function (fn) { for (var i = 0; i < this.length; i++) fn(this[i], i, this); };
        Array.prototype.map = function (fn) { var out = []; for (var i = 0; i < this.length; i++) out[out.length] = fn(this[i], i, this); return out; };
        var push = Array.prototype.push;
        Array.prototype.push = function () { push.apply(this, arguments); };
        Array.prototype.last = function () { return this[this.length - 1]; };
        Object.prototype.extend = function () { return this; };
      })();`,
    ],
    ['JSON.stringify (Prototype.js: arrays turn themselves into strings)', `Array.prototype.toJSON = function () { return JSON.stringify(this.slice()); };`],
    [
      'JSON.stringify and JSON.parse wrapped without their extra arguments',
      `(() => { const s = JSON.stringify, p = JSON.parse; JSON.stringify = function (v) { return s(v); }; JSON.parse = function (t) { return p(t); }; })();`,
    ],
    [
      'Object.assign (a polyfill that copies only own string keys)',
      `Object.assign = function (target) { for (var i = 1; i < arguments.length; i++) { var s = arguments[i]; if (s) for (var k in s) if (Object.prototype.hasOwnProperty.call(s, k)) target[k] = s[k]; } return target; };`,
    ],
    [
      'Promise (an old polyfill without finally, allSettled or any)',
      `(() => { const Native = Promise; class Old extends Native {} Object.defineProperty(Old.prototype, 'finally', { value: undefined }); Old.allSettled = undefined; Old.any = undefined; window.Promise = Old; })();`,
    ],
    ['fetch (a wrapper that drops the request options)', `(() => { const f = window.fetch; window.fetch = function (url) { return f(url); }; })();`],
    ['fetch (removed)', `delete window.fetch; window.fetch = undefined;`],
    [
      'navigator.sendBeacon (a wrapper that loses its receiver and throws Illegal invocation)',
      `(() => { const b = navigator.sendBeacon; navigator.sendBeacon = function (url, data) { return b(url, data); }; })();`,
    ],
    ['navigator.sendBeacon (removed)', `navigator.sendBeacon = undefined;`],
  ])('the page replaces %s: the tag keeps working', async (_, init) => {
    const opened = await open(faultPage(), init);
    await expectStillTracking(opened.page);
    await sleep(500);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(h.server.beacons.list().filter(isCustomClick)).toHaveLength(1);
    await expectUnharmed(h, opened);
  });

  it('the tag included twice: one set of beacons, the scrubber lent by the first copy kept, and the log line about it under ?logdtm=true', async () => {
    const lent = "globalThis[Object.getOwnPropertySymbols(globalThis).find((key) => key.description.startsWith('canada.ca tag lent'))]";
    const opened = await open(
      faultPage({ tag: `<script src="/dist/tag.js"></script><script>window.firstLent = ${lent}</script><script src="/dist/tag.js?again"></script>` }),
      undefined,
      '?logdtm=true',
    );
    // Another build's copy would lend a list whose entries are elsewhere.
    expect(await opened.page.evaluate(`Array.isArray(window.firstLent) && window.firstLent === ${lent}`)).toBe(true);
    await expectStillTracking(opened.page);
    await sleep(1000);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(h.server.beacons.list().filter(isCustomClick)).toHaveLength(1);
    expect(opened.console).toContain('warning: [tag] The tag is included twice on this page; the second copy does nothing.');
    await expectUnharmed(h, opened);
  });

  it('under ?logdtm=true with tag-debug.js unavailable (404): the log lines still come, by message number with their values, and tracking goes on', async () => {
    const opened = await openWithProbes(h, `${PATH}?logdtm=true`, {
      before: async (page) => {
        await serve(page, PATH, faultPage());
        await page.route('**/dist/tag-debug.js', (route) => route.fulfill({ status: 404, body: '' }));
      },
    });
    await expectStillTracking(opened.page);
    // "Rule "Custom Click" fired.", as the log shows it without its texts.
    await expect.poll(() => opened.console.filter((line) => /^log: \[tag\] \(message \d+\) Custom Click$/.test(line))).toHaveLength(1);
    expect(opened.console.filter((line) => line.includes('fired.'))).toEqual([]);
    await expectUnharmed(h, opened, /Failed to load resource: the server responded with a status of 404/);
  });

  it.each([
    ['a page without personalization', PATH, (b: Beacon) => isPageView(b)],
    ['the personalized home page', '/en.html', (b: Beacon) => (beaconParam(b, 'events') ?? '').split(',').includes('event11')],
  ])("a strict Content-Security-Policy without 'unsafe-eval' on %s: no violation from the tag", async (_, path, countsPageView) => {
    const nonce = 'c3RyaWN0LWNzcC1ub25jZQ';
    const policy = `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`;
    const withNonce = (html: string) => html.replace(/<(script|style)\b/g, `<$1 nonce="${nonce}"`);
    const opened = await openWithProbes(h, path, {
      before: (page) =>
        // The page with the policy header and the nonce on its own script and style elements.
        page.route(`**${path}`, async (route) => {
          if (path === PATH)
            return route.fulfill({ contentType: 'text/html; charset=utf-8', body: withNonce(faultPage()), headers: { 'content-security-policy': policy } });
          const response = await route.fetch();
          await route.fulfill({ response, body: withNonce(await response.text()), headers: { ...response.headers(), 'content-security-policy': policy } });
        }),
    });
    await h.server.beacons.waitFor(countsPageView, 5000);
    if (path === PATH) {
      await opened.page.click('#custom');
      await h.server.beacons.waitFor(isCustomClick, 5000);
    }
    await sleep(1500);
    expect(await violations(opened.page)).toEqual([]);
    await expectUnharmed(h, opened);
  });

  it('hostile strings and 10^5 characters in the title and the link text, hostile strings in the address: beacons well-formed, decodable, capped, without personal information', async () => {
    const hostile = `\u0000\u0007\u001b[31m\t\r\n\u200f\u202e\u2066 مرحبا \u2069\u200d 👩‍👩‍👧‍👦 🇨🇦 \ud800 lone \udfff`;
    // 10^5 characters of title: the page name is cut to 100, so the page view still fits a beacon.
    const title = `Fault test ${PII_TEXT} ${hostile} ${'Ω'.repeat(100_000)}`;
    const linkText = `${hostile} ${PII_TEXT} ${'x'.repeat(100_000)}`;
    // encodeURIComponent refuses lone surrogates; in an address they arrive as invalid UTF-8 escapes.
    const inUrl = `${encodeURIComponent(hostile.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80%FF%C0`;
    const query = `?q=${inUrl}%20${encodeURIComponent(PLANTED.email)}&x=${'%E2%80%AE'.repeat(500)}#${inUrl}`;
    const html = faultPage({
      // UTF-8 markup cannot carry a lone surrogate: a script of the page puts them in.
      head: `<script>document.title += ' \\ud800 lone \\udfff'; addEventListener('DOMContentLoaded', () => document.getElementById('hostile-link').append(' \\udbff'));</script>`,
      title: title.replace(/[\u0000-\u001f]/g, (c) => `&#${c.charCodeAt(0) === 0 ? 65533 : c.charCodeAt(0)};`),
      main: `<p><a id="hostile-link" href="#${inUrl}" data-gc-analytics-customclick>${linkText}</a></p>`,
    });
    const opened = await open(html, undefined, query);
    // The title the page really has: control characters, marks, emoji and a lone surrogate.
    expect(await opened.page.evaluate(() => document.title)).toContain('\ud800 lone');
    expect(await opened.page.locator('#hostile-link').evaluate((a) => a.textContent!.length)).toBeGreaterThan(100_000);
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(view, 'pageName')).toMatch(/^Fault test \[REDACTED\/CAVIARDÉ\]/);
    await opened.page.click('#hostile-link');
    await h.server.beacons.waitFor(isCustomClick, 5000);
    await sleep(500);
    for (const beacon of h.server.beacons.list()) expectWellFormed(beacon);
    await expectUnharmed(h, opened);
  });
});
