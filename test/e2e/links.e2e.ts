/**
 * Link clicks that leave the page, in real Chromium with the built tag: the link beacon still
 * reaches the collector (sendBeacon), no personal information from the link text travels, and a
 * tracked link to another page of the site leaves its click context for that page's page view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView, type Beacon } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

const PERSONAL = ['jane.doe@example.com', 'jane.doe%40example.com', 'K1A 0B1', 'K1A0B1', '046454286', 'AB123456'];
const PII_TEXT = 'jane.doe@example.com, K1A 0B1, 046454286, AB123456';

const LANGS = {
  en: {
    path: '/en/services/links-e2e.html',
    next: '/en/services/links-next.html',
    title: 'Links test',
    guide: 'Guide for',
    partner: 'Partner for',
    next_: 'Next page',
  },
  fr: {
    path: '/fr/services/liens-e2e.html',
    next: '/fr/services/liens-suivant.html',
    title: 'Essai des liens',
    guide: 'Guide pour',
    partner: 'Partenaire pour',
    next_: 'Page suivante',
  },
} as const;

const page = (lang: 'en' | 'fr', title: string, main: string) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>${title} - Canada.ca</title><meta name="dcterms.title" content="${title}"><meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}"></head>
<body><main><h1>${title}</h1>${main}</main><script src="/dist/tag.js"></script></body></html>`;

function expectNoPersonalInfo(beacons: Beacon[]) {
  for (const sent of beacons) {
    const decoded = sent.params.map(([, value]) => value).join('\n');
    for (const value of PERSONAL) {
      expect(decoded, `beacon carries ${value}`).not.toContain(value);
      expect(sent.query, `beacon carries ${value}`).not.toContain(encodeURIComponent(value));
    }
  }
}

const linkBeacon = (type: string) => (b: Beacon) => beaconParam(b, 'pe') === `lnk_${type}`;

describe.each(['en', 'fr'] as const)('link clicks that navigate (%s)', (lang) => {
  const t = LANGS[lang];
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const html = () =>
    page(
      lang,
      t.title,
      `<p><a id="dl" href="/content/dam/demo/demo-guide.pdf">${t.guide} ${PII_TEXT}</a></p>
<p><a id="out" href="https://www.example.com/partner.html?_ga=2.123.456-789&amp;topic=ei">${t.partner} ${PII_TEXT}</a></p>
<section class="gc-most-requested"><ul><li><a id="mr" href="${t.next}">${t.next_}</a></li></ul></section>`,
    );

  const open = () =>
    h.open(t.path, {
      before: async (p) => {
        await p.route(`**${t.path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html() }));
        await p.route(`**${t.next}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: page(lang, 'Next', '<p>Next</p>') }));
        await p.route('https://www.example.com/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><p>Partner site</p>' }),
        );
      },
    });

  it('a download link that navigates to the file still delivers its beacon', async () => {
    const opened = await open();
    await h.server.beacons.waitFor(isPageView, 5000);
    // The browser goes on to fetch the file: the click was neither prevented nor held back.
    await Promise.all([opened.page.waitForRequest('**/content/dam/demo/demo-guide.pdf'), opened.page.click('#dl')]);
    const beacon = await h.server.beacons.waitFor(linkBeacon('d'), 5000);
    expect(beaconParam(beacon, 'pev2')).toBe(`Download Link - ${h.origin}/content/dam/demo/demo-guide.pdf`);
    expect(beaconParam(beacon, 'v52')).toBe('pdf');
    expect(beaconParam(beacon, 'v50')).toContain(t.guide);
    expect(beaconParam(beacon, 'v50')).toContain('[REDACTED/CAVIARDÉ]');
    expect(beaconParam(beacon, 'events')).toBe('event41,event500');
    await sleep(500);
    // A keep-alive request outlives the page: it arrives, and only once.
    expect(h.server.beacons.list().filter(linkBeacon('d'))).toHaveLength(1);
    expectNoPersonalInfo(h.server.beacons.list());
    expect(opened.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('an outbound link that navigates away still delivers its beacon, without the client id', async () => {
    const opened = await open();
    await h.server.beacons.waitFor(isPageView, 5000);
    await Promise.all([opened.page.waitForURL('https://www.example.com/**'), opened.page.click('#out')]);
    const beacon = await h.server.beacons.waitFor(linkBeacon('e'), 5000);
    // AppMeasurement's link URL leaves the query behind; the eVar keeps it (scrubbed).
    expect(beaconParam(beacon, 'pev1')).toBe('https://www.example.com/partner.html');
    expect(beaconParam(beacon, 'v51')).toBe('https://www.example.com/partner.html?topic=ei');
    expect(beaconParam(beacon, 'events')).toBe('event42,event500');
    await sleep(500);
    expect(h.server.beacons.list().filter(linkBeacon('e'))).toHaveLength(1);
    expectNoPersonalInfo(h.server.beacons.list());
    expect(opened.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('a tracked link to another page of the site: that page view carries the click context', async () => {
    const opened = await open();
    await h.server.beacons.waitFor(isPageView, 5000);
    await Promise.all([opened.page.waitForURL(`**${t.next}`), opened.page.click('#mr')]);
    const click = await h.server.beacons.waitFor(linkBeacon('o'), 5000);
    expect(beaconParam(click, 'pev2')).toBe('Most Requested Link');
    const next = await h.server.beacons.waitFor((b) => isPageView(b) && beaconParam(b, 'g') === `${h.origin}${t.next}`, 5000);
    expect(beaconParam(next, 'v45')).toBe(t.next_);
    expect(beaconParam(next, 'v46')).toBe(`${h.origin}${t.next}`);
    expect(beaconParam(next, 'v47')).toBe(`${h.origin}${t.path}`);
    expect(beaconParam(next, 'v48')).toBe(t.title);
    // Only the tag's errors matter here, not the favicon the routed pages do not serve.
    expect(opened.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
