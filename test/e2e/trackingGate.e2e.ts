import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startHarness, type Harness, type OpenedPage } from './harness';

/** How long after load a page must stay silent. */
const quietMs = 2000;

async function expectSilent(h: Harness, opened: OpenedPage): Promise<void> {
  // The tag did load (so silence is the gate's doing, not a missing script)...
  expect(opened.tagStatus()).toBe(200);
  expect(await opened.page.evaluate(() => typeof (window as unknown as { _satellite?: unknown })._satellite)).toBe('object');
  // ...and sent nothing.
  await sleep(quietMs);
  expect(h.server.beacons.list()).toEqual([]);
  expect(opened.errors).toEqual([]);
}

describe('tracking gate', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends nothing from a host that is not on the development allowlist', async () => {
    if (!h.otherOrigin) {
      throw new Error(`The demo server could not listen on 127.0.0.2: ${h.server.warnings.join('; ')}`);
    }
    const opened = await h.open(`${h.otherOrigin}/en/services/demo.html`);
    await expectSilent(h, opened);
  });

  it('sends nothing from a path on the development path blocklist', async () => {
    const opened = await h.open('/demo/no-tracking/demo.html');
    await expectSilent(h, opened);
  });
});
