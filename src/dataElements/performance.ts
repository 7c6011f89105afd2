/**
 * Page-level timing values (SPEC §3, §9): page-load time in seconds, capped at 60, and the
 * first and largest contentful paint times, kept in local storage rounded to the millisecond.
 * The performance-observer rule (page bottom, order 10) calls `observePaintTimes()`.
 */
import type { DataElement } from '../engine/types';
import { webStorage } from '../engine/storage';
import { el, safely } from './read';

/** SPEC §9: at or above 60 seconds, the load time is recorded as 60. */
export const PAGE_LOAD_CAP_SECONDS = 60;

/** Local-storage keys of the paint times (milliseconds since navigation start). */
export const PAINT_TIME_KEYS = { fcp: 'gc-fcp', lcp: 'gc-lcp' } as const;
export type PaintTime = keyof typeof PAINT_TIME_KEYS;

/** Milliseconds → seconds with one decimal, capped at 60; '' for no time. */
export const loadSeconds = (ms: number): string =>
  isFinite(ms) && ms > 0 ? String(Math.min(Math.round(ms / 100) / 10, PAGE_LOAD_CAP_SECONDS)) : '';

/** This document's Navigation Timing 2 entry, when the browser has one (it throws where `performance` is missing). */
const navigationEntry = () => performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;

/** Navigation start to the end of the load event (or DOM complete while the load event runs). */
export const pageLoadMs = (): number =>
  safely(() => {
    const navigation = navigationEntry();
    if (navigation) return navigation.loadEventEnd || navigation.domComplete || 0;
    const timing = performance.timing;
    const end = timing.loadEventEnd || timing.domComplete;
    return end && timing.navigationStart ? end - timing.navigationStart : 0;
  }, 0);

const local = () => webStorage('local');

/** Stores a paint time, rounded to the millisecond. */
export const savePaintTime = (kind: PaintTime, ms: number): boolean =>
  isFinite(ms) && ms >= 0 && local().set(PAINT_TIME_KEYS[kind], String(Math.round(ms)));

/**
 * Watches the first contentful paint and the largest contentful paint (buffered, so paints that
 * happened before the tag loaded count) and stores them, after forgetting the previous page's.
 * Returns a function that stops watching; only forgets where PerformanceObserver is missing.
 */
export function observePaintTimes(): () => void {
  const observers: PerformanceObserver[] = [];
  local().remove(PAINT_TIME_KEYS.fcp);
  local().remove(PAINT_TIME_KEYS.lcp);
  const watch = (type: string, handle: (entry: PerformanceEntry) => void) =>
    safely(() => {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(handle));
      observer.observe({ type, buffered: true });
      // Buffered entries are only delivered in a later task; taking them now lets the page view
      // sent at this page bottom carry the paints that already happened.
      if (observer.takeRecords) observer.takeRecords().forEach(handle);
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
export const navigationType = (): string =>
  safely(
    () =>
      (navigationEntry() || { type: '' }).type ||
      ['navigate', 'reload', 'back_forward'][(performance.navigation || { type: 0 }).type] ||
      'navigate',
    'navigate',
  );

/** This page's own first contentful paint, straight from the performance timeline. */
const timelineFcp = () =>
  safely(() => {
    const entry = performance.getEntriesByName('first-contentful-paint')[0];
    return entry ? String(Math.round(entry.startTime)) : '';
  }, '');

export const performanceDataElements: DataElement[] = [
  el('pageLoadTime', () => loadSeconds(pageLoadMs()), ''),
  el('firstContentfulPaint', () => timelineFcp() || local().get(PAINT_TIME_KEYS.fcp) || '', ''),
  el('largestContentfulPaint', () => local().get(PAINT_TIME_KEYS.lcp) || '', ''),
  el('navigationType', navigationType),
];
