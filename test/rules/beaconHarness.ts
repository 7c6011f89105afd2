/**
 * Runs one area's rules in the real engine, with every Canada.ca data element, a real tracker
 * and a recording transport, on a page at a chosen address; beacons come back decoded. The
 * listeners a run adds to document and window are removed afterwards, so an earlier test's
 * engine never hears a later test's events.
 */
import { vi } from 'vitest';
import { createTracker } from '../../src/analytics/tracker';
import { paramOf } from '../../src/analytics/slots';
import { createDataElements } from '../../src/dataElements';
import type { DataElementName } from '../../src/dataElements/names';
import { PAGE_VIEW_ROWS, slotsOf, URL_SLOTS, type InteractionValue } from '../../src/dataElements/sdr';
import { describeParam } from '../../src/dataElements/sdrLabels';
import type { Rule } from '../../src/engine/types';
import type { RuleDependencies } from '../../src/rules/deps';
import { fakeTransport } from '../analytics/helpers';
import { CANADA, goTo, loadHtml, setReferrer } from '../dataElements/helpers';
import { recordingLogger, type RecordingLogger } from '../engine/helpers';
import { resetPage, start } from '../engine/runtimeHelpers';

/** A decoded beacon: its parameters by name, and its events as a list ('event79', 'event104=12'). */
export interface SentBeacon {
  params: Record<string, string>;
  events: string[];
  /** pev2: the link name (undefined for a page view). */
  name?: string;
}

export interface Booted {
  beacons(): SentBeacon[];
  /** Link beacons only. */
  links(): SentBeacon[];
  log: RecordingLogger;
  satellite: { track(identifier: string, detail?: unknown): void };
  push(item: Record<string, unknown>): void;
}

export const LANGUAGES = ['en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** A minimal Canada.ca page in one language (dcterms metadata, a main column with `main`). */
export function page(lang: Lang, main: string, title = lang === 'en' ? 'Test page' : "Page d'essai"): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><title>${title} - Canada.ca</title>
<meta name="dcterms.title" content="${title}"><meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}">
<meta name="dcterms.creator" content="${lang === 'en' ? 'Treasury Board of Canada Secretariat' : 'Secrétariat du Conseil du Trésor du Canada'}">
</head><body><main>${main}</main></body></html>`;
}

/** The beacon parameter an interaction value travels in (formName → v57), from the SDR. */
export const paramFor = (value: InteractionValue): string => paramOf(slotsOf(value)[0]!);

/** The beacon parameters a page-level data element travels in (searchTerm → v30), from the SDR. */
export const paramsOfElement = (name: DataElementName): string[] =>
  PAGE_VIEW_ROWS.filter((row) => row.source.dataElement === name).map((row) => paramOf(row.slot));

const cleanups: Array<() => void> = [];

/** Elements render (jsdom has no layout), unless inside display:none. */
export function stubLayout(): void {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    const hidden = this.closest('[style*="display: none"], [style*="display:none"]');
    return (hidden ? [] : [new DOMRect(0, 0, 10, 10)]) as unknown as DOMRectList;
  });
}

export function boot(options: {
  url: string;
  html: string;
  rules: (deps: RuleDependencies) => Rule[];
  dataLayer?: unknown[];
  referrer?: string;
}): Booted {
  goTo(options.url);
  loadHtml(options.html);
  setReferrer(options.referrer ?? '');
  if (options.dataLayer) (window as { adobeDataLayer?: unknown }).adobeDataLayer = options.dataLayer;
  const transport = fakeTransport();
  const log = recordingLogger();
  const tracker = createTracker(
    { reportSuite: 'canadadev', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: log, urlSlots: URL_SLOTS, paramNames: Promise.resolve(describeParam) },
    transport,
  );
  const added: Array<[EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
  const originals = [document, window].map((target) => {
    const original = target.addEventListener;
    target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, opts?: boolean | AddEventListenerOptions) {
      if (!listener) return;
      added.push([target, type, listener, opts]);
      original.call(this, type, listener, opts);
    };
    return [target, original] as const;
  });
  let satellite: Booted['satellite'];
  try {
    satellite = start(
      { dataElements: createDataElements({ host: CANADA }), rules: options.rules({ tracker, host: CANADA }) },
      { logger: log },
    ).satellite;
  } finally {
    for (const [target, original] of originals) target.addEventListener = original;
  }
  cleanups.push(() => added.forEach(([target, type, listener, opts]) => target.removeEventListener(type, listener, opts)));
  const beacons = () =>
    transport.sent().map((pairs) => {
      const params = Object.fromEntries(pairs);
      return { params, events: (params.events ?? '').split(',').filter(Boolean), name: params.pev2 };
    });
  return {
    beacons,
    links: () => beacons().filter((b) => b.params.pe),
    log,
    satellite,
    push: (item) => void (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push(item),
  };
}

/** Leaves the page for another of the same visit: the engine goes, storage and cookies stay. */
export function leavePage(): void {
  cleanups.splice(0).forEach((undo) => undo());
  const w = window as unknown as Record<string, unknown>;
  delete w._satellite;
  delete w.adobeDataLayer;
}

/** Undo everything a boot() did; call in afterEach. */
export function shutdown(): void {
  leavePage();
  resetPage();
  setReferrer('');
}

export const click = (element: Element | null) => (element as HTMLElement).click();
export const fire = (element: Element | null, type: string, init: EventInit = {}) => element!.dispatchEvent(new Event(type, init));
export const $ = (selector: string) => document.querySelector(selector);
/** Waits for promises and timers already due (beacons are built synchronously; this is for async conditions). */
export const settle = () => new Promise((done) => setTimeout(done, 0));
