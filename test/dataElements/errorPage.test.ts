import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_PAGE_TITLES, errorPageTypeOf, normalise } from '../../src/dataElements/errorPage';
import { openPage, readAll, reader, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

describe('error page type from the title (ER-1)', () => {
  it.each([
    ['Not Found - Canada.ca', '404'],
    ['Pas trouvé - Canada.ca', '404'],
    ['Errors - Canada.ca', '404'],
    ['Forbidden - Canada.ca', '403'],
    ['Interdit - Canada.ca', '403'],
    ['Internal Server Error - Canada.ca', '500'],
    ['Erreur Interne du Serveur - Canada.ca', '500'],
    ['not found - canada.ca', '404'],
    ['Erreur interne du serveur – Canada.ca', '500'],
    ['Not Found / Pas trouvé - Canada.ca', '404'],
    ['Forbidden | Interdit - Canada.ca', '403'],
    ['Not Found', '404'],
  ])('%s → %s', (title, type) => {
    expect(errorPageTypeOf(title)).toBe(type);
  });

  it.each([
    'Errors in your tax return - Canada.ca',
    'Forbidden weapons - Canada.ca',
    'Page not found in the archive - Canada.ca',
    'Not Found / Services - Canada.ca',
    'Employment Insurance - Canada.ca',
    '',
  ])('a content page is not an error page: %j', (title) => {
    expect(errorPageTypeOf(title)).toBe('');
  });

  it('keeps the catalogue as a title is compared: lower case, composed accents, single spaces', () => {
    for (const title of Object.values(ERROR_PAGE_TITLES).flat()) expect(title).toBe(normalise(title));
    // A decomposed é (e and a combining accent) in a page's title still matches.
    expect(errorPageTypeOf('Pas trouve\u0301 - Canada.ca')).toBe('404');
  });

  it('covers every title of the catalogue', () => {
    for (const [type, titles] of Object.entries(ERROR_PAGE_TITLES)) {
      for (const title of titles) expect(errorPageTypeOf(`${title} - Canada.ca`)).toBe(type);
    }
  });

  // ER-1: a 404 page's title is 'Page Not Found' in either language, for every reader.
  it('the French 404 page', () => {
    openPage({ fixture: 'fr-404.html', url: 'https://www.canada.ca/fr/page-qui-nexiste-pas.html' });
    expect(readAll(['errorPageType', 'pageTitle', 'pageLanguage', 'defaultText'])).toEqual({
      errorPageType: '404',
      pageTitle: 'Page Not Found',
      pageLanguage: 'fr',
      defaultText: 'S/O',
    });
  });

  it.each([
    ['en', 'Not Found - Canada.ca', '404'],
    ['en', 'Forbidden - Canada.ca', '403'],
    ['en', 'Internal Server Error - Canada.ca', '500'],
    ['fr', 'Interdit - Canada.ca', '403'],
    ['fr', 'Erreur Interne du Serveur - Canada.ca', '500'],
  ])('a %s page titled %s', (lang, title, type) => {
    openPage({ html: `<html lang="${lang}"><head><title>${title}</title></head><body></body></html>`, url: `https://www.canada.ca/${lang}/x.html` });
    const read = reader();
    expect(read('errorPageType')).toBe(type);
    expect(read('pageTitle')).toBe(type === '404' ? 'Page Not Found' : title.replace(' - Canada.ca', ''));
  });

  it('a content page has none', () => {
    openPage({ fixture: 'en-services-page.html', url: 'https://www.canada.ca/en/services/benefits/ei.html' });
    expect(reader()('errorPageType')).toBe('');
  });
});
