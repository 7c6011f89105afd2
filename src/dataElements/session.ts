/**
 * Session description: login status and app name (from the allow-list entry of the current
 * host, with the MP info-share portal as the PV-13 exception), owner, topic level and the
 * tag library version.
 */
import type { HostEntry } from '../config/types';
import type { DataElement } from '../engine/types';
import { dataLayerText, el, meta, pageLanguage, pathname, safely, type Language } from './read';
import { LIBRARY_VERSION } from './version';

export const INVALID_LOGIN_STATUS = 'invalid login status';

/**
 * PV-8: login status codes and their labels: 1 Authenticated (Authentifié in French),
 * 2 Public, 3 Intranet (the same in both languages).
 */
const LOGIN_STATUS_LABELS = 'Authenticated Public Intranet'.split(' ');
const isLoginStatus = (code: string) => /^[123]$/.test(code);

/** PV-13: the authenticated service portal for members of Parliament. */
export const INFO_SHARE_APP_NAMES: Readonly<Record<Language, string>> = {
  en: 'MP Service Portal',
  fr: 'Portail de services des députés',
};

/** The portal's language when `path` is under /en/info-share or /fr/partage-info, else ''. */
export function infoSharePortal(path: string): Language | '' {
  const match = /^\/(?:(en)\/info-share|fr\/partage-info)(?:[/.]|$)/i.exec(path);
  return match ? (match[1] ? 'en' : 'fr') : '';
}

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
export const loginStatusLabel = (code: string, language: Language | ''): string =>
  !isLoginStatus(code) ? INVALID_LOGIN_STATUS : code === '1' && language === 'fr' ? 'Authentifié' : LOGIN_STATUS_LABELS[+code - 1]!;

/**
 * The page's depth in the site's information architecture: how many crumbs the breadcrumb
 * trail (`#wb-bc`, the templates' breadcrumb) holds above the page. Canada.ca > Benefits > EI
 * page → '2'; no breadcrumb (the home page, apps) → ''. The design system's trail (GCWeb's GCDS
 * layout) lists its items in the page and draws the Canada.ca crumb itself, unless told not to.
 */
const breadcrumbDepth = () =>
  safely(() => {
    const trail = document.querySelector('#wb-bc, nav[property="breadcrumb"], .breadcrumb, gcds-breadcrumbs');
    if (!trail) return '';
    const crumbs = trail.querySelectorAll('li, gcds-breadcrumbs-item').length || trail.querySelectorAll('a').length;
    // A boolean attribute of the component: present and not "false".
    const drawnCanada = trail.localName === 'gcds-breadcrumbs' && !/^(|true)$/.test(trail.getAttribute('hide-canada-link') ?? 'false');
    return String(crumbs + +drawnCanada || '');
  }, '');

export function sessionDataElements(host: HostEntry | undefined): DataElement[] {
  return [
    el('loginStatus', () => loginStatusCode(dataLayerText('user.loginStatus') || (infoSharePortal(pathname()) ? '1' : '') || host?.loginStatus || '')),
    el('loginStatusLabel', (ctx) => loginStatusLabel(String(ctx.getVar('loginStatus') || ''), pageLanguage())),
    el(
      'appName',
      () => {
        const portal = infoSharePortal(pathname());
        return portal ? INFO_SHARE_APP_NAMES[portal] : host?.appName || '';
      },
      '',
    ),
    // The owning institution: the page's data layer, else the lead creator (the first of the
    // page's semicolon-separated creators).
    el('owner', () => dataLayerText('page.owner') || meta('dcterms.creator').split(';')[0]!.trim(), '', { clean: true }),
    el('topicLevel', () => dataLayerText('page.topicLevel') || breadcrumbDepth(), ''),
    el('libraryVersion', () => LIBRARY_VERSION),
  ];
}
