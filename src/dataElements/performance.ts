/**
 * Page timings (requirements PV-6, LM-3, LM-6): the page's load time in seconds (capped at 60), and its first and
 * largest contentful paints in milliseconds, as the browser finally reports them.
 *
 * A page view is sent before its page has loaded or finished painting, so each page's final
 * values travel with the NEXT page view, beside the previous page's title and URL they describe
 * (the way the load time always has): the page-bottom rule starts `watchPageTimings()`; when the
 * page is hidden or left, the values are written to the `gpv_timing` cookie with a fingerprint of
 * the URL this page left in `gpv_page`; the next page's view reads them only if that fingerprint
 * matches its previous-page URL (another tab's page never lends its timings), and every page view
 * forgets them once sent, so each page's values are reported at most once.
 *
 * Paint times follow web-vitals: buffered entries count, LCP stops at the first key press or
 * pointer press, paints after the page was first hidden do not count, and a prerendered page
 * counts from its activation.
 */
import { siteCookies, withCookieSnapshot } from '../engine/cookies';
import { decimal } from '../engine/decimal';
import type { DataElement } from '../engine/types';
import { previousPageReader, savedPageUrl } from './previousPage';
import { VISIT_DAYS } from './visitLength';
import { el, safely } from './read';

/** LM-6: at or above 60 seconds, the load time is recorded as 60. */
export const PAGE_LOAD_CAP_SECONDS = 60;

/** 'load seconds|fcp ms|lcp ms|fingerprint of the URL in gpv_page of the page they measure'. */
export const TIMING_COOKIE = 'gpv_timing';

export interface PageTimings {
  /** Seconds, one decimal, capped at 60; '' when the page was left before its load event ended. */
  load: string;
  /** Milliseconds, rounded; '' when there was none. */
  fcp: string;
  lcp: string;
}

/** Milliseconds → seconds with one decimal, capped at 60; '' for no time. `toFixed`, for the reason `decimal` gives. */
export const loadSeconds = (ms: number): string => {
  if (!(Number.isFinite(ms) && ms > 0)) return '';
  const tenths = Math.min(Math.round(ms / 100), PAGE_LOAD_CAP_SECONDS * 10);
  return (tenths / 10).toFixed(tenths % 10 ? 1 : 0);
};

/** This document's Navigation Timing 2 entry, when the browser has one (it throws where `performance` is missing). */
const navigationEntry = () => performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;

/** A prerendered page's times count from when the visitor activated it. */
const activationStart = (): number => safely(() => (navigationEntry() || { activationStart: 0 }).activationStart || 0, 0);

/** Navigation start (or activation) to the end of the load event (or DOM complete while the load event runs); 0 before. */
export const pageLoadMs = (): number =>
  safely(() => {
    const navigation = navigationEntry();
    if (navigation) {
      const end = navigation.loadEventEnd || navigation.domComplete || 0;
      return end && Math.max(end - activationStart(), 1);
    }
    const timing = performance.timing;
    const end = timing.loadEventEnd || timing.domComplete;
    return end && timing.navigationStart ? end - timing.navigationStart : 0;
  }, 0);

/** 32-bit FNV-1a of a text, base 36: enough to tell the measured page from another. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const ms = (value: number): string => (Number.isFinite(value) && value >= 0 ? decimal(Math.round(value)) : '');

/** This page's paint times so far (web-vitals semantics, see the file comment). */
const paints = { fcp: NaN, lcp: NaN };

/** This page's timings as they stand. */
export const currentTimings = (): PageTimings => ({ load: loadSeconds(pageLoadMs()), fcp: ms(paints.fcp), lcp: ms(paints.lcp) });

/**
 * Writes this page's timings for the next page view, tied to the URL this page left for it; with
 * no URL left (the page bottom never ran) or nothing measured, removes older ones instead.
 * The store is read once, before any write: a cookie that holds the value already is not written
 * again (a page hidden, then left), and no read follows the write. Outside a run every lookup
 * reads the store, and a read after the page's own write costs its thread far more than a read
 * of an unchanged store.
 */
export function saveTimings(timings: PageTimings = currentTimings(), url: string = savedPageUrl()): boolean {
  const value = url && (timings.load || timings.fcp || timings.lcp) && [timings.load, timings.fcp, timings.lcp, fingerprint(url)].join('|');
  return withCookieSnapshot(() =>
    value ? siteCookies.get(TIMING_COOKIE) === value || siteCookies.set(TIMING_COOKIE, value, { days: VISIT_DAYS }) : siteCookies.remove(TIMING_COOKIE),
  );
}

const NO_TIMINGS: PageTimings = { load: '', fcp: '', lcp: '' };

/** The previous page's timings in the cookie, when they describe the page the previous-page URL names. */
function readPreviousTimings(): PageTimings {
  const [load = '', fcp = '', lcp = '', print] = (siteCookies.get(TIMING_COOKIE) || '').split('|');
  const url = previousPageReader('url')();
  return url && print === fingerprint(url) ? { load, fcp, lcp } : NO_TIMINGS;
}

/**
 * Taken when this page's timings start to be watched (page bottom, order 10), before this page
 * writes its own URL for the next one (order 90): an app's virtual page view, sent later, still
 * finds the previous page's timings.
 */
let previous: PageTimings | undefined;

/** The previous page's timings, until a page view has carried them. */
export const previousTimings = (): PageTimings => previous || readPreviousTimings();

/** After a page view carried them: the previous page's timings are reported once. */
export function forgetPreviousTimings(): boolean {
  previous = NO_TIMINGS;
  return siteCookies.remove(TIMING_COOKIE);
}

/**
 * Watches this page's first and largest contentful paints (buffered, so paints before the tag
 * count) and saves the timings whenever the page is hidden or left. Returns a function that stops
 * watching; without PerformanceObserver only the load time is saved.
 */
export function watchPageTimings(observeLater: (start: () => void) => void = (start) => start()): () => void {
  const watched: Array<[PerformanceObserver, (entry: PerformanceEntry) => void]> = [];
  paints.fcp = paints.lcp = NaN;
  previous = readPreviousTimings();
  let firstHidden = document.visibilityState === 'hidden' ? 0 : Infinity;
  // LCP counts the paints before the first key or pointer press (web-vitals), judged by their
  // time: entries the observer delivers after a press (it may start after one) still count.
  let lcpUntil = Infinity;
  let stopped = false;
  const counts = (entry: PerformanceEntry) => entry.startTime < firstHidden;
  const sinceActivation = (entry: PerformanceEntry) => Math.max(entry.startTime - activationStart(), 0);
  const watch = (type: string, handle: (entry: PerformanceEntry) => void) =>
    safely(() => {
      const observer = new PerformanceObserver((list) => list.getEntries().filter(counts).forEach(handle));
      observer.observe({ type, buffered: true });
      watched.push([observer, handle]);
    });
  // Buffered: the paints before the observers start are delivered all the same.
  observeLater(() => {
    if (stopped || typeof PerformanceObserver !== 'function') return;
    watch('paint', (entry) => {
      if (entry.name === 'first-contentful-paint') paints.fcp = sinceActivation(entry);
    });
    watch('largest-contentful-paint', (entry) => {
      if (entry.startTime < lcpUntil) paints.lcp = sinceActivation(entry);
    });
  });
  // Entries the browser has not delivered yet still describe the page as it was.
  const flush = () => watched.forEach(([observer, handle]) => safely(() => observer.takeRecords().filter(counts).forEach(handle)));
  const finishLcp = (event: Event) => {
    lcpUntil = Math.min(lcpUntil, event.timeStamp);
    flush();
  };
  // Only the first key or pointer press ends LCP: the listeners go with it, so that later clicks
  // do not pay for a listener that has nothing left to do.
  const firstPress = (event: Event) => {
    finishLcp(event);
    unlisten(firstPress);
  };
  let left = false;
  const onHide = (event: Event) => {
    if (event.type === 'pagehide') left = true;
    // Shown again (a tab brought back, a return from the back/forward cache): its hides count anew.
    else if (document.visibilityState !== 'hidden') return void (left = false);
    // A page that is left is hidden right after its pagehide, which saved all there was: a second
    // save would only pay a read of the store after the page's own write.
    else if (left) return;
    finishLcp(event);
    firstHidden = Math.min(firstHidden, event.timeStamp);
    saveTimings();
  };
  const listeners: Array<[EventTarget, string, EventListener]> = [
    [document, 'visibilitychange', onHide],
    [window, 'pagehide', onHide],
    [window, 'keydown', firstPress],
    [window, 'click', firstPress],
  ];
  listeners.forEach(([target, type, listener]) => target.addEventListener(type, listener, true));
  /** Removes the listeners, or only those that call `one`. */
  function unlisten(one?: EventListener): void {
    for (const [target, type, listener] of listeners) if (!one || listener === one) target.removeEventListener(type, listener, true);
  }
  return () => {
    stopped = true;
    watched.forEach(([observer]) => safely(() => observer.disconnect()));
    unlisten();
  };
}

/**
 * How this document was reached: 'navigate', 'reload', 'back_forward' or 'prerender' (Navigation
 * Timing 2, else the level-1 code); 'navigate' when the browser cannot tell.
 */
export const navigationType = (): string =>
  safely(
    () => (navigationEntry() || { type: '' }).type || ['navigate', 'reload', 'back_forward'][(performance.navigation || { type: 0 }).type] || 'navigate',
    'navigate',
  );

export const performanceDataElements: DataElement[] = [
  // This page's values so far, for page code (`_satellite.getVar`); beacons carry the previous page's.
  el('pageLoadTime', () => currentTimings().load, ''),
  el('firstContentfulPaint', () => currentTimings().fcp, ''),
  el('largestContentfulPaint', () => currentTimings().lcp, ''),
  el('previousPageLoadTime', () => previousTimings().load, ''),
  el('previousPageFcp', () => previousTimings().fcp, ''),
  el('previousPageLcp', () => previousTimings().lcp, ''),
  el('navigationType', navigationType),
];
