import { beforeEach, describe, expect, it, vi } from 'vitest';
import { siteCookies } from '../../src/engine/cookies';
import { currentPageValues, PREVIOUS_PAGE_COOKIES, savePreviousPageCookies } from '../../src/dataElements/previousPage';
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

  it('each value goes to its own cookie, for about 30 minutes', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const set = vi.spyOn(siteCookies, 'set');
    savePreviousPageCookies({ title: 'T', creator: 'C', theme: 'th', url: 'https://www.canada.ca/u.html', queryString: 'a=1' });
    expect(Object.fromEntries(set.mock.calls.map(([name, value]) => [name, value]))).toEqual({
      gpv_pt: 'T',
      gpv_pc: 'C',
      gpv_pthl: 'th',
      gpv_url: 'https://www.canada.ca/u.html',
      gpv_pqs: 'a=1',
    });
    for (const call of set.mock.calls) expect(call[2]).toMatchObject({ days: VISIT_DAYS });
    expect(VISIT_DAYS * 24 * 60).toBeCloseTo(30, 1);
    expect(Object.values(PREVIOUS_PAGE_COOKIES).sort()).toEqual(['gpv_pc', 'gpv_pqs', 'gpv_pt', 'gpv_pthl', 'gpv_url']);
  });

  it('a blank value removes the older page’s cookie; a value not given is left alone', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    savePreviousPageCookies({ title: 'Old', theme: 'benefits', creator: 'ESDC' });
    savePreviousPageCookies({ title: 'New', theme: '', creator: null });
    expect(readAll(['previousPageTitle', 'previousPageTheme', 'previousPageCreator'])).toEqual({
      previousPageTitle: 'New',
      previousPageTheme: '',
      previousPageCreator: '',
    });
    savePreviousPageCookies({ queryString: 'a=1' });
    expect(siteCookies.get('gpv_pt')).toBe('New');
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
