/**
 * Tiny readers shared by the data elements: meta tags, the address, the data layer, the page
 * language and the clock. Every reader gives a string ('' when there is nothing to read) and
 * never throws for a missing DOM bit, so that each data element stays a one-liner.
 */
import { readDataLayer } from '../engine/dataLayer';

/** The clock the date-based elements read; tests stub `clock.now`. */
export const clock = { now: (): Date => new Date() };

export type Language = 'en' | 'fr';

/** Runs `read` and gives '' instead of a throw (a hostile page can make almost anything throw). */
export function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The trimmed content of the first non-empty `<meta>` whose `name` or `property` is one of
 * `keys` (tried in order, case-insensitive: `dcterms.title` also finds `DCTERMS.Title`);
 * '' when there is none.
 */
export function meta(...keys: string[]): string {
  return safely(() => {
    const wanted = keys.map((k) => k.toLowerCase());
    const metas = Array.from(document.getElementsByTagName('meta'));
    for (const key of wanted) {
      for (const element of metas) {
        const name = (element.getAttribute('name') ?? '').toLowerCase();
        const property = (element.getAttribute('property') ?? '').toLowerCase();
        if (name !== key && property !== key) continue;
        const content = squeeze(element.getAttribute('content') ?? '');
        if (content) return content;
      }
    }
    return '';
  }, '');
}

/** `location.search` parsed; an unparsable query reads as empty. */
export function queryParams(search: string = safely(() => location.search, '')): URLSearchParams {
  return safely(() => new URLSearchParams(search), new URLSearchParams());
}

/**
 * The first non-empty value of a query parameter of the current address. The exact name wins;
 * otherwise the name is matched case-insensitively (`UTM_Source` is still a campaign source).
 */
export function queryParam(name: string, search?: string): string {
  const params = queryParams(search);
  const exact = params.getAll(name).find((v) => v.trim() !== '');
  if (exact !== undefined) return exact.trim();
  const lower = name.toLowerCase();
  for (const [key, value] of params) if (key.toLowerCase() === lower && value.trim() !== '') return value.trim();
  return '';
}

/** `location.pathname`, decoded when it can be ('' when there is no location). */
export function pathname(): string {
  const raw = safely(() => location.pathname, '');
  return safely(() => decodeURIComponent(raw), raw);
}

export const href = (): string => safely(() => location.href, '');

/** A data-layer value as text: strings and finite numbers only, anything else reads as ''. */
export function dataLayerText(path: string): string {
  const value = safely(() => readDataLayer(path), undefined);
  if (typeof value === 'string') return squeeze(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** 'en' or 'fr' from an ISO 639 code or a BCP 47 tag (eng, fra, fre, en-CA, fr_CA, English…). */
export function languageOf(code: string): Language | '' {
  const c = code.trim().toLowerCase();
  if (/^(?:en|eng)(?:$|[-_])|^english$/.test(c)) return 'en';
  if (/^(?:fr|fra|fre)(?:$|[-_])|^fran[cç]ais$|^french$/.test(c)) return 'fr';
  return '';
}

/**
 * The page language: dcterms.language (eng/fra), then `<html lang>`, then the first folder of
 * the path (/en/…, /fr/…); '' when none of them tells.
 */
export function pageLanguage(): Language | '' {
  const fromMeta = languageOf(meta('dcterms.language'));
  if (fromMeta) return fromMeta;
  const fromHtml = languageOf(safely(() => document.documentElement.getAttribute('lang') ?? '', ''));
  if (fromHtml) return fromHtml;
  const folder = /^\/(en|fr)(?:[/.]|$)/i.exec(pathname());
  return folder ? (folder[1]!.toLowerCase() as Language) : '';
}

/** English or French text by page language (English when the language is unknown). */
export const inPageLanguage = (en: string, fr: string): string => (pageLanguage() === 'fr' ? fr : en);

/** The document title, white space folded. */
export const documentTitle = (): string => safely(() => squeeze(document.title ?? ''), '');

/** The last `n` characters (URLs are truncated from the left so that the page part survives). */
export const lastChars = (text: string, n: number): string => (text.length > n ? text.slice(text.length - n) : text);

/** A path ends with one of the suffixes (case-insensitive). */
export const pathEndsWith = (path: string, suffixes: readonly string[]): boolean => {
  const p = path.toLowerCase();
  return suffixes.some((s) => p.endsWith(s.toLowerCase()));
};
