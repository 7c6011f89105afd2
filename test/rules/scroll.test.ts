/**
 * Scroll depth in jsdom, with the layout played by hand (page height, window height, scroll
 * position) and the clock faked: what is sent, when, and in which order. The same behaviour in
 * real Chromium is test/e2e/scroll.e2e.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScrollWatcher } from '../../src/rules/lib/scroll';
import { engagementRules, scrollRules, TIME_AND_SCROLL } from '../../src/rules/scroll';
import { canadaPage, LANGUAGES, openPage, type Lang } from './beaconHarness';

const WINDOW = 800;
let pageHeight = 4000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  pageHeight = 4000;
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => pageHeight });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: WINDOW });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  delete (document.documentElement as unknown as Record<string, unknown>).scrollHeight;
});

/** Scrolls so that the bottom of the window is at `percent` of the page, and lets a frame pass. */
function scrollTo(percent: number) {
  (window as { scrollY: number }).scrollY = Math.max(0, (pageHeight * percent) / 100 - WINDOW);
  window.dispatchEvent(new Event('scroll'));
  vi.advanceTimersToNextFrame();
}
/** Moves the clock to `ms` after navigation start. */
const at = (ms: number) => vi.advanceTimersByTime(Math.max(0, ms - performance.now()));

const CONTACT = { en: 'https://www.canada.ca/en/contact.html', fr: 'https://www.canada.ca/fr/contact.html' } as const;
const TITLE = { en: 'Contact us', fr: 'Contactez-nous' } as const;

function openAt(url: string, lang: Lang, navigation = 'navigate') {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) => (type === 'navigation' ? [{ type: navigation } as unknown as PerformanceEntry] : []));
  return openPage({ url, html: canadaPage(lang, { title: TITLE[lang] }), rules: [scrollRules, engagementRules] });
}

describe.each(LANGUAGES)('scroll depth on a long %s page of the list', (lang) => {
  it('sends 25, 50, 75 once each, in order, not before 3 s, then 100 at the bottom', () => {
    const page = openAt(CONTACT[lang], lang);
    const names = () => page.links().map((b) => b.name);
    at(1500);
    scrollTo(60);
    at(2999);
    expect(names()).toEqual([]); // 3 s on the page first
    at(3000);
    expect(names()).toEqual(['Custom Scroll Depth 25', 'Custom Scroll Depth 50']);
    scrollTo(40);
    scrollTo(97);
    expect(names()).toEqual(['Custom Scroll Depth 25', 'Custom Scroll Depth 50', 'Custom Scroll Depth 75']);
    scrollTo(98);
    scrollTo(100);
    scrollTo(10);
    scrollTo(100);
    at(60_000);
    expect(names().filter((n) => n!.startsWith('Custom Scroll Depth'))).toEqual([
      'Custom Scroll Depth 25',
      'Custom Scroll Depth 50',
      'Custom Scroll Depth 75',
      'Custom Scroll Depth 100',
    ]);
    for (const beacon of page.links().filter((b) => b.name!.startsWith('Custom Scroll Depth'))) {
      expect(beacon.params.pe).toBe('lnk_o');
      expect(beacon.events).toEqual(['event85']);
      expect(beacon.params.v1).toBe(TITLE[lang]);
      expect(beacon.params.v2).toBe(CONTACT[lang]);
      expect(beacon.params.v16).toBe('28.0.0');
    }
    // Each beacon leaves the tracker cleared, with the page values restored.
    expect(page.tracker.get('eVar1')).toBe(TITLE[lang]);
    expect(page.tracker.get('eVar16')).toBe('28.0.0');
  });

  it('a jump straight to the bottom after 3 s sends 25, 50, 75 and 100 in that order', () => {
    const page = openAt(CONTACT[lang], lang);
    at(4000);
    scrollTo(100);
    expect(page.links().map((b) => b.name)).toEqual(['Custom Scroll Depth 25', 'Custom Scroll Depth 50', 'Custom Scroll Depth 75', 'Custom Scroll Depth 100']);
  });

  it('a short page (nothing to scroll) sends 25, 50, 75 at 3 s, and no 100', () => {
    pageHeight = 600;
    const page = openAt(CONTACT[lang], lang);
    at(2999);
    expect(page.links()).toEqual([]);
    at(3000);
    expect(page.links().map((b) => b.name)).toEqual(['Custom Scroll Depth 25', 'Custom Scroll Depth 50', 'Custom Scroll Depth 75']);
    at(29_000);
    expect(page.links()).toHaveLength(3);
  });

  it(`"${TIME_AND_SCROLL}" once, when half the page has been seen and 30 s spent`, () => {
    const page = openAt(CONTACT[lang], lang);
    const timeAndScroll = () => page.links().filter((b) => b.name === TIME_AND_SCROLL);
    at(5000);
    scrollTo(45);
    at(40_000);
    expect(timeAndScroll()).toEqual([]);
    scrollTo(55);
    expect(timeAndScroll()).toHaveLength(1);
    expect(timeAndScroll()[0]!.events).toEqual([]);
    scrollTo(90);
    at(90_000);
    expect(timeAndScroll()).toHaveLength(1);
  });

  it(`"${TIME_AND_SCROLL}" waits for the 30 s when the scroll came first`, () => {
    const page = openAt(CONTACT[lang], lang);
    at(1000);
    scrollTo(70);
    at(29_999);
    expect(page.links().map((b) => b.name)).not.toContain(TIME_AND_SCROLL);
    at(30_000);
    expect(page.links().map((b) => b.name)).toContain(TIME_AND_SCROLL);
  });
});

describe('no scroll-depth beacons; the time-and-scroll signal on every page reached by normal navigation', () => {
  it.each([
    ['a page not on the list (EN)', 'https://www.canada.ca/en/services/benefits.html', 'en', 'navigate'],
    ['a page not on the list (FR)', 'https://www.canada.ca/fr/services/prestations.html', 'fr', 'navigate'],
    ['the Canada Day page', 'https://www.canada.ca/en/canadian-heritage/campaigns/canada-day.html', 'en', 'navigate'],
    ['the Fête du Canada page', 'https://www.canada.ca/fr/patrimoine-canadien/campagnes/fete-canada.html', 'fr', 'navigate'],
    ['the Winterlude page', 'https://www.canada.ca/en/canadian-heritage/campaigns/winterlude.html', 'en', 'navigate'],
    ['the Bal de Neige page', 'https://www.canada.ca/fr/patrimoine-canadien/campagnes/bal-de-neige.html', 'fr', 'navigate'],
    ['a reload (EN)', 'https://www.canada.ca/en/contact.html', 'en', 'reload'],
    ['a back/forward visit (FR)', 'https://www.canada.ca/fr/contact.html', 'fr', 'back_forward'],
  ] as const)('%s', (_, url, lang, navigation) => {
    const page = openAt(url, lang, navigation);
    for (let t = 1000; t <= 60_000; t += 7000) {
      at(t);
      scrollTo((t / 60_000) * 100);
    }
    expect(page.links().map((b) => b.name)).toEqual(navigation === 'navigate' ? [TIME_AND_SCROLL] : []);
    expect(vi.getTimerCount()).toBe(0); // nothing waits for anything
  });

  it('a heritage campaign other than Canada Day or Winterlude is tracked', () => {
    const page = openAt('https://www.canada.ca/en/canadian-heritage/campaigns/black-history-month.html', 'en');
    at(4000);
    scrollTo(30);
    expect(page.links().map((b) => b.name)).toEqual(['Custom Scroll Depth 25']);
  });
});

describe('the scroll watcher stays cheap', () => {
  it('one passive scroll listener, measured at most once a frame, gone when every goal is met', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    added.mockClear();
    removed.mockClear();
    const reads = vi.fn(() => pageHeight);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: reads });
    const met: number[] = [];
    const watcher = createScrollWatcher();
    watcher.watch(
      [25, 50].map((depth) => ({ depth, afterMs: 0, shortPages: true, reached: () => met.push(depth) })),
      100,
    );
    watcher.watch([{ depth: 75, afterMs: 0, shortPages: true, reached: () => met.push(75) }], 100);
    vi.advanceTimersByTime(100);
    const scrollListeners = added.mock.calls.filter(([type]) => type === 'scroll');
    expect(scrollListeners).toHaveLength(1);
    expect(scrollListeners[0]![2]).toEqual({ passive: true });
    reads.mockClear();
    for (let i = 0; i < 20; i++) window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersToNextFrame();
    expect(reads).toHaveBeenCalledTimes(1);
    scrollTo(100);
    expect(met).toEqual([25, 50, 75]);
    expect(removed.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(1);
  });

  it('sets no timer while the visitor has not reached a goal (no polling)', () => {
    const watcher = createScrollWatcher();
    watcher.watch([{ depth: 50, afterMs: 30_000, shortPages: true, reached: () => undefined }], 100);
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
    scrollTo(60);
    expect(vi.getTimerCount()).toBe(1); // only the wait for the 30 s
  });

  it('a goal that throws does not stop the next one', () => {
    const met: number[] = [];
    const watcher = createScrollWatcher();
    watcher.watch(
      [
        {
          depth: 25,
          afterMs: 0,
          shortPages: true,
          reached: () => {
            throw new Error('boom');
          },
        },
        { depth: 50, afterMs: 0, shortPages: true, reached: () => met.push(50) },
      ],
      0,
    );
    vi.advanceTimersByTime(0);
    scrollTo(60);
    expect(met).toEqual([50]);
  });
});
