/**
 * Link kinds (CL-3 to CL-7): downloads, exits, other government hosts, e-mail, telephone and
 * same-page anchors, each on an English and a French page, read back from the beacons the real
 * tracker sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { click, clicksPrevented, cookie, expectBeacons, openLinksPage, PAGES, preventNavigation, tr, type Expected, type Lang } from './beaconHarness';

const M = '[REDACTED/CAVIARDÉ]';
const HOST = 'https://www.canada.ca';

interface Case {
  name: string;
  body: string;
  expected: Expected[];
  url?: string;
}

preventNavigation();
afterEach(() => {
  expect(clicksPrevented.every((prevented) => !prevented)).toBe(true);
  clicksPrevented.length = 0;
});

const download = (l: Lang, href: string, fileType: string, text = tr(l, 'Guide', 'Guide')): Case => ({
  name: `download ${href}`,
  body: `<main><p><a id="t" href="${href}">${text}</a></p></main>`,
  expected: [
    {
      pe: 'lnk_d',
      // AppMeasurement's link URL leaves its query string behind (linkLeaveQueryString false).
      pev1: new URL(href, PAGES[l]).href.split('?')[0],
      pev2: `Download Link - ${new URL(href, PAGES[l]).href}`,
      v50: text,
      v51: new URL(href, PAGES[l]).href,
      v52: fileType,
      events: 'event41,event500',
      pageName: tr(l, 'EI benefits', 'Prestations d’AE'),
      g: PAGES[l],
    },
  ],
});

const none = (name: string, body: string, url?: string): Case => ({ name, body, expected: [], ...(url ? { url } : {}) });

const rows: Array<(l: Lang) => Case> = [
  // Downloads: extension before the end, ?, & or #, any case; or the download attribute.
  (l) =>
    download(l, `/content/dam/esdc-edsc/documents/${tr(l, 'ei-guide', 'guide-ae')}.pdf`, 'pdf', tr(l, 'EI guide (PDF, 2 MB)', 'Guide de l’AE (PDF, 2 Mo)')),
  (l) => download(l, '/content/dam/data/Benefits.CSV?version=2', 'csv'),
  (l) => download(l, `/download.aspx?file=report.docx&lang=${tr(l, 'eng', 'fra')}`, 'docx'),
  (l) => download(l, '/maps/regions.kmz#layer-2', 'kmz'),
  (l) => download(l, 'https://www.example.com/open-data/stations.geojson', 'geojson'),
  (l) => download(l, '/media/podcast-episode-3.MP3', 'mp3'),
  (l) => ({
    ...download(l, '/api/export?id=7', 'xlsx'),
    name: 'download attribute',
    body: `<a id="t" download="${tr(l, 'benefits', 'prestations')}.xlsx" href="/api/export?id=7">Guide</a>`,
  }),
  (l) => none('a page whose path merely mentions pdf', `<a href="/${l}/pdf-guide.html">PDF guide</a><a href="/${l}/data.json.html">Data</a>`),
  (l) => none('a lightbox image', `<a class="wb-lbx" href="/content/dam/img/photo.jpg">${tr(l, 'Photo', 'Photo')}</a>`),
  (l) => none('a search result link to a PDF', `<a data-dtm-srchlnknm="1" href="https://www.example.com/r.pdf">${tr(l, 'Report', 'Rapport')}</a>`),
  // Exits: not internal hosts, client id stripped.
  (l) => ({
    name: 'outbound link without its _ga client id',
    body: `<a href="https://www.example.com/page?_ga=2.172.123-456&topic=ei">${tr(l, 'Partner site', 'Site partenaire')}</a>`,
    expected: [
      {
        pe: 'lnk_e',
        pev1: 'https://www.example.com/page',
        pev2: 'Outbound Link',
        v50: tr(l, 'Partner site', 'Site partenaire'),
        v51: 'https://www.example.com/page?topic=ei',
        v52: undefined,
        events: 'event42,event500',
      },
    ],
  }),
  (l) => ({
    name: 'a host that only starts like a government domain is an exit',
    body: `<a href="https://gc.ca.example.com/">${tr(l, 'Lookalike', 'Sosie')}</a>`,
    expected: [{ pe: 'lnk_e', pev1: 'https://gc.ca.example.com/', events: 'event42,event500' }],
  }),
  (l) =>
    none(
      'blocked schemes',
      `<a href="javascript:void(0)">JS</a><a href="blob:${HOST}/1-2">Blob</a><a href="data:text/plain,hi">Data</a><a href="#">${tr(l, 'Top', 'Haut')}</a>`,
    ),
  (l) => none('internal links, with or without www', `<a href="/${l}/services/jobs.html">Jobs</a><a href="https://canada.ca/${l}.html">Home</a>`),
  (l) => none('pagination', `<ul class="pagination"><li><a href="https://www.example.com/?page=2">${tr(l, 'Next', 'Suivant')}</a></li></ul>`),
  (l) =>
    none(
      'an exempt link and an exempt block',
      `<a data-analytics-exempt href="/${l}/doc.pdf">Doc</a><div data-analytics-exempt><p><a href="https://www.example.com/">Ex</a></p></div>`,
    ),
  // Other government hosts.
  ...[
    'https://www.cra-arc.gc.ca/en/x.html',
    'https://travel.gc.ca/',
    'https://www.canada-preview.adobecqms.net/en.html',
    'https://agriculture.canada.ca/fr',
  ].map(
    (href) =>
      (l: Lang): Case => ({
        name: `cross-domain ${href}`,
        body: `<a href="${href}">${tr(l, 'Other department', 'Autre ministère')}</a>`,
        expected: [
          {
            pe: 'lnk_o',
            pev1: href,
            pev2: 'Non-outbound cross domain click',
            v50: tr(l, 'Other department', 'Autre ministère'),
            v51: href,
            events: 'event500',
          },
        ],
      }),
  ),
  // E-mail: a government mailbox keeps text and domain; any other address only 'non-gc email'.
  (l) => ({
    name: 'government e-mail',
    body: `<a href="mailto:NC-EI-AE@hrsdc-rhdcc.gc.ca?subject=EI">${tr(l, 'Write to EI', 'Écrire à l’AE')}</a>`,
    expected: [
      {
        pe: 'lnk_o',
        pev2: 'Email Link',
        v50: tr(l, 'Write to EI', 'Écrire à l’AE'),
        v51: `mailto:${M}@hrsdc-rhdcc.gc.ca`,
        pev1: `mailto:${M}@hrsdc-rhdcc.gc.ca`,
        events: 'event500',
      },
    ],
  }),
  (l) => ({
    name: 'canada.ca e-mail shown as its own text',
    body: `<a href="mailto:info%40canada.ca">info@canada.ca</a>`,
    expected: [{ pev2: 'Email Link', v50: M, v51: `mailto:${M}@canada.ca`, g: PAGES[l] }],
  }),
  ...['jane.doe@gmail.com', 'x@canada.ca.example.com', 'not-an-address'].map(
    (address) =>
      (l: Lang): Case => ({
        name: `non-gc e-mail ${address}`,
        body: `<a href="mailto:${address}">${tr(l, 'Jane Doe', 'Jeanne Doe')}</a>`,
        expected: [{ pe: 'lnk_o', pev2: 'Email Link', v50: 'non-gc email', v51: undefined, pev1: PAGES[l], events: 'event500' }],
      }),
  ),
  // Telephone: never the number.
  (l) => ({
    name: 'telephone',
    body: `<a href="tel:+1-800-206-7218">${tr(l, 'Call 1-800-206-7218', 'Composez le 1 800 206-7218')}</a>`,
    expected: [
      {
        pe: 'lnk_o',
        pev1: `tel:${M}`,
        pev2: 'Telephone Link',
        v50: tr(l, `Call tel:${M}`, `Composez le tel:${M}`),
        v51: `tel:${M}`,
        events: 'event500',
      },
    ],
  }),
  // Anchors with text outside search pages, not the main landing area or a widget control.
  (l) => ({
    name: 'anchor link',
    body: `<a href="#${tr(l, 'eligibility', 'admissibilite')}">${tr(l, 'Eligibility', 'Admissibilité')}</a>`,
    expected: [
      {
        pe: 'lnk_o',
        pev2: 'Anchor Link Click',
        v50: tr(l, 'Eligibility', 'Admissibilité'),
        v51: `${PAGES[l]}#${tr(l, 'eligibility', 'admissibilite')}`,
        pev1: `${PAGES[l]}#${tr(l, 'eligibility', 'admissibilite')}`,
        events: 'event500',
      },
    ],
  }),
  (l) => ({
    name: 'absolute same-page anchor',
    body: `<a href="${PAGES[l]}#apply">${tr(l, 'How to apply', 'Comment présenter une demande')}</a>`,
    expected: [{ pev2: 'Anchor Link Click', v51: `${PAGES[l]}#apply` }],
  }),
  (l) =>
    none(
      'skip link, textless anchor, tab, lightbox opener',
      `<a href="#wb-cont">${tr(l, 'Skip to main content', 'Passer au contenu principal')}</a><a href="#top"><span></span></a><a role="tab" href="#panel1">Tab</a><a class="wb-lbx" href="#overlay">Open</a>`,
    ),
  (l) => none('anchor on a search page', `<a href="#results">${tr(l, 'Results', 'Résultats')}</a>`, `${HOST}/${l}/sr/srb.html?q=ei`),
  (l) => none('anchor on another page', `<a href="/${l}/services/jobs.html#apply">Jobs</a>`),
];

describe.each(['en', 'fr'] as const)('link kinds (%s)', (lang) => {
  it.each(rows.map((row) => row(lang)))('$name', ({ body, expected, url }) => {
    const page = openLinksPage(body, lang, url);
    for (const link of Array.from(document.querySelectorAll('a'))) click(link);
    expectBeacons(page.beacons(), expected);
    // Clicks that leave the page or stay on it leave no click context behind.
    expect(cookie('gc_click')).toBeUndefined();
  });
});

describe.each(['en', 'fr'] as const)('same-page anchor changes (%s)', (lang) => {
  it('tracks a hash change to a reader anchor, once', () => {
    const page = openLinksPage('<h2 id="contact">Contact</h2>', lang);
    history.pushState(null, '', `#${tr(lang, 'contact-us', 'nous-joindre')}`);
    history.pushState(null, '', `#${tr(lang, 'contact-us', 'nous-joindre')}`);
    expectBeacons(page.beacons(), [
      {
        pe: 'lnk_o',
        pev2: 'Same-page Anchor Change',
        v50: tr(lang, 'contact-us', 'nous-joindre'),
        v51: `${PAGES[lang]}#${tr(lang, 'contact-us', 'nous-joindre')}`,
        events: undefined,
      },
    ]);
  });

  it('decodes an encoded hash', () => {
    const page = openLinksPage('', lang);
    history.pushState(null, '', '#%C3%A9tape-2');
    expect(page.beacons()[0]?.v50).toBe('étape-2');
  });

  it.each([
    ['a widget hash', '#wb-info'],
    ['the main landing area', '#wb-cont'],
    ['a tab panel', '#details-panel2'],
    ['a share panel', '#shr-pg0'],
    ['an empty hash', '#'],
  ])('ignores %s', (_name, hash) => {
    const page = openLinksPage('', lang);
    history.pushState(null, '', hash);
    expect(page.beacons()).toEqual([]);
  });

  it('ignores a hash change to an exempt section', () => {
    const page = openLinksPage(`<section data-analytics-exempt><h2 id="${tr(lang, 'private', 'prive')}">X</h2></section>`, lang);
    history.pushState(null, '', `#${tr(lang, 'private', 'prive')}`);
    expect(page.beacons()).toEqual([]);
  });

  it('ignores a hash change on a search results address (q parameter)', () => {
    const page = openLinksPage('', lang, `${HOST}/${lang}/services/benefits.html?q=${tr(lang, 'pension', 'pension')}`);
    history.pushState(null, '', `?q=pension#results`);
    expect(page.beacons()).toEqual([]);
  });

  it('ignores a change of page (pushState to another path)', () => {
    const page = openLinksPage('', lang);
    history.pushState(null, '', `/${lang}/other.html#part`);
    expect(page.beacons()).toEqual([]);
  });

  it('does not count an anchor click twice when its hash change follows', () => {
    const page = openLinksPage(`<a href="#apply">${tr(lang, 'Apply', 'Présenter une demande')}</a>`, lang);
    click('a');
    history.pushState(null, '', '#apply');
    history.pushState(null, '', '#other');
    expect(page.beacons().map((b) => b.pev2)).toEqual(['Anchor Link Click', 'Same-page Anchor Change']);
  });
});

describe.each(['en', 'fr'] as const)('design-system links and middle clicks (%s)', (lang) => {
  it('a <gcds-link> to another site is an Outbound Link (the click reaches the document as one on the host)', () => {
    const page = openLinksPage(`<gcds-link id="g" href="https://www.example.org/partner" external>${tr(lang, 'Partner', 'Partenaire')}</gcds-link>`, lang);
    click(document.getElementById('g')!);
    expectBeacons(page.beacons(), [
      { pe: 'lnk_e', pev2: 'Outbound Link', v50: tr(lang, 'Partner', 'Partenaire'), pev1: 'https://www.example.org/partner', events: 'event42,event500' },
    ]);
  });

  it('a <gcds-link download> to a PDF is a download', () => {
    const page = openLinksPage(`<gcds-link id="g" href="/${lang}/guide.pdf" download="guide.pdf">Guide</gcds-link>`, lang);
    click(document.getElementById('g')!);
    expect(page.beacons().map((b) => [b.pe, b.events])).toEqual([['lnk_d', 'event41,event500']]);
  });

  it('a middle click (auxclick, button 1) counts like a click; a right click does not', () => {
    const page = openLinksPage(`<a id="a" href="https://www.example.org/x">${tr(lang, 'Partner', 'Partenaire')}</a>`, lang);
    const link = document.getElementById('a')!;
    link.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }));
    expect(page.beacons()).toEqual([]);
    link.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    expect(page.beacons().map((b) => b.pev2)).toEqual(['Outbound Link']);
  });
});
