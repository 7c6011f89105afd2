import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Container } from '../../src/engine/types';
import { addNeededAreas, AREA_NEEDS, LATE_DOM_EVENTS, neededAreas, type AreaName, type RulesModule } from '../../src/rules/areas';
import { AREAS } from '../../src/rules/onDemand';
import { createTracker } from '../../src/analytics/tracker';
import { recordingDelivery } from '../analytics/helpers';
import { recordingLogger } from '../engine/helpers';

/** GCWeb's page details: the page feedback tool, report a problem folded in a details, the date modified. */
const PAGE_DETAILS = `<section class="pagedetails"><h2 class="wb-inv">Page details</h2>
<div id="gc-pft"><form id="gc-pft-form" class="wb-postback" action="#"><fieldset class="gc-pft-btns"><button type="submit" name="helpful" value="Yes-Oui">Yes</button></fieldset></form></div>
<details class="brdr-0"><summary class="btn btn-default">Report a problem on this page</summary><div class="gc-rprt-prblm"><div class="gc-rprt-prblm-frm">
<form id="gc-rprt-prblm-form" class="wb-postback" action="#"><label><input type="checkbox" id="problem1" name="problem1" value="Yes"> A link</label><button type="submit">Submit</button></form></div></div></details>
<dl id="wb-dtmd"><dt>Date modified:</dt><dd><time>2025-09-17</time></dd></dl></section>`;

function page(path: string, body = '') {
  history.replaceState(null, '', path);
  document.body.innerHTML = body;
}

afterEach(() => {
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('which rule areas a page needs', () => {
  it('a plain content page needs none of them', () => {
    page('/en/services/benefits/ei.html', '<main><h1>EI</h1><p>Text <a href="/en.html">home</a></p></main>');
    expect(neededAreas()).toEqual([]);
  });

  it.each([
    ['blocks', '/en.html', '<section class="gc-features"><a href="/x">x</a></section>'],
    ['blocks', '/en/page.html', '<gcds-card card-title="Card" href="/y"></gcds-card>'],
    [
      'blocks',
      '/fr/services.html',
      '<section class="bg-light"><ul><li><a data-gc-analytics-mostRequested="manualTag" href="/fr/nas.html">NAS</a></li></ul></section>',
    ],
    ['search', '/en/sr/srb.html', ''],
    ['search', '/fr/nouvelles/rechercher.html', ''],
    ['forms', '/en/page.html', '<form data-gc-analytics-formname="Apply" action="/s"><input name="a"></form>'],
    [
      'forms',
      '/en/page.html',
      '<div class="gc-rprt-prblm"><div class="gc-rprt-prblm-frm"><form id="gc-rprt-prblm-form" class="wb-postback"></form></div></div>',
    ],
    ['media', '/fr/page.html', '<video src="v.mp4"></video>'],
    ['scroll', '/en/contact.html', ''],
    ['survey', '/EN/surveys/thank-you.html', ''],
    ['widgets', '/en/page.html', '<details><summary>More</summary>text</details>'],
    ['widgets', '/en/page.html', '<table class="wb-tables"></table>'],
    ['widgets', '/fr/page.html', '<gcds-table filter columns="[]" data="[]"></gcds-table>'],
  ] as const)('%s on %s %s', (area, path, body) => {
    page(path, body);
    expect(neededAreas()).toEqual([area]);
  });

  it("a content page with the header's site-search form and the page feedback tool (whose rules are in tag.js) needs none", () => {
    page(
      '/en/services/benefits/ei.html',
      `<header><section id="wb-srch"><h2>Search</h2><form action="https://www.canada.ca/en/sr/srb.html" method="get" name="cse-search-box" role="search">
<input id="wb-srch-q" type="search" name="q"><button type="submit" id="wb-srch-sub">Search</button></form></section></header><main><p>Text</p></main>`,
    );
    expect(neededAreas()).toEqual([]);
  });

  it("GCWeb's page details (report a problem folded in a details, the page feedback tool) need no area, where the same markup elsewhere does", () => {
    page('/en/services/benefits/ei.html', `<main><p>Text</p>${PAGE_DETAILS}</main>`);
    expect(neededAreas()).toEqual([]);
    page('/en/services/benefits/ei.html', `<main><details><summary>Eligibility</summary>Text</details>${PAGE_DETAILS}</main>`);
    expect(neededAreas()).toEqual(['widgets']);
    page('/en/report-a-problem.html', '<main><div class="gc-rprt-prblm"><form action="#"><button>Submit</button></form></div></main>');
    expect(neededAreas()).toEqual(['forms']);
  });

  it('a scroll-list page reached by reload does not need the scroll rules', () => {
    page('/en/contact.html');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as PerformanceNavigationTiming]);
    expect(neededAreas()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('every area it can name exists in the on-demand bundle', () => {
    const tracker = createTracker(
      { reportSuite: 'x', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() },
      recordingDelivery().connect,
    );
    for (const build of Object.values(AREAS)) expect(build({ tracker, pageViewSent: () => undefined }).rules.length).toBeGreaterThan(0);
  });
});

const deps = { tracker: {} as never, pageViewSent: () => undefined };

const fakeModule = () => {
  const built: string[] = [];
  const AREAS_FAKE = new Proxy({}, { get: (_, name: string) => () => (built.push(name), { dataElements: [], rules: [{ name, events: [], actions: [] }] }) });
  return { built, module: { AREAS: AREAS_FAKE } as unknown as RulesModule };
};

describe('adding the needed areas', () => {
  it('loads nothing on a page that needs no area', async () => {
    page('/en/page.html', '<p>text</p>');
    const importer = vi.fn();
    await addNeededAreas(() => undefined, deps, importer, recordingLogger());
    expect(importer).not.toHaveBeenCalled();
  });

  it('imports the bundle once and adds just the needed areas, logging which', async () => {
    page('/en/page.html', '<form data-gc-analytics-formname="Apply"></form><video></video>');
    const { built, module } = fakeModule();
    const added: Container[] = [];
    const log = recordingLogger();
    await addNeededAreas(
      (c) => added.push(c),
      deps,
      async () => module,
      log,
    );
    expect(built).toEqual(['forms', 'media']);
    expect(added.map((c) => c.rules[0]!.name).filter((name) => !name.startsWith('Load'))).toEqual(['forms', 'media']);
    expect(log.lines('log')).toEqual(['Rules added for this page: forms, media.']);
  });

  it('a bundle that cannot load is logged, never thrown', async () => {
    page('/en/page.html', '<form data-gc-analytics-formname="Apply"></form>');
    const log = recordingLogger();
    const added = vi.fn();
    await expect(addNeededAreas(added, deps, () => Promise.reject(new Error('404')), log)).resolves.toBeUndefined();
    expect(added.mock.calls.map(([c]) => (c as Container).rules[0]!.name).filter((name) => !name.startsWith('Load'))).toEqual([]);
    expect(log.lines('error')).toEqual(['The forms rules could not be loaded: 404']);
  });
});

describe('DOM events before the on-demand rules arrive', () => {
  it('the kept event names cover every DOM event the on-demand rules listen for', () => {
    const tracker = createTracker(
      { reportSuite: 'x', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() },
      recordingDelivery().connect,
    );
    const names = new Set<string>();
    for (const build of Object.values(AREAS)) {
      for (const rule of build({ tracker, pageViewSent: () => undefined }).rules) {
        for (const trigger of rule.events) {
          if (trigger.type === 'click' || trigger.type === 'change') names.add(trigger.type);
          if (trigger.type === 'customEvent') names.add(trigger.name);
        }
      }
    }
    expect([...names].filter((name) => !LATE_DOM_EVENTS.includes(name))).toEqual([]);
  });

  it('are kept while the bundle loads and handed, in order, to the added areas; none after', async () => {
    page('/en/page.html', '<form id="f" data-gc-analytics-formname="Apply"></form><video id="v"></video>');
    let finish!: (module: RulesModule) => void;
    const loading = new Promise<RulesModule>((resolve) => (finish = resolve));
    const added: Array<readonly Event[]> = [];
    const done = addNeededAreas(
      (c, earlier) => !c.rules[0]?.name.startsWith('Load') && added.push([...earlier]),
      deps,
      () => loading,
      recordingLogger(),
    );
    document.getElementById('v')!.dispatchEvent(new Event('playing'));
    document.getElementById('f')!.dispatchEvent(new Event('submit'));
    document.body.dispatchEvent(new Event('scroll'));
    finish({ AREAS: { forms: () => ({ dataElements: [], rules: [] }), media: () => ({ dataElements: [], rules: [] }) } } as unknown as RulesModule);
    await done;
    document.getElementById('f')!.dispatchEvent(new Event('submit'));
    expect(added.map((events) => events.map((e) => e.type))).toEqual([
      ['playing', 'submit'],
      ['playing', 'submit'],
    ]);
  });
});

describe('looking at the page later than the end of parsing (tag.js: after the page view)', () => {
  it('nothing is looked at or loaded before; the events the areas handle meanwhile are handed to the areas found, in order', async () => {
    page('/en/page.html', '<form id="f" data-gc-analytics-formname="Apply"></form><video id="v"></video><p id="p">Text</p>');
    let look!: () => void;
    const importer = vi.fn(
      async () => ({ AREAS: { forms: () => ({ dataElements: [], rules: [] }), media: () => ({ dataElements: [], rules: [] }) } }) as unknown as RulesModule,
    );
    const added: Array<readonly string[]> = [];
    const done = addNeededAreas(
      (c, earlier) => !c.rules[0]?.name.startsWith('Load') && added.push(earlier.map((e) => `${e.type} ${(e.target as Element).id}`)),
      deps,
      importer,
      recordingLogger(),
      (run) => (look = run),
    );
    document.getElementById('v')!.dispatchEvent(new Event('playing'));
    document.getElementById('f')!.dispatchEvent(new Event('submit'));
    document.getElementById('p')!.click();
    expect(importer).not.toHaveBeenCalled();
    look();
    document.getElementById('f')!.dispatchEvent(new Event('reset'));
    await done;
    document.getElementById('f')!.dispatchEvent(new Event('submit'));
    expect(added).toEqual([
      ['playing v', 'submit f', 'click p', 'reset f'],
      ['playing v', 'submit f', 'click p', 'reset f'],
    ]);
  });
});

/** Starts looking for the page's areas, loading them from `module`; nothing is added to an engine. */
const watchAreas = (module: RulesModule) =>
  addNeededAreas(
    () => undefined,
    deps,
    async () => module,
    recordingLogger(),
  );

describe('areas needed after parsing', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve));

  it('markup added later (an ajax include, a lightbox) loads its area once', async () => {
    page('/en/page.html', '<main><p>Text</p></main>');
    const { built, module } = fakeModule();
    await watchAreas(module);
    expect(built).toEqual([]);
    const include = document.createElement('div');
    include.innerHTML =
      '<section class="gc-most-requested"><div class="container"><h2>Most requested</h2><ul><li><a href="/en/x.html">X</a></li></ul></div></section>';
    document.querySelector('main')!.append(include);
    await tick();
    expect(built).toEqual(['blocks']);
    document.querySelector('main')!.append(Object.assign(document.createElement('video'), { src: 'v.mp4' }), document.createElement('details'));
    await tick();
    document.querySelector('main')!.append(document.createElement('video'));
    await tick();
    expect(built).toEqual(['blocks', 'media', 'widgets']);
  });

  it('the first click in report a problem of the page details loads the forms rules, and is replayed to them; a click elsewhere does not', async () => {
    page('/en/services/benefits/ei.html', `<main><p id="text">Text</p>${PAGE_DETAILS}</main>`);
    const { built, module } = fakeModule();
    const added: Array<[string, string[]]> = [];
    await addNeededAreas(
      (c, earlier) => added.push([c.rules[0]!.name, earlier.map((e) => `${e.type} ${(e.target as Element).id || (e.target as Element).tagName}`)]),
      deps,
      async () => module,
      recordingLogger(),
    );
    document.getElementById('text')!.click();
    document.querySelector<HTMLElement>('.pagedetails summary')!.click();
    document.getElementById('problem1')!.click();
    await tick();
    expect(built).toEqual(['forms']);
    expect(added.filter(([name]) => !name.startsWith('Load'))).toEqual([['forms', ['click SUMMARY', 'click problem1', 'change problem1']]]);
  });

  it("the page feedback tool's own details (GCWeb 19: urgent help, what counts as personal information) load nothing", async () => {
    page(
      '/en/services/benefits/ei.html',
      `<main><section class="pagedetails"><div id="gc-pft" class="row"><section class="well"><form id="gc-pft-form" class="wb-postback" action="#">
<div class="gc-pft-no"><textarea id="gc-pft-prblm" name="details" data-scrub-field></textarea></div>
<details class="mrgn-tp-md"><summary>What is considered personal information?</summary><p>Certain types of information can’t be included.</p></details></form>
<details><summary>Need urgent help with a problem? Contact us</summary><p class="mrgn-bttm-0 mrgn-tp-md fnt-nrml"><a href="/en/contact.html">Contact Employment Insurance</a></p></details>
</section></div><dl id="wb-dtmd"><dt>Date modified:</dt><dd><time>2025-09-17</time></dd></dl></section></main>`,
    );
    const { built, module } = fakeModule();
    await watchAreas(module);
    for (const summary of document.querySelectorAll<HTMLElement>('.pagedetails summary')) summary.click();
    await tick();
    expect(built).toEqual([]);
  });

  it('report a problem added later to the page details (GCWeb includes it by ajax) loads nothing until a click in it', async () => {
    page('/en/services/benefits/ei.html', '<main><p>Text</p><section class="pagedetails"><div class="include"></div></section></main>');
    const { built, module } = fakeModule();
    await watchAreas(module);
    const include = document.querySelector('.pagedetails .include')!;
    include.innerHTML = PAGE_DETAILS.replace(/^<section class="pagedetails">|<\/section>$/g, '');
    await tick();
    expect(built).toEqual([]);
    include.querySelector<HTMLElement>('summary')!.click();
    await tick();
    expect(built).toEqual(['forms']);
  });

  it("a search the page announces (GC Search's searchEvent) loads the search rules on any page, and is replayed to them", async () => {
    page('/en/services/service-directory.html', '<main></main>');
    const { built, module } = fakeModule();
    const added: Array<[string, string[]]> = [];
    await addNeededAreas(
      (c, earlier) => added.push([c.rules[0]!.name, earlier.map((e) => e.type)]),
      deps,
      async () => module,
      recordingLogger(),
    );
    const announcement = new CustomEvent('searchEvent', {
      detail: { queryText: 'passport', numberOfResults: 3, eventType: 'newQuery', actionCause: 'searchboxSubmit' },
    });
    document.dispatchEvent(announcement);
    await tick();
    expect(built).toContain('search');
    expect(added.find(([name]) => name === 'search')).toEqual(['search', ['searchEvent']]);
  });

  it('a data-layer search or searchResult push loads the area that handles it', async () => {
    page('/en/finance/budget.html', '<main></main>');
    const { built, module } = fakeModule();
    const loaders: Container[] = [];
    await addNeededAreas(
      (c) => c.rules[0]!.name.startsWith('Load') && loaders.push(c),
      deps,
      async () => module,
      recordingLogger(),
    );
    const rules = loaders.flatMap((c) => c.rules);
    const search = rules.find((r) => r.name === 'Load the search rules')!;
    expect(search.events).toEqual([
      { type: 'dataLayerPush', event: 'search' },
      { type: 'dataLayerPush', event: 'searchResult' },
    ]);
    expect(rules.map((r) => r.name)).toEqual(['Load the search rules']);
    await search.actions[0]!.run({} as never);
    expect(built).toContain('search');
  });

  it('a scroll alone does not load anything (time and scroll, on every page, is in tag.js)', async () => {
    page('/en/page.html', '<main></main>');
    const { built, module } = fakeModule();
    await watchAreas(module);
    dispatchEvent(new Event('scroll'));
    await tick();
    expect(built).toEqual([]);
  });
});

describe('each area is loaded by the markup its rules act on', () => {
  const tracker = createTracker(
    { reportSuite: 'x', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() },
    recordingDelivery().connect,
  );
  const parts = (selector: string) => selector.split(',').map((part) => part.trim());

  it.each(Object.entries(AREA_NEEDS).filter(([, need]) => 'markup' in need))('%s: every selector of its rules is covered by its markup', (name, need) => {
    const markup = parts((need as { markup: string }).markup);
    const uncovered: string[] = [];
    for (const rule of AREAS[name as AreaName]({ tracker, pageViewSent: () => undefined }).rules) {
      for (const trigger of rule.events) {
        const selector = 'selector' in trigger ? trigger.selector : undefined;
        for (const part of selector ? parts(selector) : []) {
          // Covered when the part is one of the markup's, or sits inside one (a descendant, a child).
          if (!markup.some((m) => part === m || part.startsWith(`${m} `) || part.startsWith(`${m}:`) || part.startsWith(`${m}[`)))
            uncovered.push(`${rule.name}: ${part}`);
        }
      }
    }
    expect(uncovered).toEqual([]);
  });
});
