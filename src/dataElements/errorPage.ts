/**
 * Requirement ER-1: error pages are recognised by their document title (with the site suffix):
 * 404 Not Found / Pas trouvé / Errors, 403 Forbidden / Interdit, 500 Internal Server Error /
 * Erreur Interne du Serveur.
 */
import type { DataElement } from '../engine/types';
import { withoutSiteSuffix } from './page';
import { documentTitle, el, meta, squeeze } from './read';

// Listed, not read back with Object.keys: to V8 the record's keys are array indices, which it
// writes out through the cache that engine/decimal.ts avoids.
const ERROR_PAGE_TYPES = ['404', '403', '500'] as const;
export type ErrorPageType = (typeof ERROR_PAGE_TYPES)[number];

// Written as `normalise` leaves a title: normalising them as tag.js set up took 0.16-0.28 ms of
// its first task in fresh tabs (the first use of a pattern among it), for a table that never changes.
export const ERROR_PAGE_TITLES: Readonly<Record<ErrorPageType, readonly string[]>> = {
  '404': 'not found,pas trouvé,errors'.split(','),
  '403': 'forbidden,interdit'.split(','),
  '500': 'internal server error,erreur interne du serveur'.split(','),
};

export const normalise = (text: string) => squeeze(text.normalize('NFC')).toLowerCase();

const BY_TITLE = new Map<string, ErrorPageType>();
for (const type of ERROR_PAGE_TYPES) for (const title of ERROR_PAGE_TITLES[type]) BY_TITLE.set(title, type);

/**
 * The error-page type of a title: the whole title (site suffix optional, case-insensitive) must
 * be one of the error titles, or a bilingual pair of them ("Not Found / Pas trouvé"). A content
 * page that merely mentions an error ("Errors in your tax return - Canada.ca") is not one.
 */
export function errorPageTypeOf(title: string): ErrorPageType | '' {
  const types = withoutSiteSuffix(squeeze(title))
    .split(/\s+[/|]\s+/)
    .map((part) => BY_TITLE.get(normalise(part)));
  return types.every(Boolean) ? types[0]! : '';
}

export const errorPageDataElements: DataElement[] = [el('errorPageType', () => errorPageTypeOf(documentTitle()) || errorPageTypeOf(meta('dcterms.title')), '')];
