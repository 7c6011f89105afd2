/**
 * Tiny readers shared by the data elements: meta tags, the address, the data layer, the page
 * language and the clock. Every reader gives a string ('' when there is nothing to read) and
 * never throws for a missing DOM bit, so that each data element stays a one-liner.
 *
 * Size note: this code ships in every page's tag, so shared readers live here once, and the
 * build targets ES2019 (where `?.` and `??` cost a temporary each): `||` is used wherever the
 * value can only be a string or nothing, since '' || '' is the same ''.
 */
import { runDepth, runs } from '../engine/cookies';
import { readDataLayer } from '../engine/dataLayer';
import type { DataElement } from '../engine/types';
import type { CanadaDataElementContext, DataElementName } from './names';

/** The clock the date-based elements read; tests replace `clock.now`. */
export const clock = { now: (): Date => new Date() };

export type Language = 'en' | 'fr';

/** Runs `read` and gives `fallback` (undefined when omitted) instead of a throw: a hostile page can make almost anything throw. */
export function safely<T>(read: () => T): T | undefined;
export function safely<T>(read: () => T, fallback: T): T;
export function safely<T>(read: () => T, fallback?: T): T | undefined {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * A data element in one line: its name, its getter, the value used when the getter gives
 * nothing (none when omitted) and how its text is shaped: `clean` folds white space, `lower`
 * lower-cases.
 */
export const el = (
  name: DataElementName,
  get: (ctx: CanadaDataElementContext) => unknown,
  defaultValue?: string,
  { clean = false, lower = false }: { clean?: boolean; lower?: boolean } = {},
): DataElement => ({
  name,
  get,
  defaultValue,
  cleanText: clean,
  forceLowerCase: lower,
});

/** Runs of white space folded to one space, ends trimmed. */
export const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The page's meta tags: each lower-cased `name` and `property` with the trimmed, folded content of
 * the first tag in page order that has it with a non-empty content. Read once for a run of the
 * tag, and afresh outside one, where page code may change them (and when a nested run begins or
 * ends: `runs` in engine/cookies.ts). The page view asks fourteen keys: a scan of the tags for
 * each took 0.29 ms in V8's interpreter on the bench's GCWeb page, one read and fourteen lookups
 * 0.04 ms.
 */
let metaIndex: [run: number, contents: Map<string, string>] = [0, new Map()];

/**
 * The trimmed content of the first non-empty `<meta>` whose `name` or `property` is one of
 * `keys` (tried in order; given in lower case, they match any case: `dcterms.title` also finds
 * `DCTERMS.Title`); '' when there is none.
 */
export const meta = (...keys: Array<Lowercase<string>>): string =>
  safely(() => {
    if (!runDepth || metaIndex[0] !== runs) {
      const contents = new Map<string, string>();
      for (const element of document.getElementsByTagName('meta')) {
        const content = squeeze(element.getAttribute('content') || '');
        if (content)
          for (const attribute of ['name', 'property']) {
            // A missing name or property files the content under '', which no key asks for.
            const key = (element.getAttribute(attribute) || '').toLowerCase();
            if (!contents.has(key)) contents.set(key, content);
          }
      }
      metaIndex = [runs, contents];
    }
    return keys.map((key) => metaIndex[1].get(key)).find(Boolean) || '';
  }, '');

/** A part of the address ('' when there is no location). */
export const fromLocation = (part: 'href' | 'search' | 'pathname' | 'hostname'): string => safely(() => location[part], '');

/** `location.search`; '' when there is no location. */
export const locationSearch = (): string => fromLocation('search');

/** `location.search` parsed; an unparsable query reads as empty. */
export const queryParams = (search: string = locationSearch()): URLSearchParams => safely(() => new URLSearchParams(search), new URLSearchParams());

/**
 * The first non-empty value of a query parameter of the current address. The exact name wins;
 * otherwise the name is matched case-insensitively (`UTM_Source` is still a campaign source).
 */
export function queryParam(name: string, search?: string): string {
  const params = queryParams(search);
  const first = (lower?: boolean) => {
    for (const [key, value] of params) if ((lower ? key.toLowerCase() === name.toLowerCase() : key === name) && value.trim()) return value.trim();
    return '';
  };
  return first() || first(true);
}

/** Percent-decoded text; kept as written when it is not valid percent-encoding. */
export const decoded = (text: string): string => safely(() => decodeURIComponent(text), text);

/** `location.pathname`, decoded when it can be ('' when there is no location). */
export const pathname = (): string => decoded(fromLocation('pathname'));

export const href = (): string => fromLocation('href');

/** `document.referrer` ('' when there is no document). */
export const documentReferrer = (): string => safely(() => document.referrer, '');

/** A data-layer value as text: strings and finite numbers only, anything else reads as ''. */
export function dataLayerText(path: string): string {
  const value = safely(() => readDataLayer(path));
  return typeof value === 'string' ? squeeze(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** 'en' or 'fr' from an ISO 639 code or a BCP 47 tag (eng, fra, fre, en-CA, fr_CA, English…). */
export function languageOf(code: string): Language | '' {
  const c = code.trim().toLowerCase();
  return /^(?:eng?(?:$|[-_])|english$)/.test(c) ? 'en' : /^(?:fr[ae]?(?:$|[-_])|fran[cç]ais$|french$)/.test(c) ? 'fr' : '';
}

/**
 * The page language: dcterms.language (eng/fra), then `<html lang>`, then the first folder of
 * the path (/en/…, /fr/…); '' when none of them tells.
 */
export const pageLanguage = (): Language | '' =>
  languageOf(meta('dcterms.language')) ||
  languageOf(safely(() => document.documentElement.getAttribute('lang') || '', '')) ||
  // The folder ('en', 'EN', 'fr') is a code languageOf knows.
  languageOf((/^\/(en|fr)(?:[/.]|$)/i.exec(pathname()) || '')[1] || '');

/** English or French text by page language (English when the language is unknown). */
export const inPageLanguage = (en: string, fr: string): string => (pageLanguage() === 'fr' ? fr : en);

/** The document title, white space folded. */
export const documentTitle = (): string => safely(() => squeeze(document.title || ''), '');

/** The last `n` characters (URLs are truncated from the left so that the page part survives). */
export const lastChars = (text: string, n: number): string => (n > 0 ? text.slice(-n) : '');
