import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

/** The shared sample, on this host, with the passport page survey certain to be drawn. */
const surveyFile = readFileSync('/work/shared/fixtures/im.xml', 'utf8')
  .replace('<tbl_url_whitelist><url>www.canada.ca</url></tbl_url_whitelist>', '<tbl_url_whitelist><url>127.0.0.1</url></tbl_url_whitelist>')
  .replace('<probability>0.5</probability>', '<probability>1</probability>');

function page(language: 'en' | 'fr'): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Passports - Canada.ca</title>
<meta name="dcterms.language" content="${language === 'en' ? 'eng' : 'fra'}"></head>
<body><main><h1>Passports</h1><button id="before">A button on the page</button></main><script src="/dist/tag.js"></script></body></html>`;
}

const paths = {
  en: '/en/immigration-refugees-citizenship/services/canadian-passports.html',
  fr: '/fr/immigration-refugies-citoyennete/services/passeports-canadiens.html',
};

async function serve(p: Page, language: 'en' | 'fr', file: string | null) {
  await p.route(`**${paths[language]}*`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: page(language) }));
  await p.route('**/content/dam/canada/json/im.xml', (route) =>
    file === null ? route.fulfill({ status: 500, body: 'down' }) : route.fulfill({ contentType: 'application/xml', body: file }),
  );
}

describe('the survey invitation in a real browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['en', 'Was this page helpful?', 'No'],
    ['fr', 'Cette page vous a-t-elle été utile?', 'Non'],
  ] as const)('offers the page-scope survey on the %s page, in its language, and closes with Escape', async (language, title, no) => {
    const opened = await h.open(`${paths[language]}?im_scope=page&im_nocookiecheck=1`, { before: (p) => serve(p, language, surveyFile) });
    const dialog = opened.page.getByRole('dialog', { name: title });
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => opened.page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    expect(await dialog.getByRole('button', { name: no, exact: true }).isVisible()).toBe(true);
    const impression = await h.server.beacons.waitFor((b) => beaconParam(b, 'pev2') === 'Pop-up Impression', 5000);
    expect(impression).toBeTruthy();

    await opened.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 1000 });
    await expect.poll(() => opened.page.locator('[role="dialog"]').count(), { timeout: 3000 }).toBe(0);
    expect(await opened.page.evaluate(() => localStorage.getItem('lastDateIMShown'))).toMatch(/^\d+$/);
    expect(opened.errors).toEqual([]);
  });

  it('reads the file with tag-survey-file.js alone when no survey is for this page: the React pop-up is never downloaded', async () => {
    const noSurveyHere = surveyFile.replace(/<qry_active_surveys>[\s\S]*?<\/qry_active_surveys>/, '<qry_active_surveys><id>0</id></qry_active_surveys>');
    const opened = await h.open(`${paths.en}?im_scope=page&im_nocookiecheck=1`, { before: (p) => serve(p, 'en', noSurveyHere) });
    await h.server.beacons.waitFor(isPageView, 5000);
    const scripts = () =>
      opened.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith('/dist/')),
      );
    await expect.poll(scripts, { timeout: 5000 }).toContain('/dist/tag-survey-file.js');
    await sleep(1000);
    expect(await scripts()).not.toContain('/dist/tag-survey.js');
    expect(await opened.page.evaluate(() => sessionStorage.getItem('im-settings'))).toContain('"activeIds":["0"]');
    expect(opened.errors).toEqual([]);
  });

  it.each([
    ['truncated', surveyFile.slice(0, 900)],
    ['empty', ''],
    [
      'an entity bomb',
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY b${i} "${(i ? `&b${i - 1};` : '&a;').repeat(10)}">`).join('')}]><root><settings><Site>&b7;</Site></settings></root>`,
    ],
    ['a server error', null],
  ])('leaves the page working and tracked when im.xml is %s', async (_, file) => {
    const opened = await h.open(`${paths.en}?im_scope=page&im_nocookiecheck=1`, { before: (p) => serve(p, 'en', file) });
    const view = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(view, 'pageName')).toBe('Passports');
    await sleep(2000);
    expect(await opened.page.locator('[role="dialog"]').count()).toBe(0);
    await opened.page.click('#before');
    expect(opened.errors.filter((e) => !e.includes('500 (Internal Server Error)'))).toEqual([]);
  });
});
