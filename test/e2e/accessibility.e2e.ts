/**
 * axe-core on the survey pop-up as a visitor sees it, English and French: no violation of any
 * impact. Every demo page is checked with axe as the demo-site suite opens it (demoPages.e2e.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAxe, type Axe } from './axe';
import { startHarness, type Harness } from './harness';

describe('accessibility (axe-core)', () => {
  let h: Harness;
  let axe: Axe;
  beforeAll(async () => {
    h = await startHarness();
    axe = await startAxe();
  });
  afterAll(async () => {
    await h?.close();
    axe?.close();
  });

  it.each([
    ['/en/services/jobs/training.html?im_scope=theme&im_nocookiecheck=1', 'Help us improve the jobs pages'],
    ['/fr/services/emplois/formation.html?im_scope=theme&im_nocookiecheck=1', 'Aidez-nous à améliorer les pages sur les emplois'],
  ])('the survey pop-up on %s has no violation', async (path, title) => {
    const { page, errors } = await h.open(path);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await axe.violations(page, '[role="dialog"]')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
