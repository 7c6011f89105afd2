import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/dataElements/read';
import { VISIT_COOKIE } from '../../src/dataElements/visit';
import { cookies } from '../../src/engine/cookies';
import { measurementsRules } from '../../src/rules/measurements';
import { pageRules } from '../../src/rules/page';
import { restoreNavigator, setUserAgent } from '../dataElements/helpers';
import { LANGUAGES, openPage, SERVICES, type Lang } from './beaconHarness';

const DAY = 86_400_000;
let now = Date.UTC(2025, 8, 17, 14);

beforeEach(() => {
  now = Date.UTC(2025, 8, 17, 14);
  vi.spyOn(clock, 'now').mockImplementation(() => new Date(now));
  // jsdom has no platform; a real browser always has one.
  Object.defineProperty(navigator, 'platform', { configurable: true, get: () => 'Linux x86_64' });
});
afterEach(() => {
  restoreNavigator();
  delete (navigator as unknown as Record<string, unknown>).platform;
  delete (navigator as unknown as Record<string, unknown>).webdriver;
  vi.unstubAllGlobals();
});

const openServices = (lang: Lang) => openPage({ url: SERVICES[lang].url, html: SERVICES[lang].html(), rules: [pageRules, measurementsRules] });
const pageView = (lang: Lang) => openServices(lang).pageViews()[0]!.params;
const navigationTiming = (timing: Partial<PerformanceNavigationTiming>) =>
  vi
    .spyOn(performance, 'getEntriesByType')
    .mockImplementation((type) => (type === 'navigation' ? [{ type: 'navigate', ...timing } as unknown as PerformanceEntry] : []));

describe.each(LANGUAGES)('page-level measurements on a %s page', (lang) => {
  it.each([
    [2437, '2.4'],
    [59_940, '59.9'],
    [60_000, '60'],
    [95_000, '60'],
  ])('a load of %s ms, saved when the page is left, reaches the next page view as %s s, once', (loadEventEnd, seconds) => {
    navigationTiming({ loadEventEnd, domComplete: loadEventEnd - 10 });
    const first = pageView(lang);
    expect(first.v49).toBeUndefined(); // no previous page
    window.dispatchEvent(new Event('pagehide'));
    vi.restoreAllMocks();
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(now));
    expect(pageView(lang === 'en' ? 'fr' : 'en').v49).toBe(seconds);
    // The second page was not left: a third page view has no previous timings to repeat.
    expect(pageView(lang).v49).toBeUndefined();
  });

  it("carries the previous page's final paint times, rounded to the millisecond, and none on its own page view", () => {
    const delivered: PerformanceObserverCallback[] = [];
    class Observer {
      private type = '';
      constructor(callback: PerformanceObserverCallback) {
        delivered.push(callback);
      }
      observe(o: { type: string }) {
        this.type = o.type;
      }
      takeRecords() {
        return this.type === 'largest-contentful-paint'
          ? [{ name: '', startTime: 1534.4, entryType: this.type }]
          : [{ name: 'first-contentful-paint', startTime: 812.6, entryType: 'paint' }];
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    const params = pageView(lang);
    expect([params.v43, params.v44]).toEqual([undefined, undefined]);
    window.dispatchEvent(new Event('pagehide'));
    const next = pageView(lang === 'en' ? 'fr' : 'en');
    expect([next.v43, next.v44]).toEqual(['813', '1534']);
  });

  it('new, then the same visit, then a repeat visit days later, then new again after 30 days away', () => {
    const first = pageView(lang);
    expect([first.v68, first.v69]).toEqual(['New', 'First visit']);
    now += 20 * 60_000;
    const sameVisit = pageView(lang);
    expect([sameVisit.v68, sameVisit.v69]).toEqual(['New', 'First visit']);
    now += 3 * DAY;
    const repeat = pageView(lang);
    expect([repeat.v68, repeat.v69]).toEqual(['Repeat', 'Less than 7 days']);
    now += 45 * DAY;
    const back = pageView(lang);
    expect([back.v68, back.v69]).toEqual(['New', 'Less than 1 year']);
  });

  it("an app's virtual page views (CUSTOM_PAGE_LOAD, a pageLoad push) extend the visit too", () => {
    const page = openServices(lang);
    expect(cookies.get(VISIT_COOKIE)?.split('|')[0]).toBe(String(now));
    now += 25 * 60_000;
    page.satellite.track('CUSTOM_PAGE_LOAD');
    expect(cookies.get(VISIT_COOKIE)?.split('|')[0]).toBe(String(now));
    now += 25 * 60_000;
    (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push({ event: 'pageLoad' });
    expect(cookies.get(VISIT_COOKIE)?.split('|')[0]).toBe(String(now));
  });

  it.each([
    ['a real browser', () => undefined, 'No Bot Detected', undefined],
    ['webdriver', () => void Object.defineProperty(navigator, 'webdriver', { configurable: true, get: () => true }), 'Bot Detected', 'webdriver'],
    [
      'headless Chrome',
      () => setUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36'),
      'Bot Detected',
      'headless chrome',
    ],
    [
      'a .999 Chrome',
      () => setUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.999 Safari/537.36'),
      'Bot Detected',
      'chrome version .999',
    ],
  ] as Array<[string, () => void, string, string | undefined]>)('bot detection: %s', (_, arrange, flag, attribute) => {
    arrange();
    const params = pageView(lang);
    expect(params.c40).toBe(flag);
    expect(params.c41).toBe(attribute);
  });
});
