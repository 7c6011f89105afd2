/**
 * Page description: what the page's template says about it (dcterms meta tags, `<html lang>`)
 * and what its address says (theme, folder, file name, recordable URL, query string).
 */
import { decimal } from '../engine/decimal';
import { DAY_MS } from '../engine/durations';
import type { DataElement } from '../engine/types';
import { recordablePageUrl, scrubQueryString, scrubReferrer } from '../privacy/url';
import {
  clock,
  dataLayerText,
  documentReferrer,
  documentTitle,
  el,
  fromLocation,
  href,
  inPageLanguage,
  languageOf,
  locationSearch,
  meta,
  pageLanguage,
  pathname,
  squeeze,
} from './read';

/** The site's templates end every title with the site name; reports want the page's own title. */
export const SITE_SUFFIX = /\s+[-–—|]\s+Canada\.ca\s*$/i;

export const withoutSiteSuffix = (title: string): string => title.replace(SITE_SUFFIX, '');

/** ER-1: a 404 page's name and title, whatever its language, so reports group them. */
export const PAGE_NOT_FOUND = 'Page Not Found';

/** PV-5: the query-string value when the address has none left after scrubbing. */
export const BLANK_QUERY_STRING = 'blank query string';

/** PV-5: the default text, by page language. */
export const DEFAULT_TEXT = { en: 'N/A', fr: 'S/O' } as const;

/**
 * PV-7: the page types that are kept, English and French forms. Anything else (a services
 * page's "guidance", a form, no type at all) gives a blank page type. Each is listed in the
 * form `normaliseType` gives (lower case, NFC, straight apostrophe), so a type matches as is.
 */
export const PAGE_TYPES = {
  en: 'backgrounders,media advisories,news releases,speeches,statements,readouts'.split(','),
  fr: "document d'information,avis aux médias,communiqués de presse,discours,déclarations,comptes rendus".split(','),
};

const normaliseType = (text: string) =>
  squeeze(
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[’‘`´]/g, "'"),
  );

/**
 * The first of the page's (semicolon-separated) types that is a kept type, in its listed form
 * ("News releases" → "news releases"); '' when none is.
 */
export const keptPageType = (raw: string): string =>
  raw
    .split(';')
    .map(normaliseType)
    .find((type) => PAGE_TYPES.en.includes(type) || PAGE_TYPES.fr.includes(type)) || '';

/**
 * Whole calendar days from `date` (a dcterms date, YYYY-MM-DD, any time part ignored) to the
 * local date of `now`. Counting calendar days, not 24-hour blocks, keeps the age right across a
 * daylight-saving change (a 23- or 25-hour day still counts as one). A date in the future
 * gives 0; a date that does not parse gives ''.
 */
export function wholeDaysSince(date: string, now: Date): string {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return '';
  const then = Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!);
  const check = new Date(then);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  // A day that does not exist (2024-02-30) rolls over to another month or day: not a date.
  return check.getUTCMonth() !== +match[2]! - 1 || check.getUTCDate() !== +match[3]! || !Number.isFinite(today)
    ? ''
    : decimal(Math.max(0, Math.round((today - then) / DAY_MS)));
}

/**
 * The theme of a page under /en/services/{theme}/ or /fr/services/{theme}/, lower-cased
 * ('benefits', 'prestations'). An index page gives none: the services index
 * (/en/services.html), a theme's own landing page (/en/services/benefits.html, and its folder
 * forms /en/services/benefits/ and /en/services/benefits/index.html) and anything outside
 * /services/ give ''.
 */
export const themeOf = (path: string): string => ((/^\/(?:en|fr)\/services\/([^/]+)\/(?!index\.html?$).+$/i.exec(path) || [])[1] || '').toLowerCase();

/** '/en/services/benefits/ei.html' → folder '/en/services/benefits/', file name 'ei.html'. */
export function splitPath(path: string): { folder: string; filename: string } {
  const cut = path.lastIndexOf('/') + 1;
  return { folder: path.slice(0, cut), filename: path.slice(cut) };
}

/** The `dcterms.{key}` meta first, then what the page pushed to the data layer as `page.{key}`. */
const metaOr = (key: 'creator' | 'issued' | 'modified') => meta(`dcterms.${key}` as const) || dataLayerText(`page.${key}`);

export const pageDataElements: DataElement[] = [
  // dcterms.identifier, or the page-id meta of the templates that carry one.
  el('pageId', () => meta('dcterms.identifier', 'page-id', 'pageid', 'dcterms:identifier') || dataLayerText('page.id'), '', { clean: true }),
  // Every reader of the title (page view, link beacons, previous-page cookie) sees the same
  // 'Page Not Found' on a 404 page.
  el(
    'pageTitle',
    (ctx) =>
      ctx.getVar('errorPageType') === '404' ? PAGE_NOT_FOUND : withoutSiteSuffix(meta('dcterms.title') || documentTitle() || dataLayerText('page.title')),
    '',
    { clean: true },
  ),
  el('pageLanguage', () => pageLanguage() || languageOf(dataLayerText('page.language')), ''),
  el('pageType', () => keptPageType(meta('dcterms.type', 'gctype') || dataLayerText('page.type')), ''),
  el('pageCreator', () => metaOr('creator'), '', { clean: true }),
  el('issuedDate', () => metaOr('issued'), ''),
  el('modifiedDate', () => metaOr('modified'), ''),
  el('contentAge', (ctx) => wholeDaysSince(String(ctx.getVar('modifiedDate') || ''), clock.now()), ''),
  // The templates carry no programme tag of their own: the page's GC core subject terms
  // (dcterms.subject) are the closest thing to the programme a page serves.
  el('program', () => dataLayerText('page.program') || meta('dcterms.subject'), '', { clean: true }),
  el('theme', () => themeOf(pathname()), '', { lower: true }),
  el('urlFolder', () => splitPath(pathname()).folder, ''),
  el('urlFilename', () => splitPath(pathname()).filename, ''),
  // Only http(s) pages are recorded ('Invalid URL' otherwise); the query is scrubbed and the fragment dropped.
  el('pageUrl', () => recordablePageUrl(href()), ''),
  el('referrer', () => scrubReferrer(documentReferrer()), ''),
  el('hostname', () => fromLocation('hostname'), '', { lower: true }),
  el('queryString', () => scrubQueryString(locationSearch().replace(/^\?/, '')), BLANK_QUERY_STRING),
  el('defaultText', () => inPageLanguage(DEFAULT_TEXT.en, DEFAULT_TEXT.fr)),
];
