/**
 * SPEC §8: error pages are recognised by their document title (with the site suffix):
 * 404 Not Found / Pas trouvé / Errors, 403 Forbidden / Interdit, 500 Internal Server Error /
 * Erreur Interne du Serveur.
 */
import type { DataElement } from '../engine/types';
import { withoutSiteSuffix } from './page';
import { documentTitle, meta } from './read';

export type ErrorPageType = '404' | '403' | '500';

export const ERROR_PAGE_TITLES: Readonly<Record<ErrorPageType, readonly string[]>> = {
  '404': ['Not Found', 'Pas trouvé', 'Errors'],
  '403': ['Forbidden', 'Interdit'],
  '500': ['Internal Server Error', 'Erreur Interne du Serveur'],
};

const normalise = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

const BY_TITLE = new Map<string, ErrorPageType>(
  (Object.keys(ERROR_PAGE_TITLES) as ErrorPageType[]).flatMap((type) =>
    ERROR_PAGE_TITLES[type].map((title) => [normalise(title), type] as const),
  ),
);

/**
 * The error-page type of a title: the whole title (site suffix optional, case-insensitive) must
 * be one of the error titles, or a bilingual pair of them ("Not Found / Pas trouvé"). A content
 * page that merely mentions an error ("Errors in your tax return - Canada.ca") is not one.
 */
export function errorPageTypeOf(title: string): ErrorPageType | '' {
  const own = withoutSiteSuffix(title.replace(/\s+/g, ' ').trim());
  const types = own.split(/\s+[/|]\s+/).map((part) => BY_TITLE.get(normalise(part)));
  return types.every((type) => type !== undefined) ? types[0]! : '';
}

export const errorPageDataElements: DataElement[] = [
  { name: 'errorPageType', get: () => errorPageTypeOf(documentTitle()) || errorPageTypeOf(meta('dcterms.title')), defaultValue: '' },
];
