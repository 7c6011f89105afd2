/**
 * The rules on Canada.ca's real markup (issue 13), in Chromium, on demo pages built in its
 * conventions: GCWeb's page chrome and page feedback tool, the GC Search application's results
 * page (its `searchEvent`), the GC Design System's real web components (from npm), content
 * inserted after load, and one beacon per click.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { REDACTION_MARKER } from '../../src/privacy';
import { keepSurveyAway, sleep, startHarness, type Harness, type OpenedPage } from './harness';

const param = (b: Beacon, name: string) => beaconParam(b, name);
const named = (name: string) => (b: Beacon) => param(b, 'pev2') === name;
const events = (b: Beacon) => (param(b, 'events') ?? '').split(',').filter(Boolean);

/** Clicks leave the page where it is (the tag hears them first, in the capture phase). */
const stayOnPage = (page: Page) =>
  page.evaluate(() =>
    document.addEventListener('click', (e) => {
      if (e.composedPath().some((node) => node instanceof Element && node.matches('a[href], gcds-link, gcds-card'))) e.preventDefault();
    }),
  );

describe('the rules on the real markup, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Opens `path` with no survey pop-up, recording which files the page fetched. */
  const open = async (path: string): Promise<OpenedPage & { fetched: string[] }> => {
    const fetched: string[] = [];
    const opened = await h.open(path, {
      before: async (page) => {
        page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
        await keepSurveyAway(page);
      },
    });
    return { ...opened, fetched };
  };
  const rulesLoaded = (opened: OpenedPage, areas: string) =>
    expect.poll(() => opened.console.some((line) => line.includes(`Rules added for this page: ${areas}`)), { timeout: 10_000 }).toBe(true);

  it('the home page in GCWeb markup: the feature impression names only the features a visitor sees; most requested and activities clicks', async () => {
    const opened = await open('/en.html?logdtm=true');
    const { page } = opened;
    await rulesLoaded(opened, 'blocks');
    const shown = await page.$$eval('.gc-features a', (links) => links.filter((a) => a.getClientRects().length > 0).map((a) => (a.textContent ?? '').trim()));
    expect(shown).toHaveLength(2);
    const impression = await h.server.beacons.waitFor(named('Home-page feature impression'), 10_000);
    expect(param(impression, 'v50')).toBe(shown.join(' | '));
    await stayOnPage(page);
    await page.click('.home-most-requested a >> nth=0');
    expect(param(await h.server.beacons.waitFor(named('Most Requested Link'), 5000), 'v50')).toBe('Employment Insurance');
    await page.click('aside.gc-nttvs a >> nth=0');
    expect(param(await h.server.beacons.waitFor(named('GoC Activities'), 5000), 'v50')).toBe('Jobs and the workplace');
  });

  it('a content page with the header search form and the page feedback tool does not download tag-rules.js', async () => {
    const opened = await open('/en/services/demo.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    expect(await opened.page.locator('#wb-srch form[role=search]').count()).toBe(1);
    expect(await opened.page.locator('#gc-pft').count()).toBe(1);
    await sleep(500);
    expect(opened.fetched).not.toContain('/dist/tag-rules.js');
    // The feedback tool's rules are in tag.js: its answer is tracked all the same.
    await opened.page.click('#gc-pft button[value="Yes-Oui"]');
    expect(param(await h.server.beacons.waitFor(named('Page Feedback Tool'), 5000), 'v50')).toBe('Yes');
    await opened.page.mouse.wheel(0, 600);
    await sleep(500);
    expect(opened.fetched).not.toContain('/dist/tag-rules.js');
  });

  it('a page with rule areas sends its page view before it is looked at for them: the beacon is requested before tag-rules.js', async () => {
    const opened = await open('/en/services/demo-components.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    await expect.poll(() => opened.fetched.includes('/dist/tag-rules.js'), { timeout: 5000 }).toBe(true);
    const beacon = opened.fetched.findIndex((path) => path.includes('/b/ss/'));
    const rules = opened.fetched.indexOf('/dist/tag-rules.js');
    expect([beacon >= 0, rules > beacon]).toEqual([true, true]);
  });

  it('French page feedback: Oui is reported as Yes, as in English', async () => {
    const opened = await open('/fr/services/demo.html');
    await h.server.beacons.waitFor(isPageView, 10_000);
    await opened.page.click('#gc-pft button[value="Yes-Oui"]');
    expect(param(await h.server.beacons.waitFor(named('Page Feedback Tool'), 5000), 'v50')).toBe('Yes');
  });

  it('GC Search: the first searchEvent stands in for the page view; a page of results; a result click; nothing twice', async () => {
    const opened = await open('/en/sr/srb.html?q=employment+insurance');
    const { page } = opened;
    const query = await h.server.beacons.waitFor(named('Search Query'), 10_000);
    expect(param(query, 'v30')).toBe('employment insurance');
    expect(events(query)).toEqual(expect.arrayContaining(['event9', 'event11', 'event50']));
    await page.click('#pager button.page-button[data-page="2"]');
    const pagination = await h.server.beacons.waitFor(named('Search Pagination'), 10_000);
    expect(param(pagination, 'v30')).toBe('employment insurance');
    await stayOnPage(page);
    await page.click('#result-list a.result-link[data-dtm-srchlnknm="6"]');
    expect(param(await h.server.beacons.waitFor(named('Search Result Click'), 10_000), 'v53')).toBe('6');
    await sleep(500);
    const all = h.server.beacons.list();
    expect(all.filter(isPageView)).toEqual([]);
    expect(all.map((b) => param(b, 'pev2'))).toEqual(['Search Query', 'Search Pagination', 'Search Result Click']);
    expect(opened.errors).toEqual([]);
  });

  it.each([
    ['/en/sr/srb.html?q=zzzz', 'No results'],
    ['/fr/sr/srb.html?q=zzzz', 'Aucun résultat'],
  ])('GC Search, %s: zero results send Search Query and No search results', async (path, heading) => {
    const { page } = await open(path);
    const error = await h.server.beacons.waitFor(named('Error Event'), 10_000);
    expect(param(error, 'v65')).toBe('No search results');
    await h.server.beacons.waitFor(named('Search Query'), 5000);
    expect(await page.textContent('#query-summary .alert-warning h2')).toBe(heading);
  });

  it('the real GC Design System components: gcds-link (in its shadow DOM), gcds-details, gcds-card', async () => {
    const opened = await open('/en/services/demo-components.html?logdtm=true');
    const { page } = opened;
    await h.server.beacons.waitFor(isPageView, 10_000);
    await rulesLoaded(opened, 'blocks');
    await page.waitForFunction(() => !!document.querySelector('gcds-link[href*="w3.org"]')?.shadowRoot?.querySelector('a'));
    await stayOnPage(page);
    await page.locator('gcds-link[href*="w3.org/WAI"]').click();
    const exit = await h.server.beacons.waitFor(named('Outbound Link'), 5000);
    expect(param(exit, 'pe')).toBe('lnk_e');
    expect(param(exit, 'pev1')).toBe('https://www.w3.org/WAI/');
    await page.locator('gcds-details').click({ position: { x: 20, y: 10 } });
    expect(param(await h.server.beacons.waitFor(named('Expand/Collapse'), 5000), 'v66')).toBe('What is Employment Insurance?');
    await page.locator('gcds-card').locator('a').first().click();
    expect(param(await h.server.beacons.waitFor(named('GCDS Card Click'), 5000), 'v50')).toBe('Apply for EI');
    expect(opened.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it('the real GC Design System form controls and data table: a form the components hold back sends nothing; a sent one its answers, scrubbed (a name its autocomplete names as the marker, an attached file as checked); an applied table filter, scrubbed', async () => {
    const opened = await open('/en/services/demo-components.html?logdtm=true');
    const { page } = opened;
    await h.server.beacons.waitFor(isPageView, 10_000);
    await expect
      .poll(() => opened.console.some((line) => /Rules added for this page: .*forms/.test(line) && line.includes('widgets')), { timeout: 10_000 })
      .toBe(true);
    const form = page.locator('#design-form');
    await expect.poll(() => form.locator('gcds-input input').count(), { timeout: 10_000 }).toBe(2);

    // Empty: the components show their errors and keep the form from being sent.
    await form.locator('gcds-button').click();
    await expect
      .poll(() => form.locator('gcds-input[name=email]').evaluate((input) => input.shadowRoot!.textContent), { timeout: 5000 })
      .toMatch(/Enter|required/i);
    await sleep(300);
    expect(h.server.beacons.list().filter(named('Form Submit'))).toEqual([]);

    await form.locator('gcds-input[name=email] input').fill('jane.doe@example.com');
    // A name alone, which no pattern can tell: its field's autocomplete says it is one.
    await form.locator('gcds-input[name=name] input').fill('Jean Tremblay');
    await form.locator('gcds-select select').selectOption('qc');
    // The components' error messages leave as each control is answered, which can move the controls
    // below them under a loaded machine's pointer: a choice's label is clicked until the component holds it.
    const held = (host: string) => form.locator(host).evaluate((el) => String((el as HTMLElement & { value: unknown }).value));
    const choose = (host: string, label: string, value: string) =>
      vi.waitFor(
        async () => {
          if ((await held(host)) !== value) await form.locator(host).getByText(label).click({ timeout: 2000 });
          expect(await held(host)).toBe(value);
        },
        { timeout: 10_000, interval: 200 },
      );
    await choose('gcds-radios', 'By mail', 'mail');
    await choose('gcds-checkboxes', 'Payments', 'payments');
    await form
      .locator('gcds-file-uploader input')
      .setInputFiles({ name: 'Jean Tremblay - T4 2025.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await expect.poll(() => held('gcds-file-uploader')).toBe('Jean Tremblay - T4 2025.pdf');
    await form.locator('gcds-button').click();
    const sent = await h.server.beacons.waitFor(named('Form Submit'), 5000);
    expect([param(sent, 'v57'), param(sent, 'v58')]).toEqual([
      'EI contact preferences (demo)',
      `${REDACTION_MARKER};${REDACTION_MARKER};Quebec;mail;checked;checked;`,
    ]);
    expect(JSON.stringify(h.server.beacons.list())).not.toMatch(/Tremblay|jane\.doe/);
    expect(events(sent)).toContain('event79');
    expect(await page.locator('#design-form-done').isVisible()).toBe(true);

    const table = page.locator('gcds-table');
    const filter = async (text: string) => {
      await table.locator('gcds-button').first().click();
      await table.locator('gcds-input input').fill(text);
      await table.locator('gcds-input input').press('Enter');
    };
    await filter('Ottawa');
    expect(param(await h.server.beacons.waitFor(named('Data Table Filter'), 5000), 'v67')).toBe('Ottawa');
    await filter('jane.doe@example.com');
    await expect
      .poll(
        () =>
          h.server.beacons
            .list()
            .filter(named('Data Table Filter'))
            .map((b) => param(b, 'v67')),
        { timeout: 5000 },
      )
      .toEqual(['Ottawa', REDACTION_MARKER]);
    expect(JSON.stringify(h.server.beacons.list())).not.toMatch(/jane\.doe|Tremblay/);
    expect(opened.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it("GCWeb's GC Design System layout, with the real components: the trail's depth, the topic menu's button and links, a footer link, all in shadow DOM", async () => {
    const opened = await open('/en/services/benefits/ei/eligibility.html');
    const { page } = opened;
    const view = await h.server.beacons.waitFor(isPageView, 10_000);
    // Canada.ca (drawn by <gcds-breadcrumbs>), Benefits, Employment Insurance.
    expect(param(view, 'v27')).toBe('3');
    const menu = page.locator('gcds-topic-menu');
    await expect.poll(() => menu.locator('a[href$=".html"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await stayOnPage(page);
    await menu.locator('button').first().click();
    expect(param(await h.server.beacons.waitFor(named('Navigation Menu Initiate'), 5000), 'v50')).toBe('Main Menu');
    await menu.locator('a[href="/en/services/benefits/ei/guide.html"]').first().click();
    const menuLink = await h.server.beacons.waitFor(named('Navigation Tracking'), 5000);
    expect([param(menuLink, 'v50'), param(menuLink, 'v53')]).toEqual(['EI guide (widgets)', 'Benefits']);
    await menu.locator('button').first().click();
    await page.locator('gcds-footer').getByText('Job Bank').click();
    const footerLink = await h.server.beacons.waitFor(named('Non-outbound cross domain click'), 5000);
    expect([param(footerLink, 'pe'), param(footerLink, 'v50'), param(footerLink, 'pev1')]).toEqual(['lnk_o', 'Job Bank', 'https://www.jobbank.gc.ca/home']);
    expect(opened.fetched.filter((path) => path.includes('sitemenu'))).toEqual(['/content/dam/canada/sitemenu/sitemenu-v2-en.html']);
    expect(opened.errors).toEqual([]);
  });

  it('content inserted after load is tracked: a details block and a most-requested block', async () => {
    const opened = await open('/en/services/demo-components.html?logdtm=true');
    const { page } = opened;
    await h.server.beacons.waitFor(isPageView, 10_000);
    await page.click('#load-more');
    await page.click('#inserted-details summary');
    expect(param(await h.server.beacons.waitFor(named('Expand/Collapse'), 10_000), 'v66')).toBe('Inserted details');
    await stayOnPage(page);
    await page.click('#more .gc-most-requested a');
    expect(param(await h.server.beacons.waitFor(named('Most Requested Link'), 10_000), 'v50')).toBe('Find a job');
  });

  it('one click, one beacon: a custom click that leaves the site; an RSS feed link; a middle click', async () => {
    const opened = await open('/en/services/demo-components.html');
    const { page } = opened;
    await h.server.beacons.waitFor(isPageView, 10_000);
    await stayOnPage(page);
    await page.click('#custom-exit');
    const custom = await h.server.beacons.waitFor(named('Custom Click'), 5000);
    expect([param(custom, 'pe'), events(custom)]).toEqual(['lnk_e', ['event42', 'event500']]);
    await page.click('.gc-followus a.rss');
    await h.server.beacons.waitFor(named('Follow - link'), 5000);
    await page.click('#custom-exit', { button: 'middle' });
    await sleep(800);
    const clicks = h.server.beacons
      .list()
      .filter((b) => !isPageView(b))
      .map((b) => param(b, 'pev2'));
    expect(clicks).toEqual(['Custom Click', 'Follow - link', 'Custom Click']);
  });
});
