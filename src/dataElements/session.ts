/**
 * Session description: login status and app name (from the allow-list entry of the current
 * host, with the MP info-share portal as the SPEC §2 exception), owner, topic level and the
 * tag library version.
 */
import type { HostEntry } from '../config/types';
import type { DataElement } from '../engine/types';
import { dataLayerText, meta, pageLanguage, pathname, safely, type Language } from './read';
import { LIBRARY_VERSION } from './version';

export const INVALID_LOGIN_STATUS = 'invalid login status';

/** SPEC §4: login status codes and their labels in each language. */
export const LOGIN_STATUS_LABELS: Readonly<Record<'1' | '2' | '3', Readonly<Record<Language, string>>>> = {
  '1': { en: 'Authenticated', fr: 'Authentifié' },
  '2': { en: 'Public', fr: 'Public' },
  '3': { en: 'Intranet', fr: 'Intranet' },
};

/** SPEC §2: the authenticated service portal for members of Parliament. */
export const INFO_SHARE_APP_NAMES: Readonly<Record<Language, string>> = {
  en: 'MP Service Portal',
  fr: 'Portail de services des députés',
};

/** The portal's language when `path` is under /en/info-share or /fr/partage-info, else ''. */
export function infoSharePortal(path: string): Language | '' {
  if (/^\/en\/info-share(?:[/.]|$)/i.test(path)) return 'en';
  if (/^\/fr\/partage-info(?:[/.]|$)/i.test(path)) return 'fr';
  return '';
}

const isLoginStatus = (code: string): code is keyof typeof LOGIN_STATUS_LABELS =>
  Object.prototype.hasOwnProperty.call(LOGIN_STATUS_LABELS, code);

/**
 * The login-status code: '1', '2' or '3', or 'invalid login status' for anything else
 * (including a host whose entry has none). The page's own data layer (`user.loginStatus`,
 * pushed by an app that knows whether its visitor signed in) wins; then the info-share portal
 * paths, which default to 1; then the host entry.
 */
export function loginStatusCode(raw: string): string {
  const code = raw.trim();
  return isLoginStatus(code) ? code : INVALID_LOGIN_STATUS;
}

/** The label of a login-status code in a language; 'invalid login status' for other values. */
export function loginStatusLabel(code: string, language: Language | ''): string {
  return isLoginStatus(code) ? LOGIN_STATUS_LABELS[code][language === 'fr' ? 'fr' : 'en'] : INVALID_LOGIN_STATUS;
}

/**
 * The page's depth in the site's information architecture: how many crumbs the breadcrumb
 * trail (`#wb-bc`, the templates' breadcrumb) holds above the page. Canada.ca > Benefits > EI
 * page → '2'; no breadcrumb (the home page, apps) → ''.
 */
export function breadcrumbDepth(): string {
  return safely(() => {
    const trail = document.querySelector('#wb-bc, nav[property="breadcrumb"], .breadcrumb');
    if (!trail) return '';
    const crumbs = trail.querySelectorAll('li').length || trail.querySelectorAll('a').length;
    return crumbs ? String(crumbs) : '';
  }, '');
}

/** The lead institution: the first of the page's semicolon-separated creators. */
export const firstCreator = (creators: string): string => (creators.split(';')[0] ?? '').trim();

export function sessionDataElements(host: HostEntry | undefined): DataElement[] {
  return [
    {
      name: 'loginStatus',
      get: () =>
        loginStatusCode(
          dataLayerText('user.loginStatus') || (infoSharePortal(pathname()) ? '1' : '') || (host?.loginStatus ?? ''),
        ),
    },
    {
      name: 'loginStatusLabel',
      get: (ctx) => loginStatusLabel(String(ctx.getVar('loginStatus') ?? ''), pageLanguage()),
    },
    {
      name: 'appName',
      get: () => {
        const portal = infoSharePortal(pathname());
        return portal ? INFO_SHARE_APP_NAMES[portal] : (host?.appName ?? '');
      },
      defaultValue: '',
    },
    {
      // The owning institution: the page's data layer, else the lead creator.
      name: 'owner',
      get: () => dataLayerText('page.owner') || firstCreator(meta('dcterms.creator')),
      cleanText: true,
      defaultValue: '',
    },
    { name: 'topicLevel', get: () => dataLayerText('page.topicLevel') || breadcrumbDepth(), defaultValue: '' },
    { name: 'libraryVersion', get: () => LIBRARY_VERSION },
  ];
}
