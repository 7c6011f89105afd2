/**
 * Runs the link rules on the real engine, data elements and tracker in jsdom, and reads back the
 * beacons the fake transport got. Each page starts a new runtime; runtimes of earlier pages stay
 * attached to the document (the engine has no stop), so their tracking gate is closed.
 */
import { expect } from 'vitest';
import { createTracker } from '../../src/analytics/tracker';
import { createDataElements } from '../../src/dataElements';
import { URL_SLOTS } from '../../src/dataElements/sdr';
import { createLogger } from '../../src/engine/logger';
import { linksRules } from '../../src/rules/links';
import { fakeTransport, type FakeTransport } from '../analytics/helpers';
import { CANADA, goTo, loadHtml, resetWindow } from '../dataElements/helpers';
import { resetPage, start } from '../engine/runtimeHelpers';

export type Lang = 'en' | 'fr';
export const PAGES: Record<Lang, string> = {
  en: 'https://www.canada.ca/en/services/benefits/ei.html',
  fr: 'https://www.canada.ca/fr/services/prestations/ae.html',
};
export const TITLES: Record<Lang, string> = { en: 'EI benefits', fr: 'Prestations d’AE' };
/** English or French, for table rows written once for both languages. */
export const tr = (lang: Lang, en: string, fr: string) => (lang === 'en' ? en : fr);

/** defaultPrevented of every click, read after the tag and the page handled it. */
export const clicksPrevented: boolean[] = [];
// Last in the bubble phase: records what the tag left, then stops jsdom from trying to navigate.
window.addEventListener('click', (event) => {
  clicksPrevented.push(event.defaultPrevented);
  event.preventDefault();
});

let generation = 0;

export interface LinksPage {
  transport: FakeTransport;
  /** Every beacon sent so far, as parameter → value. */
  beacons(): Array<Record<string, string>>;
  click(target: string | Element): void;
}

export function openLinksPage(body: string, lang: Lang = 'en', url: string = PAGES[lang]): LinksPage {
  resetPage();
  resetWindow();
  goTo(url);
  loadHtml(`<html lang="${lang}"><head><title>${TITLES[lang]} - Canada.ca</title>
<meta name="dcterms.title" content="${TITLES[lang]}"><meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}"></head>
<body>${body}</body></html>`);
  const mine = ++generation;
  const allowed = () => mine === generation;
  const transport = fakeTransport();
  const logger = createLogger('[tag]', false);
  const tracker = createTracker(
    { reportSuite: 'canadadev', trackingServer: null, consentCookie: null, isTrackingAllowed: allowed, logger, urlSlots: URL_SLOTS },
    transport,
  );
  start({ dataElements: createDataElements({ host: CANADA }), rules: linksRules({ tracker }) }, { isTrackingAllowed: allowed, logger });
  return {
    transport,
    beacons: () => transport.sent().map((pairs) => Object.fromEntries(pairs)),
    click(target) {
      const element = typeof target === 'string' ? document.querySelector(target) : target;
      if (!element) throw new Error(`nothing matches ${String(target)}`);
      element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    },
  };
}

/** The cookie's value, or undefined. */
export function cookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
}

/** Expected beacon parameters; undefined means the parameter is absent. */
export type Expected = Record<string, string | undefined>;

/** Exactly these beacons, in order, each with at least these parameters. */
export function expectBeacons(sent: Array<Record<string, string>>, expected: Expected[]) {
  expect(sent.map((b) => `${b.pe} ${b.pev2}`)).toHaveLength(expected.length);
  expected.forEach((want, i) => {
    for (const [key, value] of Object.entries(want)) expect(sent[i]![key], `beacon ${i} ${key}`).toBe(value);
  });
}
