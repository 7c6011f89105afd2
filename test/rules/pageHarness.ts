/**
 * The page-level rule tests' browser: opens a page at an address, starts the real engine with
 * every Canada.ca data element, the chosen rules and a real tracker on a recording transport,
 * and gives the beacons back decoded. `leave()` ends a page like a navigation does (listeners
 * and `_satellite` gone, cookies and storage kept) so that the next `open()` is the next page
 * of the same visit; `closeBrowser()` forgets everything.
 */
import { createTracker, type Tracker } from '../../src/analytics/tracker';
import { createDataElements } from '../../src/dataElements';
import { URL_SLOTS } from '../../src/dataElements/sdr';
import { describeParam } from '../../src/dataElements/sdrLabels';
import type { Rule } from '../../src/engine/types';
import type { RuleDependencies } from '../../src/rules/deps';
import { fakeTransport, type FakeTransport } from '../analytics/helpers';
import { CANADA, fixture, goTo, loadHtml, setReferrer } from '../dataElements/helpers';
import { recordingLogger, type RecordingLogger } from '../engine/helpers';
import { resetPage, start } from '../engine/runtimeHelpers';

export interface Beacon {
  params: Record<string, string>;
  events: string[];
  /** Link name (pev2); undefined for a page view. */
  name?: string;
}

export interface OpenedPage {
  /** Every beacon sent so far, images answered so that none waits behind another. */
  beacons(): Beacon[];
  pageViews(): Beacon[];
  links(): Beacon[];
  tracker: Tracker;
  transport: FakeTransport;
  log: RecordingLogger;
  satellite: { track(identifier: string, detail?: unknown): void };
}

export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** A small Canada.ca page in one language. */
export function canadaPage(lang: Lang, title: string, main = '<h1>Page</h1>', head = ''): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><title>${title} - Canada.ca</title>
<meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}">
<meta name="dcterms.creator" content="${lang === 'en' ? 'Service Canada' : 'Service Canada (FR)'}">${head}
</head><body><main>${main}</main></body></html>`;
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

let leaveCurrent: (() => void) | undefined;

export interface TestDeps extends RuleDependencies {
  transport: FakeTransport;
}

export function open(options: {
  url: string;
  html: string;
  rules: Array<(deps: RuleDependencies) => Rule[]>;
  /** Test-only rules (spies), given the tracker and the transport. */
  extra?: (deps: TestDeps) => Rule[];
}): OpenedPage {
  leave();
  goTo(options.url);
  loadHtml(options.html);
  setReferrer('');
  // Every listener the page adds, now or later (the scroll watcher's), is removed on leaving,
  // so that nothing of this page hears the next one.
  const added: Array<[EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
  const originals = [document, window].map((target) => {
    const original = target.addEventListener;
    target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, o?: boolean | AddEventListenerOptions) {
      if (listener) added.push([target, type, listener, o]);
      return original.call(this, type, listener as EventListenerOrEventListenerObject, o);
    };
    return [target, original] as const;
  });
  const transport = fakeTransport();
  const log = recordingLogger();
  let tracker: Tracker;
  let satellite: OpenedPage['satellite'];
  try {
    // The tracker's own listeners (page hide, online) belong to this page too.
    tracker = createTracker(
      { reportSuite: 'canadadev', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: log, urlSlots: URL_SLOTS, paramNames: Promise.resolve(describeParam) },
      transport,
    );
    const deps = { tracker, host: CANADA };
    satellite = start(
      { dataElements: createDataElements({ host: CANADA }), rules: [...options.rules.flatMap((r) => r(deps)), ...(options.extra?.({ ...deps, transport }) ?? [])] },
      { logger: log },
    ).satellite;
  } catch (error) {
    for (const [target, original] of originals) target.addEventListener = original;
    throw error;
  }
  leaveCurrent = () => {
    for (const [target, original] of originals) target.addEventListener = original;
    for (const [target, type, listener, o] of added) target.removeEventListener(type, listener, o);
    const w = window as unknown as Record<string, unknown>;
    delete w._satellite;
    delete w.adobeDataLayer;
  };
  const beacons = (): Beacon[] => {
    // Page views go by image, one at a time; answer each so the next one leaves.
    for (let i = 0; i < transport.images.length; i++) transport.images[i]!.load();
    return transport.sent().map((pairs) => {
      const params = Object.fromEntries(pairs);
      return { params, events: (params.events ?? '').split(',').filter(Boolean), name: params.pev2 };
    });
  };
  return {
    beacons,
    pageViews: () => beacons().filter((b) => !b.params.pe),
    links: () => beacons().filter((b) => b.params.pe),
    tracker,
    transport,
    log,
    satellite,
  };
}

/** Ends the current page as a navigation would: cookies and storage stay. */
export function leave(): void {
  leaveCurrent?.();
  leaveCurrent = undefined;
}

/** Ends the page and forgets cookies, storage and the document. */
export function closeBrowser(): void {
  leave();
  resetPage();
  setReferrer('');
}
