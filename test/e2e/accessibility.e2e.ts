/**
 * axe-core (the engine of the accessibility checkers) on every page of the demo site, English and
 * French, and on the survey pop-up as a visitor sees it: no violation of any impact. The demo
 * pages follow GCWeb's markup (tabs as WET leaves them once initialized: a tablist whose items are
 * presentational), so a violation here is one in our markup or in the pop-up, not in the tag's
 * rules.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../demo/site-src/pages';
import { startHarness, type Harness } from './harness';

const AXE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

interface Violation {
  id: string;
  impact: string;
  nodes: string[];
}

/** axe's violations on the page (or within `scope`), each with the elements it names. */
async function violations(page: Page, scope?: string): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async (within) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
      }
    ).axe;
    const result = await axe.run(within ? { include: [within] } : document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }, scope);
}

describe('accessibility (axe-core)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the demo index and every demo page, in both languages, have no violation', async () => {
    const found: Array<[string, Violation[]]> = [];
    // One tab for all of them: a fresh context per page would cost more than the checks.
    const { page } = await h.open('/');
    // The personalization redirect test pages leave for the page they redirect to, checked itself.
    for (const path of ['/', ...PAGES.map((def) => def.path).filter((path) => !path.includes('redirect-test'))]) {
      await page.goto(`${h.server.url}${path}`, { waitUntil: 'load' });
      const list = await violations(page);
      if (list.length) found.push([path, list]);
    }
    expect(PAGES.length).toBeGreaterThan(40);
    expect(found).toEqual([]);
  }, 180_000);

  it.each([
    ['/en/services/jobs/training.html?im_scope=theme&im_nocookiecheck=1', 'Help us improve the jobs pages'],
    ['/fr/services/emplois/formation.html?im_scope=theme&im_nocookiecheck=1', 'Aidez-nous à améliorer les pages sur les emplois'],
  ])('the survey pop-up on %s has no violation', async (path, title) => {
    const { page, errors } = await h.open(path);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
