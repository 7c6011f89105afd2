/**
 * The demo site in Chromium, what a newcomer tries first through the real pages: the pages
 * served with their language toggle, the French values, downloads, links, forms, page details
 * and the menu, widgets, search, video, scroll, the survey pages and pop-up. Each page's status,
 * page view, twin and axe check are demoPages.e2e.ts.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageView, type Beacon } from '../../demo/server';
import { REDACTION_MARKER } from '../../src/privacy';
import { events, named, openWithoutSurvey, param } from './demoSiteKit';
import { artifactsDir, sleep, startHarness, type Harness, type OpenedPage, type OpenOptions } from './harness';

/** Clicks leave the page where it is (the tag hears them first, in the capture phase). */
const stayOnPage = (page: Page) =>
  page.evaluate(() =>
    document.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href], gcds-card')) e.preventDefault();
    }),
  );

/**
 * Opened with ?logdtm=true, waits until the rules this page needs from tag-rules.js are running
 * (loaded once the page is parsed, they may arrive after the page view): a click or a media event
 * before then is not heard (see the report: an early play loses its Media Play).
 */
const rulesReady = (opened: OpenedPage) =>
  expect.poll(() => opened.console.some((line) => line.includes('Rules added for this page')), { timeout: 10_000 }).toBe(true);

describe('demo site', () => {
  let h: Harness;
  const open = (path: string, options: OpenOptions = {}) => openWithoutSurvey(h, path, options);
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('serves the English page with its language toggle and the tag', async () => {
    const { page, tagStatus } = await open('/en/services/demo.html');
    expect(await page.title()).toBe('Demo page - Canada.ca');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getAttribute('meta[name="dcterms.language"]', 'content')).toBe('eng');
    expect(await page.getAttribute('#wb-lng a', 'href')).toBe('/fr/services/demo.html');
    expect(await page.textContent('h1')).toBe('Demo page');
    expect(tagStatus()).toBe(200);
    await page.screenshot({ path: join(artifactsDir, 'demo-en.png'), fullPage: true });
  });

  it('serves the French page', async () => {
    const { page, tagStatus } = await open('/fr/services/demo.html');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getAttribute('meta[name="dcterms.language"]', 'content')).toBe('fra');
    expect(await page.getAttribute('#wb-lng a', 'href')).toBe('/en/services/demo.html');
    expect(tagStatus()).toBe(200);
  });

  it('the French values of a French theme page', async () => {
    await open('/fr/services/prestations/ae.html');
    const view = await h.server.beacons.waitFor(isPageView, 10_000);
    expect(param(view, 'pageName')).toBe('Assurance-emploi (AE)');
    expect(param(view, 'v3')).toBe('fr');
    expect(param(view, 'v4')).toBe('Emploi et Développement social Canada');
    expect(param(view, 'v5')).toBe('prestations');
    expect(param(view, 'v23')).toBe('/fr/services/prestations/');
    expect(param(view, 'c10')).toBe('Public');
    expect(param(view, 'v25')).toBe('Prestations;Assurance-emploi');
  });

  it.each([
    ['/en/info-share/dashboard.html', 'MP Service Portal', 'Authenticated'],
    ['/fr/partage-info/tableau-de-bord.html', 'Portail de services des députés', 'Authentifié'],
  ])('%s is the authenticated MP portal', async (path, app, label) => {
    await open(path);
    const view = await h.server.beacons.waitFor(isPageView, 10_000);
    expect(param(view, 'v11')).toBe(app);
    expect(param(view, 'v10')).toBe('1');
    expect(param(view, 'c10')).toBe(label);
  });

  it('a news release keeps its page type; an index page has no theme (the default text), a theme page has one', async () => {
    await open('/en/news/2025/09/demo-news-release.html');
    expect(param(await h.server.beacons.waitFor(isPageView, 10_000), 'v9')).toBe('news releases');
    await open('/en/services/benefits.html');
    expect(param(await h.server.beacons.waitFor(isPageView, 10_000), 'v5')).toBe('N/A');
    await open('/en/services/jobs/training.html');
    expect(param(await h.server.beacons.waitFor(isPageView, 10_000), 'v5')).toBe('jobs');
  });

  it('a download link click sends the download beacon', async () => {
    const { page } = await open('/en/services/benefits/ei.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    await stayOnPage(page);
    await page.click('text=EI demo guide (PDF, 1 KB)');
    const download = await h.server.beacons.waitFor((b) => (param(b, 'pev2') ?? '').startsWith('Download Link - '), 10_000);
    expect(param(download, 'pe')).toBe('lnk_d');
    expect(param(download, 'pev2')).toBe(`Download Link - ${h.origin}/content/dam/demo/demo-guide.pdf`);
    expect(param(download, 'v52')).toBe('pdf');
    expect(events(download)).toEqual(expect.arrayContaining(['event41', 'event500']));
  });

  it('the links of the EI page: outbound, cross-domain, e-mail, telephone, anchor, custom click, card, share, follow, exempt', async () => {
    const opened = await open('/en/services/benefits/ei.html?logdtm=true');
    const { page, errors } = opened;
    await rulesReady(opened);
    await stayOnPage(page);
    const expectations: Array<[string, string, (b: Beacon) => void]> = [
      ['text=W3C Web Accessibility Initiative', 'Outbound Link', (b) => expect(param(b, 'pe')).toBe('lnk_e')],
      ['text=Service Canada', 'Non-outbound cross domain click', (b) => expect(param(b, 'v51')).toBe('https://www.servicecanada.gc.ca/')],
      ['a[href="mailto:ei-ae@servicecanada.gc.ca"]', 'Email Link', (b) => expect(param(b, 'v51')).toContain('@servicecanada.gc.ca')],
      ['a[href="mailto:employer@example.com"]', 'Email Link', (b) => expect(param(b, 'v50')).toBe('non-gc email')],
      ['a[href^="tel:"]', 'Telephone Link', (b) => expect(param(b, 'v50')).not.toContain('206')],
      ['text=go to the cards below', 'Anchor Link Click', (b) => expect(param(b, 'v50')).toBe('go to the cards below')],
      ['text=Print this page', 'Custom Click', (b) => expect(param(b, 'v50')).toBe('EI page: print button')],
      ['text=Job Bank', 'GCDS Card Click', (b) => expect(param(b, 'v50')).toBe('Job Bank')],
      ['.shr-pg >> text=Facebook', 'Share - link', (b) => expect(param(b, 'v55')).toBe('Facebook')],
      ['.gc-followus >> text=YouTube', 'Follow - link', (b) => expect(param(b, 'v50')).toBe('YouTube')],
    ];
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    for (const [selector, name, check] of expectations) {
      h.server.beacons.clear();
      await page.click(selector);
      check(await h.server.beacons.waitFor(named(name), 10_000));
    }
    h.server.beacons.clear();
    await page.click('text=A link marked data-analytics-exempt');
    await sleep(500);
    expect(h.server.beacons.list()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('forms: an incomplete submit sends nothing, reset and a complete submit are reported (an attached file as checked, never by its name; a first name and a birth date, named so, as the marker), and the keyword consultation', async () => {
    const opened = await open('/en/services/benefits/ei/apply.html?logdtm=true');
    const { page, errors } = opened;
    await rulesReady(opened);
    await page.selectOption('#apply-province', 'on');
    await page.click('text=Submit application');
    await page.waitForSelector('#apply-errors', { state: 'visible' });
    await sleep(500);
    expect(h.server.beacons.list().filter(named('Form Submit'))).toEqual([]);

    await page.click('text=Clear the form');
    const reset = await h.server.beacons.waitFor(named('Form Reset'), 10_000);
    expect(param(reset, 'v57')).toBe('EI application (demo)');

    await page.selectOption('#apply-province', 'on');
    await page.check('input[value="shortage of work"]');
    await page.fill('#apply-weeks', '12');
    // A first name and a birth date alone, which no pattern can tell: their fields' names say what they are.
    await page.fill('#apply-firstname', 'Gwendolyn');
    await page.fill('#apply-dob', '1985-03-12');
    await page.fill('#apply-email', 'jane.doe@example.com');
    await page.check('input[name=direct-deposit]');
    await page.setInputFiles('#apply-record', { name: 'Jean Tremblay - ROE 2025.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await page.click('text=Submit application');
    const submit = await h.server.beacons.waitFor(named('Form Submit'), 10_000);
    expect(param(submit, 'v57')).toBe('EI application (demo)');
    expect(param(submit, 'v58')).toBe(`Ontario;shortage of work;12;${REDACTION_MARKER};${REDACTION_MARKER};checked;checked`);
    expect(events(submit)).toContain('event79');
    expect(JSON.stringify(h.server.beacons.list())).not.toMatch(/jane\.doe|Tremblay|fakepath|Gwendolyn|1985-03-12/i);
    await page.waitForSelector('#apply-done', { state: 'visible' });

    await page.fill('#keyword', 'parental leave');
    await page.click('#keyword-form button');
    const keyword = await h.server.beacons.waitFor(named('Keyword Consultation'), 10_000);
    expect(param(keyword, 'v57')).toBe('EI keyword consultation');
    expect(param(keyword, 'v58')).toBe('parental leave');

    await page.click('.wb-chtwzrd-link');
    await h.server.beacons.waitFor(named('Chat Initiate'), 10_000);
    await page.waitForSelector('#wb-chtwzrd-panel', { state: 'visible' });
    expect(errors).toEqual([]);
  });

  it('page details and the menu: report a problem, the page feedback tool, the menu button', async () => {
    const opened = await open('/en/services/jobs.html?logdtm=true');
    const { page, errors } = opened;
    const rulesFile = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/dist/tag-rules.js')).length);
    await h.server.beacons.waitFor(isPageView, 10_000);
    await stayOnPage(page);
    await page.click('.gcweb-menu button');
    expect(param(await h.server.beacons.waitFor(named('Navigation Menu Initiate'), 10_000), 'v50')).toBe('Menu main menu');
    await page.click('.gcweb-menu >> text=Training');
    const navigation = await h.server.beacons.waitFor(named('Navigation Tracking'), 10_000);
    expect(param(navigation, 'v53')).toBe('Jobs');
    await page.keyboard.press('Escape');
    // The page feedback tool, as GCWeb's: No, then a comment with a telephone number, which the
    // pii-scrub modal stops; "Go back and edit comment".
    await page.click('#gc-pft .gc-pft-btns [data-wb-doaction]');
    expect(param(await h.server.beacons.waitFor(named('Page Feedback Tool'), 10_000), 'v50')).toBe('No');
    await page.fill('#gc-pft-prblm', 'Call me at 613-555-0199');
    await page.click('#gc-pft button[value="No-Non"]');
    await page.click('#wb-pii-scrub-modal .popup-modal-dismiss');
    expect(param(await h.server.beacons.waitFor(named('Page Feedback Tool edit comment click'), 10_000), 'v50')).toBe('Go back and edit comment');
    // Every GCWeb page has report a problem in its page details: its rules come only once a
    // visitor opens it.
    expect(await rulesFile()).toBe(0);
    await page.click('.pagedetails summary');
    await rulesReady(opened);
    expect(await rulesFile()).toBe(1);
    await page.check('text=It has a spelling mistake');
    await h.server.beacons.waitFor(named('Report a Problem Initiate'), 10_000);
    await page.click('.gc-rprt-prblm button[type=submit]');
    const submit = await h.server.beacons.waitFor(named('Report a Problem Submit'), 10_000);
    expect(param(submit, 'v58')).toBe('It has a spelling mistake-Il y a une erreur d’orthographe ou de grammaire');
    await page.waitForSelector('.gc-rprt-prblm-thanks', { state: 'visible' });
    expect(errors).toEqual([]);
  });

  it('widgets of the guide: expand, expand all, tab, carousel, table filter, screen id', async () => {
    const opened = await open('/en/services/benefits/ei/guide.html?logdtm=true');
    const { page, errors } = opened;
    const view = await h.server.beacons.waitFor(isPageView, 10_000);
    await rulesReady(opened);
    expect(param(view, 'v64')).toBe('EI-GUIDE-01');
    await stayOnPage(page);
    await page.click('text=Insurable hours you need');
    expect(param(await h.server.beacons.waitFor(named('Expand/Collapse'), 10_000), 'v66')).toBe('Insurable hours you need');
    await page.click('text=Expand all');
    await h.server.beacons.waitFor(named('Expand All Click'), 10_000);
    await page.click('#tab-maximum');
    expect(param(await h.server.beacons.waitFor(named('Tab Open'), 10_000), 'v66')).toBe('Maximum');
    await page.click('text=Next tip');
    await page.click('text=Watch the video');
    expect(param(await h.server.beacons.waitFor(named('Carousel Click'), 10_000), 'v53')).toBe('tab2');
    await page.fill('#offices-filter', 'Ottawa');
    await page.press('#offices-filter', 'Tab');
    expect(param(await h.server.beacons.waitFor(named('Data Table Filter'), 10_000), 'v67')).toBe('Ottawa');
    expect(await page.locator('#offices-table tbody tr:visible').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('the tariff page filter keeps item numbers', async () => {
    const opened = await open('/en/department-finance/programs/tariff-product-list.html?logdtm=true');
    const { page } = opened;
    await rulesReady(opened);
    await page.fill('#tariff-filter', '8703.23.00.00');
    await page.press('#tariff-filter', 'Tab');
    expect(param(await h.server.beacons.waitFor(named('Data Table Filter'), 10_000), 'v67')).toBe('8703.23.00.00');
  });

  it('search results: the search beacon stands in for the page view; pagination and a result click', async () => {
    const { page, errors } = await open('/en/sr/srb.html?q=employment+insurance');
    const query = await h.server.beacons.waitFor(named('Search Query'), 10_000);
    expect(param(query, 'v30')).toBe('employment insurance');
    expect(param(query, 'v31')).toBe('Original Search');
    expect(Number(param(query, 'v32'))).toBeGreaterThan(5);
    expect(events(query)).toEqual(expect.arrayContaining(['event9', 'event11', 'event50']));
    expect(param(query, 'g')).not.toContain('employment'); // q is stripped from the page URL
    await page.click('.pagination button[data-page="2"]');
    await h.server.beacons.waitFor(named('Search Pagination'), 10_000);
    await stayOnPage(page);
    await page.click('a[data-dtm-srchlnknm="6"]');
    const click = await h.server.beacons.waitFor(named('Search Result Click'), 10_000);
    expect(param(click, 'v53')).toBe('6');
    await sleep(500);
    expect(h.server.beacons.list().filter(isPageView)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('advanced search: the results page reports Advanced Search Used with its filters', async () => {
    const { page } = await open('/en/search/advanced-search.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    h.server.beacons.clear();
    await page.click('.advanced-search button[type=submit]');
    const query = await h.server.beacons.waitFor(named('Search Query'), 10_000);
    expect(param(query, 'v31')).toBe('Advanced Search Used');
    expect(param(query, 'v33')).toBe('month');
    expect(param(query, 'v34')).toBe('title');
    expect(param(query, 'v30')).toBe('insurance "employment insurance"');
  });

  it('news search: the search term carries the filters', async () => {
    await open('/en/news/search.html?q=employment&typ=newsreleases&dprtmnt=esdc&start=2025-01-01&end=2025-12-31');
    const query = await h.server.beacons.waitFor(named('Search Query'), 10_000);
    expect(param(query, 'v30')).toBe('employment|type:newsreleases|institution:esdc|ministry:|start:2025-01-01|end:2025-12-31');
    expect(param(query, 'v32')).toBe('1');
  });

  it('the video: play once, then the 20, 50 and 80 % marks', async () => {
    const opened = await open('/en/services/benefits/ei/video.html?logdtm=true');
    const { page, errors } = opened;
    await rulesReady(opened);
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.muted = true;
      video.playbackRate = 4;
      return video.play();
    });
    const play = await h.server.beacons.waitFor(named('Media Play'), 10_000);
    expect(param(play, 'v54')).toBe('How to apply for EI (demo video)');
    expect(param(play, 'v55')).toBe('video');
    expect(param(play, 'v56')).toBe('webm');
    for (const mark of [20, 50, 80]) await h.server.beacons.waitFor(named(`Media Progress ${mark}`), 15_000);
    expect(h.server.beacons.list().filter(named('Media Play'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('the contact page is on the scroll-depth list', async () => {
    h.server.beacons.clear();
    const { page, errors } = await open('/fr/contact.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    await page.waitForFunction(() => performance.now() > 3500);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const depths = ['25', '50', '75', '100'].map((depth) => `Custom Scroll Depth ${depth}`);
    for (const name of depths) await h.server.beacons.waitFor(named(name), 10_000);
    await sleep(500);
    // Each depth once: the page's one scroll to the bottom passes all four.
    expect(depths.map((name) => h.server.beacons.list().filter(named(name)).length)).toEqual([1, 1, 1, 1]);
    expect(errors).toEqual([]);
  });

  it('the survey pages: the thank-you page reports the completion once, with the time and the answers', async () => {
    const { page, errors } = await open('/en/surveys/reason-visit-category.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    // The survey rules come with tag-rules.js, which may arrive after the page view.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('tss-start')), { timeout: 10_000 }).toMatch(/^\d+$/);
    await page.check('text=Apply for Employment Insurance');
    await page.check('input[name=q1][value="0"]');
    await Promise.all([page.waitForURL('**/en/surveys/thank-you.html'), page.click('#tss-form button[type=submit]')]);
    const complete = await h.server.beacons.waitFor(named('Survey Complete'), 10_000);
    expect(events(complete)).toEqual(expect.arrayContaining(['event104', 'event110']));
    expect(param(complete, 'v60')).toBe('Apply for Employment Insurance;;Yes;;;;N/A;N/A');
    expect(param(complete, 'v61')).toBe('Demander l’assurance-emploi;;Oui;;;;S/O;S/O');
    expect(param(complete, 'v62')).toBe('demo');
    h.server.beacons.clear();
    await page.reload();
    await h.server.beacons.waitFor(isPageView, 10_000);
    await sleep(500);
    expect(h.server.beacons.list().filter(named('Survey Complete'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the demo survey file offers its theme survey on the jobs pages (QA parameters)', async () => {
    const { page, errors } = await open('/en/services/jobs/training.html?im_scope=theme&im_nocookiecheck=1');
    const dialog = page.getByRole('dialog', { name: 'Help us improve the jobs pages' });
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    await h.server.beacons.waitFor(named('Pop-up Impression'), 10_000);
    expect(await dialog.locator('a').first().getAttribute('href')).toContain('/en/surveys/reason-visit-category.html');
    expect(errors).toEqual([]);
  });
});
