/**
 * Page description: what the page's template says about it (dcterms meta tags, `<html lang>`)
 * and what its address says (theme, folder, file name, recordable URL, query string).
 */
import type { DataElement } from '../engine/types';
import { recordablePageUrl, scrubQueryString, scrubReferrer } from '../privacy/url';
import {
  clock,
  dataLayerText,
  documentTitle,
  href,
  inPageLanguage,
  languageOf,
  meta,
  pageLanguage,
  pathname,
  safely,
} from './read';

/** The site's templates end every title with the site name; reports want the page's own title. */
export const SITE_SUFFIX = /\s+[-–—|]\s+Canada\.ca\s*$/i;

export const withoutSiteSuffix = (title: string): string => title.replace(SITE_SUFFIX, '');

/** SPEC §8: a 404 page's name and title, whatever its language, so reports group them. */
export const PAGE_NOT_FOUND = 'Page Not Found';

/** SPEC §3: the query-string value when the address has none left after scrubbing. */
export const BLANK_QUERY_STRING = 'blank query string';

/** SPEC §3: the default text, by page language. */
export const DEFAULT_TEXT = { en: 'N/A', fr: 'S/O' } as const;

/**
 * SPEC §4: the page types that are kept, English and French forms. Anything else (a services
 * page's "guidance", a form, no type at all) gives a blank page type.
 */
export const PAGE_TYPES = {
  en: ['backgrounders', 'media advisories', 'news releases', 'speeches', 'statements', 'readouts'],
  fr: ["document d'information", 'avis aux médias', 'communiqués de presse', 'discours', 'déclarations', 'comptes rendus'],
} as const;

const normaliseType = (text: string) =>
  text.normalize('NFC').toLowerCase().replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ').trim();
const KEPT_TYPES = new Map<string, string>([...PAGE_TYPES.en, ...PAGE_TYPES.fr].map((t) => [normaliseType(t), t]));

/**
 * The first of the page's (semicolon-separated) types that is a kept type, in its listed form
 * ("News releases" → "news releases"); '' when none is.
 */
export function keptPageType(raw: string): string {
  for (const part of raw.split(';')) {
    const kept = KEPT_TYPES.get(normaliseType(part));
    if (kept) return kept;
  }
  return '';
}

const DATE = /^\s*(\d{4})-(\d{2})-(\d{2})/;
const DAY_MS = 86_400_000;

/**
 * Whole calendar days from `date` (a dcterms date, YYYY-MM-DD, any time part ignored) to the
 * local date of `now`. Counting calendar days, not 24-hour blocks, keeps the age right across a
 * daylight-saving change (a 23- or 25-hour day still counts as one). A date in the future
 * gives 0; a date that does not parse gives ''.
 */
export function wholeDaysSince(date: string, now: Date): string {
  const match = DATE.exec(date);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const then = Date.UTC(year, month - 1, day);
  const check = new Date(then);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return '';
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  if (!Number.isFinite(today)) return '';
  return String(Math.max(0, Math.round((today - then) / DAY_MS)));
}

const THEME_PATH = /^\/(?:en|fr)\/services\/([^/]+)\/(.+)$/i;

/**
 * The theme of a page under /en/services/{theme}/ or /fr/services/{theme}/, lower-cased
 * ('benefits', 'prestations'). An index page gives none: the services index
 * (/en/services.html), a theme's own landing page (/en/services/benefits.html, and its folder
 * forms /en/services/benefits/ and /en/services/benefits/index.html) and anything outside
 * /services/ give ''.
 */
export function themeOf(path: string): string {
  const match = THEME_PATH.exec(path);
  if (!match) return '';
  if (/^index\.html?$/i.test(match[2]!)) return '';
  return match[1]!.toLowerCase();
}

/** '/en/services/benefits/ei.html' → folder '/en/services/benefits/', file name 'ei.html'. */
export function splitPath(path: string): { folder: string; filename: string } {
  const slash = path.lastIndexOf('/');
  if (slash < 0) return { folder: '', filename: path };
  return { folder: path.slice(0, slash + 1), filename: path.slice(slash + 1) };
}

const search = () => safely(() => location.search.replace(/^\?/, ''), '');

export const pageDataElements: DataElement[] = [
  {
    // dcterms.identifier, or the page-id meta of the templates that carry one.
    name: 'pageId',
    get: () => meta('dcterms.identifier', 'page-id', 'pageid', 'dcterms:identifier') || dataLayerText('page.id'),
    cleanText: true,
    defaultValue: '',
  },
  {
    // Every reader of the title (page view, link beacons, previous-page cookie) sees the same
    // 'Page Not Found' on a 404 page.
    name: 'pageTitle',
    get: (ctx) =>
      ctx.getVar('errorPageType') === '404'
        ? PAGE_NOT_FOUND
        : withoutSiteSuffix(meta('dcterms.title') || documentTitle() || dataLayerText('page.title')),
    cleanText: true,
    defaultValue: '',
  },
  { name: 'pageLanguage', get: () => pageLanguage() || languageOf(dataLayerText('page.language')), defaultValue: '' },
  {
    name: 'pageType',
    get: () => keptPageType(meta('dcterms.type', 'gctype') || dataLayerText('page.type')),
    defaultValue: '',
  },
  {
    name: 'pageCreator',
    get: () => meta('dcterms.creator') || dataLayerText('page.creator'),
    cleanText: true,
    defaultValue: '',
  },
  { name: 'issuedDate', get: () => meta('dcterms.issued') || dataLayerText('page.issued'), defaultValue: '' },
  { name: 'modifiedDate', get: () => meta('dcterms.modified') || dataLayerText('page.modified'), defaultValue: '' },
  {
    name: 'contentAge',
    get: (ctx) => wholeDaysSince(String(ctx.getVar('modifiedDate') ?? ''), clock.now()),
    defaultValue: '',
  },
  {
    // The templates carry no programme tag of their own: the page's GC core subject terms
    // (dcterms.subject) are the closest thing to the programme a page serves.
    name: 'program',
    get: () => dataLayerText('page.program') || meta('dcterms.subject'),
    cleanText: true,
    defaultValue: '',
  },
  { name: 'theme', get: () => themeOf(pathname()), forceLowerCase: true, defaultValue: '' },
  { name: 'urlFolder', get: () => splitPath(pathname()).folder, defaultValue: '' },
  { name: 'urlFilename', get: () => splitPath(pathname()).filename, defaultValue: '' },
  // Only http(s) pages are recorded ('Invalid URL' otherwise); the query is scrubbed and the fragment dropped.
  { name: 'pageUrl', get: () => recordablePageUrl(href()), defaultValue: '' },
  { name: 'referrer', get: () => scrubReferrer(safely(() => document.referrer, '')), defaultValue: '' },
  { name: 'hostname', get: () => safely(() => location.hostname, ''), forceLowerCase: true, defaultValue: '' },
  { name: 'queryString', get: () => scrubQueryString(search()), defaultValue: BLANK_QUERY_STRING },
  { name: 'defaultText', get: () => inPageLanguage(DEFAULT_TEXT.en, DEFAULT_TEXT.fr) },
];
