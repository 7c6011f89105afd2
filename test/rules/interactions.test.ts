import { beforeEach, describe, expect, it } from 'vitest';
import { REDACTION_MARKER } from '../../src/privacy';
import { interactionsRules } from '../../src/rules/interactions';
import { FILTER_BLOCKLIST, TARIFF_PAGES, widgetsRules } from '../../src/rules/widgets';
import { pageRules } from '../../src/rules/page';
import type { RuleDependencies } from '../../src/rules/deps';
import { $, canadaPage, click, fire, LANGUAGES, openPage, paramFor, stubLayout, type Lang, type RuleSet } from './beaconHarness';

const URL = { en: 'https://www.canada.ca/en/services/benefits/ei.html', fr: 'https://www.canada.ca/fr/services/prestations/ae.html' };
const T = {
  en: {
    summary: 'Eligibility',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    tab1: 'Overview',
    tab2: 'How to apply',
    filter: 'ontario',
    popup: 'Help us improve Canada.ca',
    screen: 'Screen identifier:',
  },
  fr: {
    summary: 'Admissibilité',
    expandAll: 'Tout développer',
    collapseAll: 'Tout réduire',
    tab1: 'Aperçu',
    tab2: 'Comment présenter une demande',
    filter: 'québec',
    popup: 'Aidez-nous à améliorer Canada.ca',
    screen: "Identificateur d'écran :",
  },
};

beforeEach(stubLayout);

const title = paramFor('interactionTitle');

describe.each(LANGUAGES)('interactions (%s)', (lang: Lang) => {
  const t = T[lang];
  const start = (main: string, url = URL[lang], rules: RuleSet | RuleSet[] = [interactionsRules, widgetsRules]) =>
    openPage({ url, html: canadaPage(lang, { main }), rules });

  describe('Expand/Collapse', () => {
    it('opening a details block sends its title (scrubbed) and event 500; closing it sends nothing', () => {
      const run = start(`<details id="d"><summary>${t.summary} <span>(613-555-0199)</span></summary><p>Text</p></details>`);
      click($('#d summary'));
      click($('#d summary'));
      const beacons = run.links();
      expect(beacons.map((b) => b.name)).toEqual(['Expand/Collapse']);
      expect(beacons[0]!.params[title]).toBe(`${t.summary} (${REDACTION_MARKER})`);
      expect(beacons[0]!.events).toEqual(['event500']);
    });

    it('a design-system <gcds-details>: opening from its summary sends its details-title; its panel content and closing send nothing', () => {
      const run = start(`<gcds-details id="g" details-title="${t.summary}"><p id="inside">Text</p></gcds-details>`);
      const host = $('#g')!;
      click(host); // a click on the summary in its shadow root reaches the document as one on the host
      host.setAttribute('open', ''); // what the component does after the click
      click($('#inside'));
      click(host);
      const beacons = run.links();
      expect(beacons.map((b) => [b.name, b.params[title]])).toEqual([['Expand/Collapse', t.summary]]);
    });

    it.each([
      ['inside page details', (s: string) => `<section class="pagedetails">${s}</section>`],
      ['inside tabs', (s: string) => `<div class="wb-tabs">${s}</div>`],
      ['inside a menu', (s: string) => `<nav>${s}</nav>`],
      ['inside a role=menu list', (s: string) => `<ul role="menu"><li>${s}</li></ul>`],
      ['exempt', (s: string) => `<div data-analytics-exempt>${s}</div>`],
      ['not visible', (s: string) => `<div style="display: none">${s}</div>`],
      ['already open', (s: string) => s.replace('<details>', '<details open>')],
    ])('nothing when %s', (_, wrap) => {
      const run = start(wrap(`<details><summary>${t.summary}</summary><p>Text</p></details>`));
      click($('summary'));
      expect(run.beacons()).toEqual([]);
    });
  });

  it('Expand All Click: a WET toggle of type "on", with its label; not the "off" one', () => {
    const run = start(`<button class="wb-toggle" data-toggle='{"selector": "details", "parent": "#faq", "type": "on"}'>${t.expandAll}</button>
      <button class="wb-toggle" data-toggle='{"selector": "details", "parent": "#faq", "type": "off"}'>${t.collapseAll}</button>`);
    click($('.wb-toggle'));
    click(document.querySelectorAll('.wb-toggle')[1]!);
    const beacons = run.links();
    expect(beacons.map((b) => b.name)).toEqual(['Expand All Click']);
    expect(beacons[0]!.params[title]).toBe(t.expandAll);
    expect(beacons[0]!.events).toEqual(['event500']);
  });

  describe('Tab Open', () => {
    const tabs = (cls = '') => `<div class="wb-tabs ${cls}"><ul role="tablist">
      <li class="active"><a id="t1" role="tab" aria-selected="true" href="#p1">${t.tab1}</a></li>
      <li><a id="t2" role="tab" aria-selected="false" href="#p2">${t.tab2}</a></li></ul></div>`;

    it('a tab that is not active sends its title and event 500', () => {
      const run = start(tabs());
      click($('#t2'));
      click($('#t1'));
      const beacons = run.links();
      expect(beacons.map((b) => b.params[title])).toEqual([t.tab2]);
      expect(beacons[0]!.name).toBe('Tab Open');
      expect(beacons[0]!.events).toEqual(['event500']);
    });

    it('an active tab known only by its list item is not an opening either', () => {
      const run = start(tabs().replace('aria-selected="true"', ''));
      click($('#t1'));
      expect(run.beacons()).toEqual([]);
    });

    it('nothing in a carousel', () => {
      const run = start(tabs('carousel-s2'));
      click($('#t2'));
      expect(run.beacons()).toEqual([]);
    });
  });

  describe('Data Table Filter', () => {
    const table = `<div class="dataTables_filter"><label>Search: <input type="search" id="f"></label></div>
      <div class="wb-filter"><input class="wb-fltr-inpt" id="g" type="search"></div>`;
    const type = (id: string, value: string) => {
      ($(id) as HTMLInputElement).value = value;
      fire($(id), 'change', { bubbles: true });
    };

    it('typed text, scrubbed; blank ignored; no click event', () => {
      const run = start(table);
      type('#f', '   ');
      type('#f', `  ${t.filter} `);
      type('#g', 'jane.doe@example.com');
      const beacons = run.links();
      expect(beacons.map((b) => b.name)).toEqual(['Data Table Filter', 'Data Table Filter']);
      expect(beacons.map((b) => b.params[paramFor('filterText')])).toEqual([t.filter, REDACTION_MARKER]);
      expect(beacons[0]!.events).toEqual([]);
    });

    it("nothing on a block-listed page (its flag is not 'no')", () => {
      const path = FILTER_BLOCKLIST[lang === 'en' ? 0 : 1]!;
      const run = start(table, `https://www.canada.ca${path}`);
      type('#f', t.filter);
      expect(run.beacons()).toEqual([]);
    });

    it('tariff product lists keep typed item numbers on the wire, and still scrub postal codes and e-mails', () => {
      const path = TARIFF_PAGES[lang === 'en' ? 0 : 1]!;
      const run = start(table, `https://www.canada.ca${path}`);
      type('#f', '8703.23.00.00 K1A 0B1');
      type('#f', '8703230000');
      type('#f', '8703230000 jane.doe@example.com');
      expect(run.links().map((b) => b.params[paramFor('filterText')])).toEqual([
        `8703.23.00.00 ${REDACTION_MARKER}`,
        '8703230000',
        `8703230000 ${REDACTION_MARKER}`,
      ]);
    });

    /** What <gcds-table> dispatches on itself once it shows other rows (its detail trimmed to what the rule reads). */
    const announce = (detail: unknown) => $('gcds-table')!.dispatchEvent(new CustomEvent('gcdsTableStateChange', { bubbles: true, composed: true, detail }));
    const rows = (filterValue: string, page = 1) => ({ visibleRows: [], page, pageSize: 10, filterValue, sorting: null });

    it("a design-system <gcds-table>: each filter a visitor applies, scrubbed; not the page's own filter, a new page or sort with the same filter, nor a cleared filter", () => {
      const run = start(`<gcds-table filter filter-value="${t.filter}" columns="[]" data="[]"></gcds-table>`);
      announce(rows(t.filter)); // its first rows, with the page's own filter
      announce(rows(' Ottawa '));
      announce(rows('Ottawa', 2));
      announce(rows(''));
      announce(rows('jane.doe@example.com'));
      announce(rows('Ottawa'));
      announce(null);
      announce('Ottawa');
      const beacons = run.links();
      expect(beacons.map((b) => b.name)).toEqual(['Data Table Filter', 'Data Table Filter', 'Data Table Filter']);
      expect(beacons.map((b) => b.params[paramFor('filterText')])).toEqual(['Ottawa', REDACTION_MARKER, 'Ottawa']);
    });

    it('a design-system <gcds-table>: nothing on a block-listed page or when exempt; tariff pages keep item numbers', () => {
      const blocked = start('<gcds-table filter></gcds-table>', `https://www.canada.ca${FILTER_BLOCKLIST[lang === 'en' ? 0 : 1]!}`);
      announce(rows('Jane Doe'));
      expect(blocked.beacons()).toEqual([]);
      const exempt = start('<gcds-table filter data-analytics-exempt></gcds-table>');
      announce(rows('Ottawa'));
      expect(exempt.beacons()).toEqual([]);
      const tariff = start('<gcds-table filter></gcds-table>', `https://www.canada.ca${TARIFF_PAGES[lang === 'en' ? 0 : 1]!}`);
      announce(rows('8703230000'));
      expect(tariff.links().map((b) => b.params[paramFor('filterText')])).toEqual(['8703230000']);
    });

    it('elsewhere the same item number is taken for a phone number and scrubbed', () => {
      const run = start(table);
      type('#f', '8703230000');
      expect(run.links().map((b) => b.params[paramFor('filterText')])).toEqual([REDACTION_MARKER]);
    });
  });

  it('Pop-up Impression and Popup yes click: the direct calls of the survey pop-up, with its name', () => {
    const run = start('');
    run.satellite.track('popUpImpression', { name: t.popup });
    run.satellite.track('popupYesClick', { name: t.popup });
    const [impression, yes] = run.links();
    expect(impression!.params).toMatchObject({ pev2: 'Pop-up Impression', [paramFor('popupName')]: t.popup });
    expect(impression!.events).toEqual([]);
    expect(yes!.params).toMatchObject({ pev2: 'Popup yes click', [paramFor('popupName')]: t.popup });
    expect(yes!.events).toEqual(['event500']);
  });

  describe('Screen ID', () => {
    const withPageView = (deps: RuleDependencies) => [...interactionsRules(deps), ...widgetsRules(deps), ...pageRules(deps)];

    it.each([
      ['the page details entry', `<dl id="wb-dtmd"><dt>${t.screen}</dt><dd>GC-SCR-0042</dd><dt>Date</dt><dd><time>2025-09-17</time></dd></dl>`],
      ['the data attribute', '<div data-gc-screen-id=" GC-SCR-0042 "></div>'],
    ])('is read from %s and carried by the page view', (_, markup) => {
      const run = start(`<section class="pagedetails">${markup}</section>`, URL[lang], withPageView);
      const [view] = run.beacons();
      expect(view!.params.pe).toBeUndefined();
      expect(view!.params[paramFor('screenId')]).toBe('GC-SCR-0042');
    });

    it('is absent from a page without one', () => {
      const run = start('<dl id="wb-dtmd"><dt>Date modified:</dt><dd>2025-09-17</dd></dl>', URL[lang], withPageView);
      expect(run.beacons()[0]!.params[paramFor('screenId')]).toBeUndefined();
    });
  });
});
