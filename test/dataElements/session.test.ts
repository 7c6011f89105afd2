import { beforeEach, describe, expect, it } from 'vitest';
import { liveHosts } from '../../src/config/hosts';
import type { HostEntry } from '../../src/config/types';
import { INFO_SHARE_APP_NAMES, INVALID_LOGIN_STATUS, infoSharePortal, loginStatusCode, loginStatusLabel } from '../../src/dataElements/session';
import { LIBRARY_VERSION } from '../../src/dataElements/version';
import { CANADA, openPage, readAll, reader, resetDataLayer, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const host = (loginStatus: string | null, appName: string | null = 'canada'): HostEntry => ({
  host: 'www.canada.ca',
  appName,
  loginStatus,
});
const SEARCH_HOST = liveHosts().find((h) => h.host === 'search-recherche.gc.ca')!;

describe('login status', () => {
  it.each([
    ['1', 'en', '1', 'Authenticated'],
    ['1', 'fr', '1', 'Authentifié'],
    ['2', 'en', '2', 'Public'],
    ['2', 'fr', '2', 'Public'],
    ['3', 'en', '3', 'Intranet'],
    ['3', 'fr', '3', 'Intranet'],
    ['4', 'en', INVALID_LOGIN_STATUS, INVALID_LOGIN_STATUS],
    ['public', 'fr', INVALID_LOGIN_STATUS, INVALID_LOGIN_STATUS],
    [null, 'en', INVALID_LOGIN_STATUS, INVALID_LOGIN_STATUS],
  ])('host LoginStatus %j on a %s page → %s / %s', (status, lang, code, label) => {
    openPage({ url: `https://www.canada.ca/${lang}/services/benefits/ei.html` });
    expect(readAll(['loginStatus', 'loginStatusLabel'], host(status))).toEqual({ loginStatus: code, loginStatusLabel: label });
  });

  it('a Canada.ca host entry gives 2 Public', () => {
    openPage({ fixture: 'en-services-page.html', url: 'https://www.canada.ca/en/services/benefits/ei.html' });
    expect(readAll(['loginStatus', 'loginStatusLabel'], CANADA)).toEqual({ loginStatus: '2', loginStatusLabel: 'Public' });
  });

  it('without a host entry (or with a search host) the status is invalid', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(reader(null)('loginStatus')).toBe(INVALID_LOGIN_STATUS);
    expect(reader(SEARCH_HOST)('loginStatusLabel')).toBe(INVALID_LOGIN_STATUS);
  });

  it.each([
    ['https://www.canada.ca/en/info-share.html', 'Authenticated'],
    ['https://www.canada.ca/en/info-share/requests/new.html', 'Authenticated'],
    ['https://www.canada.ca/fr/partage-info.html', 'Authentifié'],
    ['https://www.canada.ca/fr/partage-info/demandes.html', 'Authentifié'],
  ])('the info-share portal %s defaults to 1 over the host entry', (url, label) => {
    openPage({ url });
    expect(readAll(['loginStatus', 'loginStatusLabel'], CANADA)).toEqual({ loginStatus: '1', loginStatusLabel: label });
  });

  it('user.loginStatus in the data layer wins (an app knows whether its visitor signed in)', () => {
    openPage({ url: 'https://www.canada.ca/fr/services.html' });
    resetDataLayer([{ user: { loginStatus: '1' } }]);
    expect(readAll(['loginStatus', 'loginStatusLabel'], CANADA)).toEqual({ loginStatus: '1', loginStatusLabel: 'Authentifié' });
    resetDataLayer([{ user: { loginStatus: 3 } }]);
    expect(reader(CANADA)('loginStatus')).toBe('3');
  });

  it('pure helpers', () => {
    expect(loginStatusCode(' 2 ')).toBe('2');
    expect(loginStatusCode('')).toBe(INVALID_LOGIN_STATUS);
    expect(loginStatusCode('toString')).toBe(INVALID_LOGIN_STATUS);
    expect(loginStatusLabel('1', '')).toBe('Authenticated');
    expect(loginStatusLabel('x', 'fr')).toBe(INVALID_LOGIN_STATUS);
  });
});

describe('app name', () => {
  it.each([
    ['https://www.canada.ca/en/info-share.html', CANADA, 'MP Service Portal'],
    ['https://www.canada.ca/en/info-share/documents.html', CANADA, 'MP Service Portal'],
    ['https://www.canada.ca/fr/partage-info.html', CANADA, 'Portail de services des députés'],
    ['https://www.canada.ca/fr/partage-info/documents.html', null, 'Portail de services des députés'],
    ['https://www.canada.ca/en/services.html', CANADA, 'canada'],
    ['https://www.canada.ca/fr/services.html', CANADA, 'canada'],
    ['https://search-recherche.gc.ca/en/sr/srb.html', SEARCH_HOST, ''],
    ['https://www.canada.ca/en.html', null, ''],
    // Only the portal's own folder: a page that merely starts with the same letters is not it.
    ['https://www.canada.ca/en/info-sharing.html', CANADA, 'canada'],
  ])('%s → %j', (url, entry, expected) => {
    openPage({ url });
    expect(reader(entry)('appName')).toBe(expected);
  });

  it('names the portal in both languages', () => {
    expect(INFO_SHARE_APP_NAMES).toEqual({ en: 'MP Service Portal', fr: 'Portail de services des députés' });
    expect(infoSharePortal('/EN/Info-Share/x.html')).toBe('en');
    expect(infoSharePortal('/fr/partage-information.html')).toBe('');
  });
});

describe('owner and topic level', () => {
  it.each([
    [
      'en-services-page.html',
      'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html',
      'Employment and Social Development Canada',
      '4',
    ],
    [
      'fr-services-page.html',
      'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
      'Emploi et Développement social Canada',
      '4',
    ],
    [
      'en-news-release.html',
      'https://www.canada.ca/en/employment-social-development/news/2024/03/apprentices.html',
      'Employment and Social Development Canada',
      '2',
    ],
    ['fr-news-search.html', 'https://www.canada.ca/fr/nouvelles/rechercher.html', 'Bureau du Conseil privé', '2'],
  ])('%s: the lead creator owns it; the breadcrumb gives the level', (fixture, url, owner, level) => {
    openPage({ fixture, url });
    expect(readAll(['owner', 'topicLevel'])).toEqual({ owner, topicLevel: level });
  });

  it.each([
    ['', '3'],
    [' hide-canada-link', '2'],
    [' hide-canada-link="true"', '2'],
    [' hide-canada-link="false"', '3'],
  ])("GCWeb's GCDS layout: the design system's trail <gcds-breadcrumbs%s> is level %s (it draws the Canada.ca crumb itself unless hidden)", (hide, level) => {
    const items = [
      ['/fr/services/prestations.html', 'Prestations'],
      ['/fr/services/prestations/ae.html', 'Assurance-emploi'],
    ];
    openPage({
      url: 'https://www.canada.ca/fr/services/prestations/ae/admissibilite.html',
      html: `<html lang="fr"><head></head><body><gcds-header lang-href="/en/services/benefits/ei/eligibility.html" skip-to-href="#wb-cont"><gcds-search slot="search"></gcds-search><gcds-topic-menu slot="menu"></gcds-topic-menu>
<gcds-breadcrumbs slot="breadcrumb" class="mt-2"${hide}>${items.map(([href, text]) => `<gcds-breadcrumbs-item href="${href}">${text}</gcds-breadcrumbs-item>`).join('')}</gcds-breadcrumbs></gcds-header><main class="container"><h1 id="wb-cont">Admissibilité</h1></main></body></html>`,
    });
    expect(readAll(['topicLevel'])).toEqual({ topicLevel: level });
  });

  it('blank without creator or breadcrumb; the data layer can say both', () => {
    openPage({ url: 'https://apps.canada.ca/app/' });
    expect(readAll(['owner', 'topicLevel'])).toEqual({ owner: '', topicLevel: '' });
    resetDataLayer([{ page: { owner: 'Canada Revenue Agency', topicLevel: 3 } }]);
    expect(readAll(['owner', 'topicLevel'])).toEqual({ owner: 'Canada Revenue Agency', topicLevel: '3' });
  });
});

describe('library version', () => {
  it('is the tag runtime version of PRD-2', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(LIBRARY_VERSION).toBe('28.0.0');
    expect(reader()('libraryVersion')).toBe('28.0.0');
  });
});
