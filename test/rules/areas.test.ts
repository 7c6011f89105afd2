import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Container } from '../../src/engine/types';
import { addNeededAreas, LATE_DOM_EVENTS, neededAreas } from '../../src/rules/areas';
import { AREAS } from '../../src/rules/onDemand';
import { createTracker } from '../../src/analytics/tracker';
import { recordingDelivery } from '../analytics/helpers';
import { recordingLogger } from '../engine/helpers';

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
    ['search', '/en/sr/srb.html', ''],
    ['search', '/fr/nouvelles/rechercher.html', ''],
    ['forms', '/en/page.html', '<form action="/s"><input name="a"></form>'],
    ['media', '/fr/page.html', '<video src="v.mp4"></video>'],
    ['scroll', '/en/contact.html', ''],
    ['survey', '/EN/surveys/thank-you.html', ''],
    ['widgets', '/en/page.html', '<details><summary>More</summary>text</details>'],
    ['widgets', '/en/page.html', '<table class="wb-tables"></table>'],
  ] as const)('%s on %s %s', (area, path, body) => {
    page(path, body);
    expect(neededAreas()).toEqual([area]);
  });

  it('a scroll-list page reached by reload does not need the scroll rules', () => {
    page('/en/contact.html');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as PerformanceNavigationTiming]);
    expect(neededAreas()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('every area it can name exists in the on-demand bundle', () => {
    const tracker = createTracker({ reportSuite: 'x', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() }, recordingDelivery().connect);
    for (const build of Object.values(AREAS)) expect(build({ tracker }).rules.length).toBeGreaterThan(0);
  });
});

const deps = { tracker: {} as never };

describe('adding the needed areas', () => {
  const fakeModule = () => {
    const built: string[] = [];
    const AREAS_FAKE = new Proxy({}, { get: (_, name: string) => () => (built.push(name), { dataElements: [], rules: [{ name, events: [], actions: [] }] }) });
    return { built, module: { AREAS: AREAS_FAKE } };
  };

  it('loads nothing on a page that needs no area', async () => {
    page('/en/page.html', '<p>text</p>');
    const importer = vi.fn();
    await addNeededAreas(() => undefined, deps, importer, recordingLogger());
    expect(importer).not.toHaveBeenCalled();
  });

  it('imports the bundle once and adds just the needed areas, logging which', async () => {
    page('/en/page.html', '<form></form><video></video>');
    const { built, module } = fakeModule();
    const added: Container[] = [];
    const log = recordingLogger();
    await addNeededAreas((c) => added.push(c), deps, async () => module, log);
    expect(built).toEqual(['forms', 'media']);
    expect(added.map((c) => c.rules[0]!.name)).toEqual(['forms', 'media']);
    expect(log.lines('log')).toEqual(['Rules added for this page: forms, media.']);
  });

  it('a bundle that cannot load is logged, never thrown', async () => {
    page('/en/page.html', '<form></form>');
    const log = recordingLogger();
    const added = vi.fn();
    await expect(addNeededAreas(added, deps, () => Promise.reject(new Error('404')), log)).resolves.toBeUndefined();
    expect(added).not.toHaveBeenCalled();
    expect(log.lines('error')).toEqual(['The forms rules could not be loaded: 404']);
  });
});

describe('DOM events before the on-demand rules arrive', () => {
  it('the kept event names cover every DOM event the on-demand rules listen for', () => {
    const tracker = createTracker({ reportSuite: 'x', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() }, recordingDelivery().connect);
    const names = new Set<string>();
    for (const build of Object.values(AREAS)) {
      for (const rule of build({ tracker }).rules) {
        for (const trigger of rule.events) {
          if (trigger.type === 'click' || trigger.type === 'change') names.add(trigger.type);
          if (trigger.type === 'customEvent') names.add(trigger.name);
        }
      }
    }
    expect([...names].filter((name) => !LATE_DOM_EVENTS.includes(name))).toEqual([]);
  });

  it('are kept while the bundle loads and handed, in order, to the added areas; none after', async () => {
    page('/en/page.html', '<form id="f"></form><video id="v"></video>');
    let finish!: (module: unknown) => void;
    const loading = new Promise((resolve) => (finish = resolve));
    const added: Array<readonly Event[]> = [];
    const done = addNeededAreas((_, earlier) => added.push([...earlier]), deps, () => loading, recordingLogger());
    document.getElementById('v')!.dispatchEvent(new Event('playing'));
    document.getElementById('f')!.dispatchEvent(new Event('submit'));
    document.body.dispatchEvent(new Event('scroll'));
    finish({ AREAS: { forms: () => ({ dataElements: [], rules: [] }), media: () => ({ dataElements: [], rules: [] }) } });
    await done;
    document.getElementById('f')!.dispatchEvent(new Event('submit'));
    expect(added.map((events) => events.map((e) => e.type))).toEqual([
      ['playing', 'submit'],
      ['playing', 'submit'],
    ]);
  });
});
