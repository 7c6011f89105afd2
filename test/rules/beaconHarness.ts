/**
 * The rule tests' browser: `openPage()` loads a page at an address, starts the real engine with
 * every Canada.ca data element, the chosen rules and a real tracker on a recording transport, and
 * gives the beacons back decoded.
 *
 * Pages end the way a navigation ends them: `leavePage()` (also done by the next `openPage()`)
 * removes every listener the page added to document and window, now or later, closes the tracking
 * gate of its engine and tracker (for what cannot be removed: timers, observers, wrapped history
 * methods), and drops `_satellite` and the data layer, but keeps cookies and storage, so the next
 * page is the next page of the same visit. `closeBrowser()` also forgets cookies, storage and the
 * document; it runs after every test, so an earlier test's engine never hears a later test's
 * events and no test sees another's visit.
 */
import { afterEach, expect, vi } from 'vitest';
import { createTracker, type Tracker } from '../../src/analytics/tracker';
import { paramOf } from '../../src/analytics/slots';
import { createDataElements } from '../../src/dataElements';
import { searchDataElements } from '../../src/dataElements/search';
import type { DataElementName } from '../../src/dataElements/names';
import { PAGE_VIEW_ROWS, slotsOf, URL_SLOTS, type InteractionValue } from '../../src/dataElements/sdr';
import { describeParam } from '../../src/dataElements/sdrLabels';
import type { Rule } from '../../src/engine/types';
import type { RuleDependencies } from '../../src/rules/deps';
import { blocksRules } from '../../src/rules/blocks';
import { feedbackRules } from '../../src/rules/feedback';
import { linksRules } from '../../src/rules/links';
import { recordingDelivery, type RecordingDelivery } from '../analytics/helpers';
import { CANADA, fixture, goTo, loadHtml, setReferrer } from '../dataElements/helpers';
import { recordingLogger, type RecordingLogger } from '../engine/helpers';
import { resetPage, start } from '../engine/runtimeHelpers';
import { pageViewSent } from '../../src/rules/lib/pageView';

// ---------------------------------------------------------------------------------------------
// Pages

export const LANGUAGES = ['en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** English or French, for table rows written once for both languages. */
export const tr = (lang: Lang, en: string, fr: string) => (lang === 'en' ? en : fr);

/**
 * A small Canada.ca page in one language (dcterms title, language and creator). Its content goes
 * in a `<main>` (`main`, an `<h1>` by default) or straight in the `<body>` (`body`).
 */
export function canadaPage(lang: Lang, content: { main?: string; body?: string; title?: string } = {}): string {
  const { title = tr(lang, 'Test page', "Page d'essai") } = content;
  const body = content.body ?? `<main>${content.main ?? '<h1>Page</h1>'}</main>`;
  return `<!DOCTYPE html><html lang="${lang}"><head><title>${title} - Canada.ca</title>
<meta name="dcterms.title" content="${title}"><meta name="dcterms.language" content="${tr(lang, 'eng', 'fra')}">
<meta name="dcterms.creator" content="${tr(lang, 'Treasury Board of Canada Secretariat', 'Secrétariat du Conseil du Trésor du Canada')}">
</head><body>${body}</body></html>`;
}

/** The services fixtures, one per language. */
export const SERVICES = {
  en: {
    url: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html',
    html: () => fixture('en-services-page.html'),
    title: 'EI regular benefits: Eligibility',
  },
  fr: {
    url: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
    html: () => fixture('fr-services-page.html'),
    title: 'Prestations régulières d’assurance-emploi : Admissibilité',
  },
} as const;

/** The link tests' pages, and their titles. */
export const PAGES: Record<Lang, string> = {
  en: 'https://www.canada.ca/en/services/benefits/ei.html',
  fr: 'https://www.canada.ca/fr/services/prestations/ae.html',
};
const TITLES: Record<Lang, string> = { en: 'EI benefits', fr: 'Prestations d’AE' };

// ---------------------------------------------------------------------------------------------
// The browser

/** A decoded beacon: its parameters by name, and its events as a list ('event79', 'event104=12'). */
export interface Beacon {
  params: Record<string, string>;
  events: string[];
  /** pev2: the link name (undefined for a page view). */
  name?: string;
}

/** What rules are built with here: the tracker and Canada.ca's host entry, and the transport for spies. */
export interface TestDeps extends RuleDependencies {
  transport: RecordingDelivery;
}
export type RuleSet = (deps: TestDeps) => Rule[];

export interface PageOptions {
  url: string;
  html: string;
  /** The rules of one or more areas, and any test-only rules (spies). */
  rules: RuleSet | readonly RuleSet[];
  /** Items in the data layer before the tag loads. */
  dataLayer?: unknown[];
  referrer?: string;
}

export interface Page {
  /** Every beacon sent so far, images answered so that none waits behind another. */
  beacons(): Beacon[];
  pageViews(): Beacon[];
  links(): Beacon[];
  /** The same beacons as bare parameter maps. */
  params(): Array<Record<string, string>>;
  tracker: Tracker;
  transport: RecordingDelivery;
  log: RecordingLogger;
  satellite: { track(identifier: string, detail?: unknown): void };
  /** Pushes to the page's data layer. */
  push(item: Record<string, unknown>): void;
}

type Listener = [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined];

let leaveCurrent: (() => void) | undefined;
/** Only the engine and tracker of the current page may track. */
let generation = 0;

export function openPage(options: PageOptions): Page {
  leavePage();
  goTo(options.url);
  loadHtml(options.html);
  setReferrer(options.referrer ?? '');
  if (options.dataLayer) (window as { adobeDataLayer?: unknown }).adobeDataLayer = options.dataLayer;
  const mine = ++generation;
  const allowed = () => mine === generation;
  // Every listener the page adds to document or window, now or later (the scroll watcher's), is
  // removed on leaving. The tracker's own (page hide, online) belong to the page too.
  const added: Listener[] = [];
  const originals = [document, window].map((target) => {
    const original = target.addEventListener;
    target.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      o?: boolean | AddEventListenerOptions,
    ) {
      if (listener) added.push([target, type, listener, o]);
      return original.call(this, type, listener as EventListenerOrEventListenerObject, o);
    };
    return [target, original] as const;
  });
  leaveCurrent = () => {
    for (const [target, original] of originals) target.addEventListener = original;
    for (const [target, type, listener, o] of added) target.removeEventListener(type, listener, o);
  };
  const transport = recordingDelivery();
  const log = recordingLogger();
  const tracker = createTracker(
    {
      reportSuite: 'canadadev',
      trackingServer: null,
      consentCookie: null,
      isTrackingAllowed: allowed,
      logger: log,
      urlSlots: URL_SLOTS,
      paramNames: Promise.resolve(describeParam),
    },
    transport.connect,
  );
  const deps: TestDeps = { tracker, host: CANADA, transport, pageViewSent };
  const rules = [options.rules].flat().flatMap((ruleSet) => ruleSet(deps));
  const { satellite } = start(
    { dataElements: [...createDataElements({ host: CANADA }), ...searchDataElements], rules },
    { logger: log, isTrackingAllowed: allowed },
  );
  const params = () => transport.sent().map((pairs) => Object.fromEntries(pairs));
  const beacons = () => params().map((p): Beacon => ({ params: p, events: (p.events ?? '').split(',').filter(Boolean), name: p.pev2 }));
  return {
    beacons,
    pageViews: () => beacons().filter((b) => !b.params.pe),
    links: () => beacons().filter((b) => b.params.pe),
    params,
    tracker,
    transport,
    log,
    satellite,
    push: (item) => void (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push(item),
  };
}

/** The link tests' page: the link rules on `body` (no `<main>` around it); beacons as bare parameter maps, as those tests write them. */
export function openLinksPage(body: string, lang: Lang, url: string = PAGES[lang]): { beacons(): Array<Record<string, string>> } {
  return { beacons: openPage({ url, html: canadaPage(lang, { body, title: TITLES[lang] }), rules: [linksRules, blocksRules, feedbackRules] }).params };
}

/** Ends the current page as a navigation would: the engine goes, cookies and storage stay. */
export function leavePage(): void {
  generation++;
  leaveCurrent?.();
  leaveCurrent = undefined;
  const w = window as unknown as Record<string, unknown>;
  delete w._satellite;
  delete w.adobeDataLayer;
}

/** Ends the page and forgets cookies, storage and the document; runs after every test. */
export function closeBrowser(): void {
  leavePage();
  resetPage();
  setReferrer('');
}
afterEach(closeBrowser);

// ---------------------------------------------------------------------------------------------
// Small helpers

/** The beacon parameter an interaction value travels in (formName → v57), from the SDR. */
export const paramFor = (value: InteractionValue): string => paramOf(slotsOf(value)[0]!);

/** The beacon parameters a page-level data element travels in (searchTerm → v30), from the SDR. */
export const paramsOfElement = (name: DataElementName): string[] =>
  PAGE_VIEW_ROWS.filter((row) => row.source.dataElement === name).map((row) => paramOf(row.slot));

/** Elements render (jsdom has no layout), unless inside display:none. */
export function stubLayout(): void {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    const hidden = this.closest('[style*="display: none"], [style*="display:none"]');
    return (hidden ? [] : [new DOMRect(0, 0, 10, 10)]) as unknown as DOMRectList;
  });
}

export const $ = (selector: string) => document.querySelector(selector);

/** Clicks an element (or the first match of a selector) as a visitor would: bubbling, cancelable, through shadow roots. */
export function click(target: string | Element | null): void {
  const element = typeof target === 'string' ? $(target) : target;
  if (!element) throw new Error(`nothing to click: ${String(target)}`);
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
}

export const fire = (element: Element | null, type: string, init: EventInit = {}) => element!.dispatchEvent(new Event(type, init));

/** defaultPrevented of every click since preventNavigation(), read after the tag and the page handled it. */
export const clicksPrevented: boolean[] = [];

/**
 * jsdom cannot navigate: from now on, every click is cancelled last in the bubble phase, after
 * recording in `clicksPrevented` whether the tag had cancelled it. Call once, at the top of a file.
 */
export function preventNavigation(): void {
  window.addEventListener('click', (event) => {
    clicksPrevented.push(event.defaultPrevented);
    event.preventDefault();
  });
}

/** The cookie's value, or undefined. */
export function cookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
}

/** Expected beacon parameters; undefined means the parameter is absent. */
export type Expected = Record<string, string | undefined>;

/** Exactly these beacons (bare parameter maps), in order, each with at least these parameters. */
export function expectBeacons(sent: Array<Record<string, string>>, expected: Expected[]) {
  expect(sent.map((b) => `${b.pe} ${b.pev2}`)).toHaveLength(expected.length);
  expected.forEach((want, i) => {
    for (const [key, value] of Object.entries(want)) expect(sent[i]![key], `beacon ${i} ${key}`).toBe(value);
  });
}
