import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, startHarness, type Harness } from './harness';

/** The demo site itself renders in Chromium and serves the tag (whatever the tag then does). */
describe('demo site', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('serves the English page with its language toggle and the tag', async () => {
    const { page, tagStatus } = await h.open('/en/services/demo.html');
    expect(await page.title()).toBe('Demo page - Canada.ca');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getAttribute('meta[name="dcterms.language"]', 'content')).toBe('eng');
    expect(await page.getAttribute('#wb-lng a', 'href')).toBe('/fr/services/demo.html');
    expect(await page.textContent('h1')).toBe('Demo page');
    expect(tagStatus()).toBe(200);
    await page.screenshot({ path: join(artifactsDir, 'demo-en.png'), fullPage: true });
  });

  it('serves the French page', async () => {
    const { page, tagStatus } = await h.open('/fr/services/demo.html');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getAttribute('meta[name="dcterms.language"]', 'content')).toBe('fra');
    expect(await page.getAttribute('#wb-lng a', 'href')).toBe('/en/services/demo.html');
    expect(tagStatus()).toBe(200);
  });

  it('redirects / to the English demo page', async () => {
    const { page } = await h.open('/');
    expect(new URL(page.url()).pathname).toBe('/en/services/demo.html');
  });
});
