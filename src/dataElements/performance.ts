/**
 * Page-level timing values (SPEC §3, §9): page-load time in seconds, capped at 60, and the
 * first and largest contentful paint times, kept in local storage rounded to the millisecond.
 * The performance-observer rule (page bottom, order 10) calls `observePaintTimes()`.
 */
import type { DataElement } from '../engine/types';
import { webStorage } from '../engine/storage';
import { safely } from './read';

/** SPEC §9: at or above 60 seconds, the load time is recorded as 60. */
export const PAGE_LOAD_CAP_SECONDS = 60;

/** Local-storage keys of the paint times (milliseconds since navigation start). */
export const PAINT_TIME_KEYS = { fcp: 'gc-fcp', lcp: 'gc-lcp' } as const;
export type PaintTime = keyof typeof PAINT_TIME_KEYS;

/** Milliseconds → seconds with one decimal, capped at 60; '' for no time. */
export function loadSeconds(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const seconds = Math.round(ms / 100) / 10;
  return String(Math.min(seconds, PAGE_LOAD_CAP_SECONDS));
}

/** Navigation start to the end of the load event (or DOM complete while the load event runs). */
export function pageLoadMs(): number {
  return safely(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (navigation) return navigation.loadEventEnd || navigation.domComplete || 0;
    const timing = performance.timing;
    const end = timing.loadEventEnd || timing.domComplete;
    return end && timing.navigationStart ? end - timing.navigationStart : 0;
  }, 0);
}

/** Stores a paint time, rounded to the millisecond. */
export function savePaintTime(kind: PaintTime, ms: number): boolean {
  if (!Number.isFinite(ms) || ms < 0) return false;
  return webStorage('local').set(PAINT_TIME_KEYS[kind], String(Math.round(ms)));
}

/**
 * Watches the first contentful paint and the largest contentful paint (buffered, so paints that
 * happened before the tag loaded count) and stores them, after forgetting the previous page's.
 * Returns a function that stops watching; only forgets where PerformanceObserver is missing.
 */
export function observePaintTimes(): () => void {
  const observers: PerformanceObserver[] = [];
  const local = webStorage('local');
  Object.values(PAINT_TIME_KEYS).forEach((key) => local.remove(key));
  const watch = (type: string, handle: (entry: PerformanceEntry) => void) =>
    safely(() => {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(handle));
      observer.observe({ type, buffered: true });
      // Buffered entries are only delivered in a later task; taking them now lets the page view
      // sent at this page bottom carry the paints that already happened.
      observer.takeRecords?.().forEach(handle);
      observers.push(observer);
    }, undefined);
  if (typeof PerformanceObserver === 'function') {
    watch('paint', (entry) => {
      if (entry.name === 'first-contentful-paint') savePaintTime('fcp', entry.startTime);
    });
    watch('largest-contentful-paint', (entry) => savePaintTime('lcp', entry.startTime));
  }
  return () => observers.forEach((o) => safely(() => o.disconnect(), undefined));
}

/**
 * How this document was reached: 'navigate', 'reload', 'back_forward' or 'prerender' (Navigation
 * Timing 2, else the level-1 code); 'navigate' when the browser cannot tell.
 */
export function navigationType(): string {
  return safely(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (entry?.type) return entry.type;
    return ['navigate', 'reload', 'back_forward'][performance.navigation?.type ?? 0] ?? 'navigate';
  }, 'navigate');
}

const storedPaint = (kind: PaintTime) => webStorage('local').get(PAINT_TIME_KEYS[kind]) ?? '';

/** This page's own first contentful paint, straight from the performance timeline. */
const timelineFcp = () =>
  safely(() => {
    const entry = performance.getEntriesByName('first-contentful-paint')[0];
    return entry ? String(Math.round(entry.startTime)) : '';
  }, '');

export const performanceDataElements: DataElement[] = [
  { name: 'pageLoadTime', get: () => loadSeconds(pageLoadMs()), defaultValue: '' },
  { name: 'firstContentfulPaint', get: () => timelineFcp() || storedPaint('fcp'), defaultValue: '' },
  { name: 'largestContentfulPaint', get: () => storedPaint('lcp'), defaultValue: '' },
  { name: 'navigationType', get: navigationType },
];
