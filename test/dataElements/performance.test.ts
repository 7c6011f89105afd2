import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadSeconds,
  navigationType,
  observePaintTimes,
  PAGE_LOAD_CAP_SECONDS,
  PAINT_TIME_KEYS,
  savePaintTime,
} from '../../src/dataElements/performance';
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

describe('paint times', () => {
  it('are kept in local storage rounded to the millisecond', () => {
    expect(savePaintTime('fcp', 812.6)).toBe(true);
    expect(savePaintTime('lcp', 1534.2)).toBe(true);
    expect(localStorage.getItem(PAINT_TIME_KEYS.fcp)).toBe('813');
    expect(readAll(['firstContentfulPaint', 'largestContentfulPaint'])).toEqual({
      firstContentfulPaint: '813',
      largestContentfulPaint: '1534',
    });
    expect(savePaintTime('lcp', Number.NaN)).toBe(false);
  });

  it('the page’s own first contentful paint wins over a stored one', () => {
    savePaintTime('fcp', 999);
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ startTime: 420.4 } as PerformanceEntry]);
    expect(readAll(['firstContentfulPaint'])).toEqual({ firstContentfulPaint: '420' });
  });

  it('observePaintTimes forgets the previous page’s times and stores the observed ones', () => {
    savePaintTime('lcp', 5000);
    const callbacks: PerformanceObserverCallback[] = [];
    const observed: string[] = [];
    class FakeObserver {
      constructor(callback: PerformanceObserverCallback) {
        callbacks.push(callback);
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options.buffered).toBe(true);
        observed.push(options.type);
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const stop = observePaintTimes();
    expect(localStorage.getItem(PAINT_TIME_KEYS.lcp)).toBeNull();
    expect(observed).toEqual(['paint', 'largest-contentful-paint']);
    const list = (entries: Array<Partial<PerformanceEntry>>) => ({ getEntries: () => entries }) as unknown as PerformanceObserverEntryList;
    callbacks[0]!(list([{ name: 'first-paint', startTime: 100 }, { name: 'first-contentful-paint', startTime: 310.7 }]), {} as PerformanceObserver);
    callbacks[1]!(list([{ name: '', startTime: 900.2 }, { name: '', startTime: 1204.5 }]), {} as PerformanceObserver);
    expect(localStorage.getItem(PAINT_TIME_KEYS.fcp)).toBe('311');
    expect(localStorage.getItem(PAINT_TIME_KEYS.lcp)).toBe('1205');
    stop();
  });

  it('does nothing more where PerformanceObserver is missing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(() => observePaintTimes()()).not.toThrow();
  });
});

describe('paint times already buffered at page bottom', () => {
  it('are stored at once, so the page view sent at this page bottom carries them', () => {
    class BufferedObserver {
      private type = '';
      constructor(_callback: PerformanceObserverCallback) {}
      observe(options: { type: string }) {
        this.type = options.type;
      }
      takeRecords() {
        return this.type === 'paint' ? [{ name: 'first-contentful-paint', startTime: 201.4 }] : [{ name: '', startTime: 688.6 }];
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', BufferedObserver);
    observePaintTimes()();
    expect(localStorage.getItem(PAINT_TIME_KEYS.fcp)).toBe('201');
    expect(localStorage.getItem(PAINT_TIME_KEYS.lcp)).toBe('689');
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
