import { beforeEach, describe, expect, it, vi } from 'vitest';
import { siteCookies } from '../../src/engine/cookies';
import { readCookieGroup } from '../../src/dataElements/cookieGroup';
import { currentPageValues, PREVIOUS_PAGE_COOKIE, savePreviousPageCookies } from '../../src/dataElements/previousPage';
import { VISIT_DAYS } from '../../src/dataElements/visitLength';
import { REDACTION_MARKER } from '../../src/privacy/redact';
import { openPage, readAll, reader, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const PREVIOUS_NAMES = ['previousPageTitle', 'previousPageCreator', 'previousPageTheme', 'previousPageUrl', 'previousPageQueryString'] as const;

describe('previous-page cookies', () => {
  it('the first page of a visit has no previous page', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(readAll(PREVIOUS_NAMES)).toEqual({
      previousPageTitle: '',
      previousPageCreator: '',
      previousPageTheme: '',
      previousPageUrl: '',
      previousPageQueryString: 'blank query string',
    });
  });

  it.each([
    {
      lang: 'English',
      fixture: 'en-services-page.html',
      url: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html?utm_source=x&q=secret',
      next: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/apply.html',
      expected: {
        previousPageTitle: 'EI regular benefits: Eligibility',
        previousPageCreator: 'Employment and Social Development Canada;Service Canada',
        previousPageTheme: 'benefits',
        previousPageUrl: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html?utm_source=x',
        previousPageQueryString: 'utm_source=x',
      },
    },
    {
      lang: 'French',
      fixture: 'fr-services-page.html',
      url: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
      next: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/demande.html',
      expected: {
        previousPageTitle: 'Prestations régulières d’assurance-emploi : Admissibilité',
        previousPageCreator: 'Emploi et Développement social Canada;Service Canada',
        previousPageTheme: 'prestations',
        previousPageUrl: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
        previousPageQueryString: 'blank query string',
      },
    },
  ])('round trip on a $lang page: save at page bottom, read on the next page', ({ fixture, url, next, expected }) => {
    openPage({ fixture, url });
    const read = reader();
    expect(savePreviousPageCookies(currentPageValues(read))).toBe(true);

    openPage({ html: '<html><head><title>Next - Canada.ca</title></head><body></body></html>', url: next });
    expect(readAll(PREVIOUS_NAMES)).toEqual(expected);
  });

  it('the values go to one cookie, gpv_page, for about 30 minutes: one write a page', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const set = vi.spyOn(siteCookies, 'set');
    savePreviousPageCookies({ title: 'T', creator: 'C', theme: 'th', url: 'https://www.canada.ca/u.html', queryString: 'a=1' });
    expect(set.mock.calls.map(([name, value]) => [name, JSON.parse(value)])).toEqual([['gpv_page', ['T', 'C', 'th', 'https://www.canada.ca/u.html', 'a=1']]]);
    expect(set.mock.calls[0]![2]).toMatchObject({ days: VISIT_DAYS });
    expect(VISIT_DAYS * 24 * 60).toBeCloseTo(30, 1);
  });

  it('reads the older cookies, one per value, while gpv_page is absent, and removes them when it writes it', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const older = { gpv_pt: 'Old title', gpv_pc: 'ESDC', gpv_pthl: 'benefits', gpv_url: 'https://www.canada.ca/en/old.html', gpv_pqs: 'a=1' };
    for (const [name, value] of Object.entries(older)) siteCookies.set(name, value);
    expect(readAll(PREVIOUS_NAMES)).toEqual({
      previousPageTitle: 'Old title',
      previousPageCreator: 'ESDC',
      previousPageTheme: 'benefits',
      previousPageUrl: 'https://www.canada.ca/en/old.html',
      previousPageQueryString: 'a=1',
    });
    expect(PREVIOUS_PAGE_COOKIE.legacy.split(' ').sort()).toEqual(Object.keys(older).sort());
    savePreviousPageCookies({ title: 'New', url: 'https://www.canada.ca/en/new.html' });
    for (const name of Object.keys(older)) expect(siteCookies.get(name)).toBeUndefined();
    expect([readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title'), readCookieGroup(PREVIOUS_PAGE_COOKIE, 'creator')]).toEqual(['New', '']);
  });

  it('a gpv_page that is not its JSON array reads blank, and a page that keeps nothing removes it', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    for (const broken of ['not json', '{"title":"T"}', 'null', '[1,2]']) {
      siteCookies.set('gpv_page', broken);
      expect(readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title')).toBe('');
    }
    savePreviousPageCookies({ title: '', creator: '', theme: '', url: '', queryString: '' });
    expect(siteCookies.get('gpv_page')).toBeUndefined();
  });

  it('each page replaces all the older page’s values: a blank or missing one reads blank', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    savePreviousPageCookies({ title: 'Old', theme: 'benefits', creator: 'ESDC' });
    savePreviousPageCookies({ title: 'New', theme: '', creator: null });
    expect(readAll(['previousPageTitle', 'previousPageTheme', 'previousPageCreator'])).toEqual({
      previousPageTitle: 'New',
      previousPageTheme: '',
      previousPageCreator: '',
    });
    savePreviousPageCookies({ queryString: 'a=1' });
    expect([readCookieGroup(PREVIOUS_PAGE_COOKIE, 'title'), readCookieGroup(PREVIOUS_PAGE_COOKIE, 'queryString')]).toEqual(['', 'a=1']);
  });

  it('personal information never reaches a cookie, and URLs keep their last 255 characters', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const longPath = `https://www.canada.ca/${'a/'.repeat(200)}page.html`;
    savePreviousPageCookies({ title: 'Reply to jane.doe@example.com', url: longPath });
    const values = readAll(['previousPageTitle', 'previousPageUrl']);
    expect(values.previousPageTitle).toBe(`Reply to ${REDACTION_MARKER}`);
    expect(values.previousPageUrl).toHaveLength(255);
    expect(String(values.previousPageUrl).endsWith('a/page.html')).toBe(true);
  });

  it("currentPageValues does not save the 'blank query string' default", () => {
    openPage({ fixture: 'en-news-release.html', url: 'https://www.canada.ca/en/news/x.html' });
    expect(currentPageValues(reader())).toEqual({
      title: 'Government of Canada announces support for apprentices in the skilled trades',
      creator: 'Employment and Social Development Canada',
      theme: '',
      url: 'https://www.canada.ca/en/news/x.html',
      queryString: '',
    });
  });

  it('reports failure when the browser refuses cookies', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    vi.spyOn(siteCookies, 'set').mockReturnValue(false); // what the jar says when the browser refuses a cookie
    expect(savePreviousPageCookies({ title: 'T' })).toBe(false);
  });
});
