/**
 * Rule areas that only some pages need come from dist/tag-rules.js, which tag.js loads by
 * itself once the page is parsed: a page that needs none never fetches it, and a page that needs
 * one tracks that area's interactions as if the rules had been in tag.js.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam } from '../../demo/server';
import { repoRoot, startHarness, type Harness } from './harness';

function html(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Areas - Canada.ca</title>
<meta name="dcterms.title" content="Areas"><meta name="dcterms.language" content="eng"></head>
<body><main><h1>Areas</h1>${body}</main><script src="/dist/tag.js"></script></body></html>`;
}

describe('rule areas loaded on demand, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /**
   * Opens `path` with `body` as its page, every request for the rules file recorded with its query.
   * `rules`, when given, answers those requests (undefined: the server's file).
   */
  const open = async (path: string, body: string, rules?: (url: URL) => string | undefined) => {
    const requested: string[] = [];
    const opened = await h.open(path, {
      before: async (page: Page) => {
        await page.route(
          (url) => url.pathname === '/dist/tag-rules.js',
          (route) => {
            const url = new URL(route.request().url());
            requested.push(url.pathname + url.search);
            const answer = rules?.(url);
            return answer === undefined ? route.continue() : route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: answer });
          },
        );
        await page.route(
          (url) => url.pathname === path.split('?')[0],
          (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html(body) }),
        );
      },
    });
    await h.server.beacons.waitFor((b) => !beaconParam(b, 'pe'), 5000);
    return { ...opened, requested };
  };

  it('a page with no form, video, widget, block or search never fetches the rules file', async () => {
    const { page, requested, errors } = await open('/en/plain-page.html', '<p>Text and <a href="/en.html">a link</a>.</p>');
    await page.waitForTimeout(500);
    expect(requested).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('a page with a tracked form fetches it once, and the submit is tracked', async () => {
    const form =
      '<form data-gc-analytics-formname="Demo form" action="#done"><label>Name <input name="n" required value="x"></label><button>Send</button></form>';
    const { page, requested, console, errors } = await open('/en/form-page.html?logdtm=true', form);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/dist/tag-rules.js')));
    await page.waitForTimeout(200);
    await page.click('button');
    const submit = await h.server.beacons.waitFor((b) => beaconParam(b, 'pev2') === 'Form Submit', 5000);
    expect(beaconParam(submit, 'events')).toContain('event79');
    expect(requested).toHaveLength(1);
    expect(console.some((line) => line.includes('Rules added for this page: forms.'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("reads the data layer from tag.js's copies of its pushes: each push is copied once, not once more by the rules file", async () => {
    // A getter counts the copies: the search rules of tag-rules.js read the data layer at page bottom.
    const { page, errors } = await h.open('/en/news/search.html?q=employment', {
      before: (p: Page) =>
        p.addInitScript(() => {
          const w = window as unknown as { copies: number; adobeDataLayer: unknown[] };
          w.copies = 0;
          w.adobeDataLayer = [
            {
              page: {
                get category() {
                  w.copies++;
                  return 'news';
                },
              },
            },
          ];
        }),
    });
    await h.server.beacons.waitFor((b) => beaconParam(b, 'pev2') === 'Search Query', 10_000);
    expect(await page.evaluate(() => (window as unknown as { copies: number }).copies)).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a video that starts before the rules file has arrived still reports Media Play (the early event is kept and replayed)', async () => {
    const { page, errors } = await h.open('/en/services/benefits/ei/video.html', {
      waitUntil: 'domcontentloaded',
      before: (p: Page) =>
        p.route('**/dist/tag-rules.js', async (route) => {
          await new Promise((done) => setTimeout(done, 1500));
          await route.continue();
        }),
    });
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.muted = true;
      return video.play();
    });
    const play = await h.server.beacons.waitFor((b) => beaconParam(b, 'pev2') === 'Media Play', 8000);
    expect(beaconParam(play, 'events')).toContain('event82');
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  // The rules file as another build makes it: the same code, built against another list of what tag.js lends.
  const builtRules = () => readFileSync(`${repoRoot}/build/development/tag-rules.js`, 'utf8');
  const lentId = () => /canada\.ca tag lent ([\da-f]{8})/.exec(builtRules())![1]!;
  const otherBuildsRules = () => builtRules().replace(/(canada\.ca tag lent )[\da-f]{8}/g, '$10badc0de');

  const FORM = '<form data-gc-analytics-formname="Demo form" action="#done"><input name="n" value="x"><button>Send</button></form>';

  it("a rules file of another build, left in the browser's cache by a release: fetched once more at this build's own address, and its rules run", async () => {
    const id = lentId();
    // The cached copy at the file's usual address; the server's own (this build's) at any other.
    const { page, requested, console, errors } = await open('/en/form-after-release.html?logdtm=true', FORM, (url) =>
      url.search ? undefined : otherBuildsRules(),
    );
    await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/dist/tag-rules.js')).length === 2);
    await expect.poll(() => console.some((line) => line.includes('Rules added for this page: forms.'))).toBe(true);
    await page.click('button');
    await h.server.beacons.waitFor((b) => beaconParam(b, 'pev2') === 'Form Submit', 5000);
    expect(requested).toEqual(['/dist/tag-rules.js', `/dist/tag-rules.js?${id}`]);
    expect(errors).toEqual([]);
  });

  it('a rules file of another build at both addresses (this tag.js is the one left in a cache): its rules are left out, the log says why, and the page view is sent', async () => {
    const { page, requested, errors } = await open('/en/form-before-release.html?logdtm=true', FORM, () => otherBuildsRules());
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(requested).toEqual(['/dist/tag-rules.js', `/dist/tag-rules.js?${lentId()}`]);
    // The submit (a GET to the page itself, which loads it again) is not tracked.
    await page.click('button');
    await page.waitForTimeout(500);
    expect(h.server.beacons.list().some((b) => beaconParam(b, 'pev2') === 'Form Submit')).toBe(false);
    // Every error is the log's line (logdtm is on), on each page, for each time it asked for the area: nothing is thrown into the page.
    for (const error of errors)
      expect(error).toMatch(
        /^console\.error: \[tag\] The forms rules could not be loaded: Error: \S+\/dist\/tag-rules\.js\?[\da-f]{8} could not be loaded: canada\.ca tag lent 0badc0de is missing: tag\.js is of another build/,
      );
  });

  it('a rules file that cannot load costs only its rules: the page view is sent and nothing reaches the page', async () => {
    const errors: string[] = [];
    const opened = await h.open('/en/form-page-2.html', {
      before: async (page: Page) => {
        page.on('pageerror', (error) => errors.push(error.message));
        await page.route('**/dist/tag-rules.js', (route) => route.fulfill({ status: 500, body: 'down' }));
        await page.route('**/en/form-page-2.html', (route) =>
          route.fulfill({ contentType: 'text/html; charset=utf-8', body: html('<form><input name="a"></form>') }),
        );
      },
    });
    await h.server.beacons.waitFor((b) => !beaconParam(b, 'pe'), 5000);
    await opened.page.waitForTimeout(300);
    expect(errors).toEqual([]);
    expect(opened.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
