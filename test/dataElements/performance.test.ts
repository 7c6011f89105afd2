import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentTimings,
  fingerprint,
  forgetPreviousTimings,
  loadSeconds,
  navigationType,
  PAGE_LOAD_CAP_SECONDS,
  previousTimings,
  saveTimings,
  TIMING_COOKIE,
  watchPageTimings,
} from '../../src/dataElements/performance';
import { savePreviousPageCookies } from '../../src/dataElements/previousPage';
import { siteCookies } from '../../src/engine/cookies';
import { openPage, readAll, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
  openPage({ url: 'https://www.canada.ca/en.html' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page load time', () => {
  it.each([
    [2437, '2.4'],
    [999, '1'],
    // Loaded, in under 50 ms: 0.0 seconds, not the '' of a page left before its load ended.
    [40, '0'],
    [60, '0.1'],
    [59_940, '59.9'],
    [59_960, '60'],
    [60_000, '60'],
    [185_000, '60'],
    [0, ''],
    [-5, ''],
    [Number.NaN, ''],
  ])('%s ms → %j seconds', (ms, expected) => {
    expect(loadSeconds(ms)).toBe(expected);
  });

  it('caps at 60 seconds', () => {
    expect(PAGE_LOAD_CAP_SECONDS).toBe(60);
  });

  it('reads the navigation timing entry', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd: 3120, domComplete: 3000 } as unknown as PerformanceEntry]);
    expect(readAll(['pageLoadTime'])).toEqual({ pageLoadTime: '3.1' });
  });

  it('uses DOM complete while the load event has not ended, and is blank before', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd: 0, domComplete: 1850 } as unknown as PerformanceEntry]);
    expect(readAll(['pageLoadTime'])).toEqual({ pageLoadTime: '1.9' });
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd: 0, domComplete: 0 } as unknown as PerformanceEntry]);
    expect(readAll(['pageLoadTime'])).toEqual({ pageLoadTime: '' });
  });
});

/** A PerformanceObserver stand-in: each observer's callback, and what takeRecords still holds. */
function fakeObservers() {
  const observers: Array<{ type: string; callback: PerformanceObserverCallback; pending: Array<Partial<PerformanceEntry>> }> = [];
  class FakeObserver {
    private entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { type: '', callback, pending: [] };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options.buffered).toBe(true);
      this.entry.type = options.type;
    }
    takeRecords() {
      return this.entry.pending.splice(0);
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const of = (type: string) => observers.find((o) => o.type === type)!;
  return {
    deliver(type: string, entries: Array<Partial<PerformanceEntry>>) {
      of(type).callback({ getEntries: () => entries } as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
    },
    /** Entries the browser has recorded but not yet delivered. */
    hold(type: string, entries: Array<Partial<PerformanceEntry>>) {
      of(type).pending.push(...entries);
    },
    /** How many recorded entries were not taken yet. */
    held: (type: string) => of(type).pending.length,
  };
}

/** A key or pointer press at `time` on the page's clock, as the browser stamps it. */
const pressAt = (type: string, time: number) => {
  const event = new Event(type);
  Object.defineProperty(event, 'timeStamp', { value: time });
  window.dispatchEvent(event);
};
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
};
const loadedAt = (loadEventEnd: number) =>
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd, domComplete: loadEventEnd } as unknown as PerformanceEntry]);

/**
 * A page whose page bottom ran (its URL left for the next page) and whose first contentful paint
 * came at 310 ms, its timings watched; its cookie writes counted from here on.
 */
function paintedPage() {
  openPage({ url: 'https://www.canada.ca/en/a.html' });
  savePreviousPageCookies({ url: 'https://www.canada.ca/en/a.html' });
  const paints = fakeObservers();
  const stop = watchPageTimings();
  paints.deliver('paint', [{ name: 'first-contentful-paint', startTime: 310 }]);
  const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
  const timingWrites = () => writes.mock.calls.filter(([cookie]) => cookie.startsWith(`${TIMING_COOKIE}=`)).length;
  return { stop, writes, timingWrites };
}

describe('page timings for the next page view', () => {
  afterEach(() => {
    delete (document as unknown as Record<string, unknown>).visibilityState;
  });

  it("a page's final FCP, LCP and load time reach the next page, which reports them once", () => {
    openPage({ url: 'https://www.canada.ca/en/services/benefits.html' });
    const paints = fakeObservers();
    savePreviousPageCookies({ url: 'https://www.canada.ca/en/services/benefits.html', title: 'Benefits' });
    const stop = watchPageTimings();
    paints.deliver('paint', [
      { name: 'first-paint', startTime: 100 },
      { name: 'first-contentful-paint', startTime: 310.7 },
    ]);
    paints.deliver('largest-contentful-paint', [{ startTime: 900.2 }, { startTime: 1204.5 }]);
    loadedAt(2437);
    hide();
    stop();

    openPage({ url: 'https://www.canada.ca/en/services/benefits/ei.html' });
    watchPageTimings()(); // the next page's bottom takes them before it writes its own URL
    savePreviousPageCookies({ url: 'https://www.canada.ca/en/services/benefits/ei.html' });
    expect(readAll(['previousPageFcp', 'previousPageLcp', 'previousPageLoadTime'])).toEqual({
      previousPageFcp: '311',
      previousPageLcp: '1205',
      previousPageLoadTime: '2.4',
    });
    expect(forgetPreviousTimings()).toBe(true);
    expect(readAll(['previousPageFcp', 'previousPageLcp', 'previousPageLoadTime'])).toEqual({
      previousPageFcp: '',
      previousPageLcp: '',
      previousPageLoadTime: '',
    });
  });

  it('starts its observers when `observeLater` runs them (tag.js: a task after the page bottom); buffered paints still count', () => {
    openPage({ url: 'https://www.canada.ca/en/services.html' });
    const paints = fakeObservers();
    savePreviousPageCookies({ url: 'https://www.canada.ca/en/services.html' });
    const started: Array<() => void> = [];
    const stop = watchPageTimings((start) => void started.push(start));
    expect(() => paints.deliver('paint', [])).toThrow(); // no observer yet
    started[0]!();
    paints.deliver('paint', [{ name: 'first-contentful-paint', startTime: 420 }]);
    hide();
    stop();
    openPage({ url: 'https://www.canada.ca/en/services/jobs.html' });
    watchPageTimings()();
    expect(readAll(['previousPageFcp'])).toEqual({ previousPageFcp: '420' });
  });

  it('stopped before its observers start, it starts none', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const observe = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe = observe;
        takeRecords = () => [];
        disconnect() {}
      },
    );
    const started: Array<() => void> = [];
    watchPageTimings((start) => void started.push(start))();
    started[0]!();
    expect(observe).not.toHaveBeenCalled();
  });

  it('LCP stops at the first key press or click; entries recorded before it still count (web-vitals)', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const paints = fakeObservers();
    savePreviousPageCookies({ url: 'https://www.canada.ca/en.html' });
    const stop = watchPageTimings();
    paints.hold('largest-contentful-paint', [{ startTime: 800 }]);
    pressAt('click', 1000);
    paints.deliver('largest-contentful-paint', [{ startTime: 2500 }]);
    expect(currentTimings().lcp).toBe('800');
    stop();
  });

  it('a paint before the first press still counts when the observer starts after the press (it starts once the page view is on its way)', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const started: Array<() => void> = [];
    const stop = watchPageTimings((start) => void started.push(start));
    pressAt('keydown', 1000);
    const paints = fakeObservers();
    started[0]!();
    paints.deliver('largest-contentful-paint', [{ startTime: 700 }, { startTime: 1200 }]);
    expect(currentTimings().lcp).toBe('700');
    stop();
  });

  it('a click after the first does not read the observers again, nor is listened for: LCP is already final', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const paints = fakeObservers();
    const stop = watchPageTimings();
    const removed = vi.spyOn(window, 'removeEventListener');
    window.dispatchEvent(new Event('click'));
    expect(removed.mock.calls.map(([type, , capture]) => `${type} ${capture}`).sort()).toEqual(['click true', 'keydown true']);
    removed.mockRestore();
    paints.hold('largest-contentful-paint', [{ startTime: 3000 }]);
    window.dispatchEvent(new Event('click'));
    window.dispatchEvent(new Event('keydown'));
    expect(paints.held('largest-contentful-paint')).toBe(1);
    stop();
  });

  it('a page hidden, then left, writes its timings once; a later hide writes them again only where the cookie no longer holds them', () => {
    const { stop, writes, timingWrites } = paintedPage();
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(timingWrites()).toBe(1);
    const saved = siteCookies.get(TIMING_COOKIE);
    expect(saved).toMatch(/^\|310\|\|\w+$/);

    // The next page view (here or in another tab) took them: a page shown again and left again writes them anew.
    forgetPreviousTimings();
    writes.mockClear();
    window.dispatchEvent(new Event('pagehide'));
    expect(timingWrites()).toBe(1);
    expect(siteCookies.get(TIMING_COOKIE)).toBe(saved);
    stop();
  });

  it('a page left (pagehide, then hidden) reads the cookie store once, before it writes its timings once; shown again, its next hide saves anew', () => {
    const { stop, writes, timingWrites } = paintedPage();
    const reads = vi.spyOn(Document.prototype, 'cookie', 'get');
    window.dispatchEvent(new Event('pagehide'));
    hide();
    // The one read comes before the write: a read after the page's own write is the costly kind.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(timingWrites()).toBe(1);
    expect(reads.mock.invocationCallOrder[0]).toBeLessThan(writes.mock.invocationCallOrder[0]!);
    expect(siteCookies.get(TIMING_COOKIE)).toMatch(/^\|310\|\|\w+$/);

    // Back from the back/forward cache (visible again), then hidden after another page took the timings.
    forgetPreviousTimings();
    writes.mockClear();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(timingWrites()).toBe(0);
    hide();
    expect(timingWrites()).toBe(1);
    stop();
  });

  it('paints after the page was first hidden do not count, and a page hidden from the start reports none', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    const paints = fakeObservers();
    const stop = watchPageTimings();
    paints.deliver('paint', [{ name: 'first-contentful-paint', startTime: 50 }]);
    expect(currentTimings().fcp).toBe('');
    stop();
  });

  it("are not lent to a page whose previous page is another one (another tab's page was left last)", () => {
    openPage({ url: 'https://www.canada.ca/en/a.html' });
    savePreviousPageCookies({ url: 'https://www.canada.ca/en/a.html' });
    expect(saveTimings({ load: '1.2', fcp: '300', lcp: '900' })).toBe(true);
    // Another tab's page bottom wrote its URL after this page's timings were saved.
    savePreviousPageCookies({ url: 'https://www.canada.ca/en/b.html' });
    openPage({ url: 'https://www.canada.ca/en/c.html' });
    watchPageTimings()();
    expect(previousTimings()).toEqual({ load: '', fcp: '', lcp: '' });
  });

  it('a page left before its page bottom ran removes older timings instead of leaving them to be misread', () => {
    openPage({ url: 'https://www.canada.ca/en/a.html' });
    expect(saveTimings({ load: '1.2', fcp: '300', lcp: '900' }, 'https://www.canada.ca/en/a.html')).toBe(true);
    expect(siteCookies.get(TIMING_COOKIE)).toMatch(/^1\.2\|300\|900\|\w+$/);
    expect(saveTimings({ load: '', fcp: '', lcp: '' }, 'https://www.canada.ca/en/a.html')).toBe(true);
    expect(saveTimings({ load: '2', fcp: '1', lcp: '1' }, '')).toBe(true);
    expect(siteCookies.get(TIMING_COOKIE)).toBeUndefined();
  });

  it('a prerendered page counts from its activation', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd: 5000, activationStart: 4000 } as unknown as PerformanceEntry]);
    const paints = fakeObservers();
    const stop = watchPageTimings();
    paints.deliver('paint', [{ name: 'first-contentful-paint', startTime: 4300 }]);
    expect(currentTimings()).toMatchObject({ load: '1', fcp: '300' });
    stop();
  });

  it('without PerformanceObserver only the load time is kept', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(() => watchPageTimings()()).not.toThrow();
  });

  it('fingerprint tells URLs apart', () => {
    expect(fingerprint('https://www.canada.ca/en/a.html')).not.toBe(fingerprint('https://www.canada.ca/en/b.html'));
    expect(fingerprint('x')).toBe(fingerprint('x'));
  });
});

describe('navigation type', () => {
  const entry = (type?: string) => (type ? [{ type } as unknown as PerformanceEntry] : []);
  it.each(['navigate', 'reload', 'back_forward', 'prerender'])('%s from Navigation Timing 2', (type) => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(entry(type));
    expect(navigationType()).toBe(type);
    expect(readAll(['navigationType'])).toEqual({ navigationType: type });
  });

  it.each([
    [0, 'navigate'],
    [1, 'reload'],
    [2, 'back_forward'],
    [255, 'navigate'],
  ])('level-1 code %s → %s', (code, type) => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(entry());
    Object.defineProperty(performance, 'navigation', { configurable: true, value: { type: code } });
    try {
      expect(navigationType()).toBe(type);
    } finally {
      delete (performance as { navigation?: unknown }).navigation;
    }
  });

  it('is navigate when the browser cannot tell', () => {
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(navigationType()).toBe('navigate');
  });
});
