import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLANK_QUERY_STRING, keptPageType, PAGE_TYPES, splitPath, themeOf, wholeDaysSince, withoutSiteSuffix } from '../../src/dataElements/page';
import { clock } from '../../src/dataElements/read';
import { openPage, readAll, reader, resetDataLayer, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});
afterEach(() => {
  vi.useRealTimers();
});

const EN_URL = 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html';
const FR_URL = 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html';

describe('a services page, in English and in French', () => {
  it.each([
    {
      lang: 'English',
      fixture: 'en-services-page.html',
      url: `${EN_URL}?utm_source=x#eligibility`,
      expected: {
        pageId: 'ESDC-EDSC-EI-AE-0012',
        pageTitle: 'EI regular benefits: Eligibility',
        pageLanguage: 'en',
        pageType: '',
        pageCreator: 'Employment and Social Development Canada;Service Canada',
        issuedDate: '2018-03-20',
        modifiedDate: '2024-06-18',
        program: 'Employment insurance;Unemployment',
        theme: 'benefits',
        urlFolder: '/en/services/benefits/ei/ei-regular-benefit/',
        urlFilename: 'eligibility.html',
        pageUrl: `${EN_URL}?utm_source=x`,
        hostname: 'www.canada.ca',
        queryString: 'utm_source=x',
        defaultText: 'N/A',
      },
    },
    {
      lang: 'French',
      fixture: 'fr-services-page.html',
      url: `${FR_URL}?utm_source=x#admissibilite`,
      expected: {
        pageId: 'ESDC-EDSC-EI-AE-0012',
        pageTitle: 'Prestations régulières d’assurance-emploi : Admissibilité',
        pageLanguage: 'fr',
        pageType: '',
        pageCreator: 'Emploi et Développement social Canada;Service Canada',
        issuedDate: '2018-03-20',
        modifiedDate: '2024-06-18',
        program: 'Assurance-emploi;Chômage',
        theme: 'prestations',
        urlFolder: '/fr/services/prestations/ae/assurance-emploi-reguliere/',
        urlFilename: 'admissibilite.html',
        pageUrl: `${FR_URL}?utm_source=x`,
        hostname: 'www.canada.ca',
        queryString: 'utm_source=x',
        defaultText: 'S/O',
      },
    },
  ])('$lang', ({ fixture, url, expected }) => {
    openPage({ fixture, url });
    const names = Object.keys(expected) as Array<keyof typeof expected>;
    expect(readAll(names)).toEqual(expected);
  });
});

describe('a news release, in English and in French', () => {
  it.each([
    ['en-news-release.html', 'https://www.canada.ca/en/employment-social-development/news/2024/03/apprentices.html', 'news releases', 'en'],
    ['fr-news-release.html', 'https://www.canada.ca/fr/emploi-developpement-social/nouvelles/2024/03/apprentis.html', 'communiqués de presse', 'fr'],
  ])('%s has page type %s', (fixture, url, type, language) => {
    openPage({ fixture, url });
    const values = readAll(['pageType', 'pageLanguage', 'theme', 'issuedDate', 'pageId']);
    expect(values).toEqual({ pageType: type, pageLanguage: language, theme: '', issuedDate: '2024-03-08', pageId: 'ESDC-NR-2024-0308-01' });
  });
});

describe('page title', () => {
  it.each([
    ['Employment Insurance - Canada.ca', 'Employment Insurance'],
    ['Assurance-emploi – Canada.ca', 'Assurance-emploi'],
    ['Taxes | Canada.ca', 'Taxes'],
    ['Canada.ca', 'Canada.ca'],
    ['Working at Canada.ca - an overview', 'Working at Canada.ca - an overview'],
  ])('strips the site suffix: %s', (title, expected) => {
    expect(withoutSiteSuffix(title)).toBe(expected);
  });

  it('falls back to the document title without the suffix when dcterms.title is missing', () => {
    openPage({
      html: '<html lang="en"><head><title>  Jobs   -  Canada.ca </title></head><body></body></html>',
      url: 'https://www.canada.ca/en/services/jobs.html',
    });
    expect(reader()('pageTitle')).toBe('Jobs');
  });

  it('is blank when the page has no title at all', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(reader()('pageTitle')).toBe('');
  });

  it('falls back to the data layer page.title on a page without title tags', () => {
    openPage({ url: 'https://apps.canada.ca/app/' });
    resetDataLayer([{ page: { title: 'My app' } }]);
    expect(reader()('pageTitle')).toBe('My app');
  });
});

describe('page id', () => {
  it.each([
    ['<meta name="dcterms.identifier" content="ID-1">', 'ID-1'],
    ['<meta name="page-id" content="page-42">', 'page-42'],
    ['<meta name="DCTERMS.Identifier" content=" ID-2 ">', 'ID-2'],
    ['<meta name="dcterms.identifier" content=""><meta name="page-id" content="p-3">', 'p-3'],
    ['', ''],
  ])('%s → %s', (tags, expected) => {
    openPage({ html: `<html><head>${tags}</head><body></body></html>`, url: 'https://www.canada.ca/en.html' });
    expect(reader()('pageId')).toBe(expected);
  });
});

describe('page language', () => {
  it.each([
    ['dcterms eng', '<html lang="fr"><head><meta name="dcterms.language" content="eng"></head></html>', '/fr.html', 'en'],
    ['dcterms fra', '<html lang="en"><head><meta name="dcterms.language" content="fra"></head></html>', '/en.html', 'fr'],
    ['html lang en-CA', '<html lang="en-CA"><head></head></html>', '/x.html', 'en'],
    ['html lang fr-CA', '<html lang="fr-CA"><head></head></html>', '/x.html', 'fr'],
    ['path /fr/', '<html><head></head></html>', '/fr/services.html', 'fr'],
    ['path /en/', '<html><head></head></html>', '/en/services.html', 'en'],
    ['nothing', '<html><head></head></html>', '/index.html', ''],
    ['unknown code', '<html lang="de"><head><meta name="dcterms.language" content="deu"></head></html>', '/index.html', ''],
  ])('%s', (_label, html, path, expected) => {
    openPage({ html, url: `https://www.canada.ca${path}` });
    expect(reader()('pageLanguage')).toBe(expected);
  });

  it('falls back to page.language in the data layer, normalised', () => {
    openPage({ url: 'https://apps.canada.ca/app/' });
    resetDataLayer([{ page: { language: 'fra' } }]);
    expect(reader()('pageLanguage')).toBe('fr');
  });
});

describe('page type', () => {
  it.each([...PAGE_TYPES.en, ...PAGE_TYPES.fr])('keeps %s', (type) => {
    expect(keptPageType(type)).toBe(type);
  });

  it.each([
    ['News Releases', 'news releases'],
    ['  Media   advisories ', 'media advisories'],
    ['Document d’information', "document d'information"],
    ['Avis aux médias', 'avis aux médias'],
    ['Déclarations', 'déclarations'],
    ['Comptes rendus', 'comptes rendus'],
    ['guidance;statements', 'statements'],
  ])('normalises %s → %s', (raw, expected) => {
    expect(keptPageType(raw)).toBe(expected);
  });

  it.each(['guidance', 'news release', 'services and information', 'forms', ''])('drops %j', (raw) => {
    expect(keptPageType(raw)).toBe('');
  });

  it('reads dcterms.type and is blank without it', () => {
    openPage({ html: '<html><head><meta name="dcterms.type" content="Speeches"></head></html>', url: 'https://www.canada.ca/en/x.html' });
    expect(reader()('pageType')).toBe('speeches');
    openPage({ html: '<html><head><meta name="dcterms.type" content="guidance"></head></html>', url: 'https://www.canada.ca/en/x.html' });
    expect(reader()('pageType')).toBe('');
  });
});

describe('theme', () => {
  it.each([
    ['/en/services/benefits/ei.html', 'benefits'],
    ['/en/services/benefits/ei/ei-regular-benefit/eligibility.html', 'benefits'],
    ['/fr/services/prestations/ae.html', 'prestations'],
    ['/en/services/Immigration-Citizenship/helpcentre.html', 'immigration-citizenship'],
    ['/fr/services/immigration-citoyennete/centre-aide.html', 'immigration-citoyennete'],
  ])('%s → %s', (path, expected) => {
    expect(themeOf(path)).toBe(expected);
  });

  it.each([
    '/en/services.html',
    '/fr/services.html',
    '/en/services/benefits.html',
    '/fr/services/prestations.html',
    '/en/services/benefits/',
    '/en/services/benefits/index.html',
    '/en/services/',
    '/en/news.html',
    '/en/revenue-agency/services/tax.html',
    '/de/services/benefits/ei.html',
  ])('an index page or a page outside /services/ gives none: %s', (path) => {
    expect(themeOf(path)).toBe('');
  });

  it('is read from the address of the page', () => {
    openPage({ url: 'https://www.canada.ca/fr/services/emplois/formation.html' });
    expect(reader()('theme')).toBe('emplois');
    openPage({ url: 'https://www.canada.ca/fr/services/emplois.html' });
    expect(reader()('theme')).toBe('');
  });
});

describe('URL folder and file name', () => {
  it.each([
    ['/en/services/benefits/ei.html', '/en/services/benefits/', 'ei.html'],
    ['/fr.html', '/', 'fr.html'],
    ['/en/', '/en/', ''],
    ['/', '/', ''],
  ])('%s', (path, folder, filename) => {
    expect(splitPath(path)).toEqual({ folder, filename });
  });

  it('decodes the path', () => {
    openPage({ url: 'https://www.canada.ca/fr/minist%C3%A8re/r%C3%A9sum%C3%A9.html' });
    expect(readAll(['urlFolder', 'urlFilename'])).toEqual({ urlFolder: '/fr/ministère/', urlFilename: 'résumé.html' });
  });
});

describe('page URL, referrer and query string', () => {
  it('drops the search-term parameters and the fragment from the page URL and the query string', () => {
    openPage({ url: 'https://www.canada.ca/en/sr/srb.html?q=my+passport&wb-srch-sub=&page=2#results' });
    const values = readAll(['pageUrl', 'queryString']);
    expect(values.pageUrl).not.toContain('q=my');
    expect(values.pageUrl).not.toContain('#results');
    expect(values.pageUrl).toMatch(/^https:\/\/www\.canada\.ca\/en\/sr\/srb\.html/);
    expect(values.queryString).not.toContain('my+passport');
    expect(values.queryString).toContain('page=2');
  });

  it("gives 'removed: email' for a query string with an e-mail address", () => {
    openPage({ url: 'https://www.canada.ca/en/contact.html?from=jane%40example.com' });
    expect(reader()('queryString')).toBe('removed: email');
  });

  it(`defaults to '${BLANK_QUERY_STRING}' without a query`, () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(reader()('queryString')).toBe(BLANK_QUERY_STRING);
    openPage({ url: 'https://www.canada.ca/en.html?q=only+a+search' });
    expect(reader()('queryString')).toBe(BLANK_QUERY_STRING);
  });

  it('the referrer loses its query string, and is blank without one', () => {
    openPage({ url: 'https://www.canada.ca/en.html', referrer: 'https://www.google.com/search?q=canada+pension' });
    const referrer = reader()('referrer');
    expect(referrer).toMatch(/^https:\/\/www\.google\.com\/search/);
    expect(referrer).not.toContain('canada+pension');
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(reader()('referrer')).toBe('');
  });
});

const localDate = ([year, month, day, hours, minutes]: number[]) => new Date(year ?? 1970, month ?? 0, day ?? 1, hours ?? 0, minutes ?? 0);

describe('content age', () => {
  const originalTz = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/Toronto';
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    ['same day', '2024-06-18', [2024, 5, 18, 23, 59], '0'],
    ['next day just after midnight', '2024-06-18', [2024, 5, 19, 0, 1], '1'],
    ['a year', '2023-06-18', [2024, 5, 18, 12], '366'],
    ['with a time part', '2024-06-10T16:45:00-04:00', [2024, 5, 18, 12], '8'],
    // 10 March 2024 has 23 hours in Toronto: 23.5 hours after midnight of the 10th is still one day.
    ['across the spring DST change', '2024-03-10', [2024, 2, 11, 0, 30], '1'],
    ['a week across the spring DST change', '2024-03-07', [2024, 2, 14, 0, 10], '7'],
    // 3 November 2024 has 25 hours: 24.5 hours after midnight of the 3rd is still one day.
    ['across the autumn DST change', '2024-11-03', [2024, 10, 4, 0, 30], '1'],
    ['in the future', '2030-01-01', [2024, 5, 18], '0'],
  ] as Array<[string, string, number[], string]>)('%s', (_label, modified, now, expected) => {
    // Built here, not in the table: the table is evaluated before the time zone is set.
    expect(wholeDaysSince(modified, localDate(now))).toBe(expected);
  });

  it('the time zone really has daylight saving time (the tests above would prove nothing otherwise)', () => {
    expect(localDate([2024, 2, 9]).getTimezoneOffset()).toBe(300);
    expect(localDate([2024, 2, 11]).getTimezoneOffset()).toBe(240);
    expect(localDate([2024, 2, 11, 0, 30]).getTime() - localDate([2024, 2, 10]).getTime()).toBe(23.5 * 3_600_000);
  });

  it.each(['', 'not a date', '2024-02-30', '18/06/2024'])('no age for %j', (modified) => {
    expect(wholeDaysSince(modified, new Date(2024, 5, 18))).toBe('');
  });

  it('reads dcterms.modified against the stubbable clock', () => {
    vi.spyOn(clock, 'now').mockReturnValue(new Date(2024, 6, 18, 9));
    openPage({ fixture: 'fr-services-page.html', url: FR_URL });
    expect(reader()('contentAge')).toBe('30');
  });

  it('works with fake timers too, across the DST change', () => {
    vi.useFakeTimers({ now: new Date(2024, 2, 11, 0, 30), toFake: ['Date'] });
    openPage({ html: '<html><head><meta name="dcterms.modified" content="2024-03-09"></head></html>', url: EN_URL });
    expect(reader()('contentAge')).toBe('2');
  });

  it('is blank when the page has no modified date', () => {
    openPage({ url: EN_URL });
    expect(reader()('contentAge')).toBe('');
  });
});

describe('missing tags', () => {
  it('a bare page gives blanks (and the language from the path), never an error', () => {
    openPage({ url: 'https://www.canada.ca/fr/quelque-chose.html' });
    const read = reader();
    const values = readAll(['pageId', 'pageTitle', 'pageType', 'pageCreator', 'issuedDate', 'modifiedDate', 'contentAge', 'program', 'theme']);
    expect(Object.values(values).every((v) => v === '')).toBe(true);
    expect(read('pageLanguage')).toBe('fr');
    expect(read('defaultText')).toBe('S/O');
    expect(read.log.lines('error')).toEqual([]);
  });

  it('defaultText is N/A in English and when the language is unknown', () => {
    openPage({ url: 'https://www.canada.ca/en/x.html' });
    expect(reader()('defaultText')).toBe('N/A');
    openPage({ url: 'https://www.canada.ca/x.html' });
    expect(reader()('defaultText')).toBe('N/A');
  });
});
