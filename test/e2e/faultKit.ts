/**
 * Shared checks of the fault-injection suite (faults*.e2e.ts). Every case ends with the same four
 * promises to the site owner: nothing the tag does reaches the page as an error, the page stays
 * usable, the expected beacons arrive, and none of them carries the personal information planted
 * in the page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { beaconParam, type Beacon } from '../../demo/server';
import { containsPersonalInfo } from '../../src/privacy/redact';
import type { Harness, OpenedPage, OpenOptions } from './harness';

/** Personal information planted in titles, link text and data-layer values, one of each kind the scrubber knows. */
export const PLANTED = {
  email: 'jane.doe@example.com',
  postalCode: 'K1A 0B1',
  phone: '613-555-0199',
  sin: '046 454 286',
  passport: 'AB123456',
} as const;

/** All of it in one run of text, as a visitor might type it into a form that ends up in a title. */
export const PII_TEXT = Object.values(PLANTED).join(', ');

/** Forms the planted values take once in a URL or a beacon (percent-encoded, spaces as + or %20). */
const plantedForms = Object.values(PLANTED).flatMap((value) => [
  value,
  encodeURIComponent(value),
  encodeURIComponent(value).replace(/%20/g, '+'),
  value.replace(/ /g, ''),
]);

/**
 * Every recorded beacon: no parameter value, decoded, is personal information by the tag's own
 * patterns, and neither the decoded values nor the raw query carries a planted value in any form.
 */
export function expectNoPersonalInfo(beacons: Beacon[]): void {
  for (const beacon of beacons) {
    for (const [param, value] of beacon.params) {
      expect(containsPersonalInfo(value), `${param}=${value.slice(0, 200)} is personal information`).toBe(false);
    }
    const decoded = beacon.params.map(([, value]) => value).join('\n');
    for (const form of plantedForms) {
      expect(decoded, `a beacon carries ${form}`).not.toContain(form);
      expect(beacon.query, `a beacon carries ${form}`).not.toContain(form);
    }
  }
}

/**
 * Adobe's lengths: g (its rest goes in -g), r and eVars 255, props and names 100, in UTF-8 bytes
 * for text (so at most that many characters); the link URL is sent whole, without its query.
 */
const CAPS: Array<[RegExp, number]> = [
  [/^(g|r|v\d+)$/, 255],
  [/^(c\d+|pageName|pev2|ch|server)$/, 100],
];

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A beacon any Adobe debugger decodes: AQB=1 first and AQE=1 last, every pair `key=value` with
 * a valid percent-encoding, no lone surrogate in a value, and the capped parameters within
 * their caps.
 */
export function expectWellFormed(beacon: Beacon): void {
  const pairs = beacon.query.split('&');
  expect(pairs[0]).toBe('AQB=1');
  expect(pairs.at(-1)).toBe('AQE=1');
  for (const pair of pairs) {
    expect(pair, 'a key=value pair').toMatch(/^-?[A-Za-z0-9.]+=[^=&]*$/);
    expect(() => decodeURIComponent(pair), `${pair.slice(0, 100)} decodes`).not.toThrow();
  }
  for (const [param, value] of beacon.params) {
    expect(LONE_SURROGATE.test(value), `${param} has no lone surrogate`).toBe(false);
    for (const [pattern, cap] of CAPS) if (pattern.test(param)) expect(value.length, `${param} is capped`).toBeLessThanOrEqual(cap);
    if (param === 'pev1') expect(value, 'the link URL has no query string').not.toContain('?');
  }
}

/** Adds a button the page owns, which counts its clicks, and records CSP violations; before navigation. */
const pageProbes = `(() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, sample: e.sample }));
  const add = () => {
    if (document.getElementById('fault-probe')) return;
    const button = document.createElement('button');
    button.id = 'fault-probe';
    button.type = 'button';
    button.textContent = 'Probe';
    button.dataset.clicks = '0';
    button.onclick = () => { button.dataset.clicks = String(Number(button.dataset.clicks) + 1); };
    document.body.appendChild(button);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add); else add();
})();`;

/** `h.open` with the probe button and the violation recorder installed first. */
export function openWithProbes(h: Harness, path: string, options: OpenOptions = {}): Promise<OpenedPage> {
  return h.open(path, {
    ...options,
    before: async (page: Page, context: BrowserContext) => {
      await page.addInitScript(pageProbes);
      await options.before?.(page, context);
    },
  });
}

/**
 * The page is usable: its body is shown (opacity 1, visible), its own button still reacts to a
 * click, and its text can be selected.
 */
export async function expectUsable(page: Page): Promise<void> {
  expect(await page.evaluate(() => getComputedStyle(document.body).opacity)).toBe('1');
  expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe('visible');
  const probe = page.locator('#fault-probe');
  const before = Number(await probe.getAttribute('data-clicks'));
  await probe.click({ timeout: 3000 });
  expect(Number(await probe.getAttribute('data-clicks'))).toBe(before + 1);
  const selected = await page.evaluate(() => {
    const heading = document.querySelector('h1') ?? document.body;
    getSelection()!.selectAllChildren(heading);
    return getSelection()!.toString();
  });
  expect(selected.trim().length).toBeGreaterThan(0);
}

/** Chromium's own console line for an HTTP error or an aborted request: the network's, not the tag's. */
export const isNetworkNoise = (message: string): boolean => /console\.error: Failed to load resource/.test(message);

/** Page errors and console errors, less the network's own lines and those the test itself causes. */
export function tagErrors(opened: OpenedPage, ...expected: RegExp[]): string[] {
  return opened.errors.filter((message) => !isNetworkNoise(message) && !expected.some((pattern) => pattern.test(message)));
}

/** The CSP violations the page recorded. */
export function violations(page: Page): Promise<Array<{ directive: string; blocked: string; source: string; sample: string }>> {
  return page.evaluate(
    () => (window as unknown as { __violations: Array<{ directive: string; blocked: string; source: string; sample: string }> }).__violations,
  );
}

/** The four promises, for the beacons `h.server` recorded and the page as it is now. */
export async function expectUnharmed(h: Harness, opened: OpenedPage, ...expectedErrors: RegExp[]): Promise<void> {
  expect(tagErrors(opened, ...expectedErrors)).toEqual([]);
  await expectUsable(opened.page);
  const beacons = h.server.beacons.list();
  for (const beacon of beacons) expectWellFormed(beacon);
  expectNoPersonalInfo(beacons);
}

/** A Canada.ca-style page with personal information in its title and a few tracked controls. */
export function faultPage(options: { title?: string; head?: string; main?: string; tag?: string; lang?: 'en' | 'fr' } = {}): string {
  const lang = options.lang ?? 'en';
  const title = options.title ?? `Fault test ${PII_TEXT}`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>${title} - Canada.ca</title><meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}">${options.head ?? ''}</head>
<body><main><h1>Fault test</h1><p>Some text on the page.</p>
<button type="button" id="custom" data-gc-analytics-customclick="Custom ${PII_TEXT}">A tracked button</button>
${options.main ?? ''}</main>${options.tag ?? '<script src="/dist/tag.js"></script>'}</body></html>`;
}

/** Serves `html` at `path` (and its query variants) on the page. */
export async function serve(page: Page, path: string, html: string, headers: Record<string, string> = {}): Promise<void> {
  await page.route(`**${path}*`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html, headers }));
}

export const pev2 = (beacon: Beacon): string | undefined => beaconParam(beacon, 'pev2');
