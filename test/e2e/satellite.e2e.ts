import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageView } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

/** The stub exactly as the README tells site owners to paste it. */
function readmeStub(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Calling `_satellite` before the tag loads')[1] ?? '';
  const snippet = /```html\n(<script>.*<\/script>)\n```/.exec(section)?.[1];
  if (!snippet) throw new Error('README has no _satellite stub snippet');
  return snippet;
}

function page(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stub test - Canada.ca</title>${head}</head>
<body><main><h1>Stub test</h1></main>${body}</body></html>`;
}

describe('window._satellite in a real browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('replays calls queued through the README stub before an async tag loaded', async () => {
    const html = page(
      `${readmeStub()}<script>_satellite.setVar('queuedValue', 'from-the-stub'); _satellite.track('no-such-rule', {a: 1}); _satellite.pageBottom();</script>`,
      '<script src="/dist/tag.js" async></script>',
    );
    const opened = await h.open('/en/services/stub-test.html', {
      before: (p) => p.route('**/en/services/stub-test.html', (route) => route.fulfill({ contentType: 'text/html', body: html })),
    });
    await h.server.beacons.waitFor(isPageView, 5000);
    const state = await opened.page.evaluate(() => {
      const s = (window as unknown as { _satellite: { getVar(n: string): unknown; buildInfo: Record<string, string>; q?: unknown } })._satellite;
      return { value: s.getVar('queuedValue'), turbine: s.buildInfo.turbineVersion, buildDate: s.buildInfo.buildDate, stubQueue: s.q };
    });
    expect(state).toEqual({ value: 'from-the-stub', turbine: '28.0.0', buildDate: expect.stringContaining('2025-09-17'), stubQueue: undefined });
    // The queued pageBottom() and the automatic one make one page view, not two.
    await sleep(1500);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(opened.errors).toEqual([]);
  });

  it('answers at once after a synchronous tag, although the engine starts in a task of its own', async () => {
    const html = page(
      '<script src="/dist/tag.js"></script><script>window.early = { title: _satellite.getVar("pageTitle"), turbine: _satellite.buildInfo.turbineVersion }; _satellite.setVar("earlyValue", "set-inline");</script>',
      '',
    );
    const opened = await h.open('/en/services/inline-calls.html', {
      before: (p) => p.route('**/en/services/inline-calls.html', (route) => route.fulfill({ contentType: 'text/html', body: html })),
    });
    await h.server.beacons.waitFor(isPageView, 5000);
    const state = await opened.page.evaluate(() => {
      const w = window as unknown as { early: unknown; _satellite: { getVar(n: string): unknown } };
      return { early: w.early, value: w._satellite.getVar('earlyValue') };
    });
    expect(state).toEqual({ early: { title: 'Stub test', turbine: '28.0.0' }, value: 'set-inline' });
    await sleep(1000);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(opened.errors).toEqual([]);
  });

  it('does nothing a second time when the tag is included twice', async () => {
    const html = page('', '<script src="/dist/tag.js"></script><script src="/dist/tag.js?again"></script>');
    const opened = await h.open('/en/services/twice.html', {
      before: (p) => p.route('**/en/services/twice.html', (route) => route.fulfill({ contentType: 'text/html', body: html })),
    });
    await h.server.beacons.waitFor(isPageView, 5000);
    await sleep(1500);
    expect(h.server.beacons.list().filter(isPageView)).toHaveLength(1);
    expect(opened.errors).toEqual([]);
  });
});
