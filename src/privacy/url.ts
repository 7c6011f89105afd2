/** What is kept of page, referrer and link URLs before they are recorded (SPEC §5). */

/** Search-page parameters that carry what the visitor typed. */
export const STRIPPED_QUERY_PARAMS: readonly string[] = ['q', 'allq', 'exctq', 'anyq', 'noneq', 'fqupdate', 'dmn', 'fqocct'];
export const EMAIL_IN_QUERY = 'removed: email';
export const INVALID_URL = 'Invalid URL';

/** Webmail hosts: a referrer from them names a mailbox or message. Subdomains are blocked too. */
export const BLOCKED_REFERRER_DOMAINS: readonly string[] = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'mail.yahoo.com',
  'mail.aol.com',
  'mail.proton.me',
  'mail.zoho.com',
  'mail.yandex.com',
];

// The analytics client-id parameters a cross-domain link carries (Google Analytics linker).
const CLIENT_ID_PARAMS: readonly string[] = ['_ga', '_gl'];

/** `a=1&q=x&b` without the named parameters, names compared case-insensitively, the rest untouched. */
const withoutParams = (params: string, names: readonly string[]): string =>
  params
    .split('&')
    .filter((pair) => !names.includes((pair.split('=', 1)[0] ?? '').toLowerCase()))
    .join('&');

export function scrubQueryString(query: string): string {
  const params = query.replace(/^\?/, '');
  // %2540 is an @ in a URL nested in a parameter (a return address after sign-in, say).
  return /@|%(?:25)?40/.test(params) ? EMAIL_IN_QUERY : withoutParams(params, STRIPPED_QUERY_PARAMS);
}

function httpUrl(href: string): URL | undefined {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Origin, path and scrubbed query; the fragment and any user name or password before the host are dropped. */
export function recordablePageUrl(href: string): string {
  const url = httpUrl(href);
  if (!url) return INVALID_URL;
  const query = scrubQueryString(url.search);
  return url.origin + url.pathname + (query && `?${query}`);
}

/** The referrer without query or fragment; a blocklisted host keeps only its name, on a fixed page. */
export function scrubReferrer(referrer: string, blocked: readonly string[] = BLOCKED_REFERRER_DOMAINS): string {
  const url = httpUrl(referrer);
  if (!url) return '';
  // `mail.google.com.` is the same host as `mail.google.com`.
  const host = url.hostname.replace(/\.$/, '');
  const isBlocked = blocked.some((domain) => {
    const name = domain.toLowerCase();
    return host === name || host.endsWith(`.${name}`);
  });
  return isBlocked ? `${url.protocol}//${url.host}/redacted-referrer` : url.origin + url.pathname;
}

/**
 * Removes `_ga` and `_gl` from the query and from a parameter-style fragment (the linker can use
 * either), leaving everything else as written, so relative hrefs stay relative.
 */
export function stripClientId(url: string): string {
  return url.replace(/([?#])([^#]*)/g, (_match, mark: string, params: string) => {
    const kept = withoutParams(params, CLIENT_ID_PARAMS);
    return kept || kept === params ? mark + kept : '';
  });
}
