/**
 * What is kept of page, referrer and link URLs before they are recorded (requirements PR-3 to PR-6). Redaction
 * works on each decoded component (path segment, parameter name and value, fragment) and
 * re-encodes what it changed, so it never cuts a `%XX` escape, and sees `%71` as the `q` it is.
 */
import { LOWERED_PASSPORT, SECRET_WORDS, pattern } from './patterns';
import { REDACTION_MARKER, mayNameBirthDate, redactText } from './redact';

/** Search-page parameters that carry what the visitor typed. */
export const STRIPPED_QUERY_PARAMS: readonly string[] = ['q', 'allq', 'exctq', 'anyq', 'noneq', 'fqupdate', 'dmn', 'fqocct'];
export const EMAIL_IN_QUERY = 'removed: email';
export const INVALID_URL = 'Invalid URL';

/** The one host whose clicked URLs are recorded as they are (PR-6). */
export const PUBLICATIONS_HOST = 'publications.gc.ca';

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

const SECRET_NAME = pattern(`(?:^|[^a-z])(?:${SECRET_WORDS})(?:$|[^a-z])`, '');

// The analytics client-id parameters a cross-domain link carries (Google Analytics linker).
const CLIENT_ID_PARAMS: readonly string[] = ['_ga', '_gl'];

// %2540 is an @ in a URL nested in a parameter (a return address after sign-in, say).
const HAS_EMAIL = /@|%(?:25)?40/;
// Nested URLs are followed this deep, so a hostile value cannot make scrubbing recurse without end.
const MAX_DEPTH = 3;

/** Percent escapes decoded where they form UTF-8, left as written where they do not. */
function decode(text: string, plusIsSpace: boolean): string {
  const spaced = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  return spaced.replace(/(?:%[\da-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

// A lone surrogate makes the encoders throw; it cannot be sent as it is anyway.
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/g, (c) => `${c.slice(0, -1)}\ufffd`);
/** A path keeps the characters a path may hold (`/`, `;`, `=`, `:`, `@`, `,`); a segment, all but `/`. */
const encodePathText = (text: string) => encodeURI(text).replace(/[?#]/g, encodeURIComponent);
const encodeSegmentText = (text: string) => encodePathText(text).replace(/\//g, '%2F');

/** The inverse of decode for a changed component; the marker stays readable as it is. */
const encode = (text: string, encodePart: (part: string) => string = encodeURIComponent): string =>
  wellFormed(text).split(REDACTION_MARKER).map(encodePart).join(REDACTION_MARKER);

const nameOf = (pair: string): string =>
  decode(pair.split('=', 1)[0] ?? '', true)
    .trim()
    .toLowerCase();

/** `a=1&q=x&b` without the named parameters, names compared decoded and case-insensitively. */
const withoutParams = (params: string, names: readonly string[]): string =>
  params
    .split('&')
    .filter((pair) => !names.includes(nameOf(pair)))
    .join('&');

/** A nested URL in a parameter value (a return address) is scrubbed as a URL of its own. */
const isUrl = (value: string) => /^(?:https?:\/\/|\/)/i.test(value);

/**
 * One decoded parameter as it may leave the page, or undefined when it must not: a search
 * parameter is dropped; a secret's value is removed whole; otherwise name and value are redacted
 * as one text, so a key-value pair that a form wrote with spaces or `+` around the `=` is seen
 * as one, and a nested URL (a return address) is scrubbed as a URL of its own.
 */
export function scrubParam(name: string, value: string, depth = 0): readonly [string, string] | undefined {
  const key = name.trim().toLowerCase();
  if (STRIPPED_QUERY_PARAMS.includes(key)) return undefined;
  if (SECRET_NAME().test(key)) return [name, value && REDACTION_MARKER];
  const nested = depth < MAX_DEPTH && isUrl(value) ? scrubUrl(value, depth + 1) : value;
  const whole = redactText(`${name}=${nested}`);
  const cut = whole.indexOf('=');
  return cut < 0 ? [whole, ''] : [whole.slice(0, cut), whole.slice(cut + 1)];
}

/** One raw `name=value` pair of a query or fragment; unchanged parts keep their encoding. */
function scrubPair(pair: string, depth: number): string | undefined {
  const cut = pair.indexOf('=');
  const rawName = cut < 0 ? pair : pair.slice(0, cut);
  const name = decode(rawName, true);
  if (cut < 0) {
    if (STRIPPED_QUERY_PARAMS.includes(name.trim().toLowerCase())) return undefined;
    const text = redactText(name);
    return text === name ? pair : encode(text);
  }
  const value = decode(pair.slice(cut + 1), true);
  const kept = scrubParam(name, value, depth);
  if (!kept) return undefined;
  if (kept[0] === name && kept[1] === value) return pair;
  return `${kept[0] === name ? rawName : encode(kept[0])}=${encode(kept[1])}`;
}

function scrubPairs(params: string, depth: number): string {
  return params
    .split('&')
    .map((pair) => scrubPair(pair, depth))
    .filter((pair): pair is string => pair !== undefined)
    .join('&');
}

const scrubQueryAt = (query: string, depth: number): string => (HAS_EMAIL.test(query) ? EMAIL_IN_QUERY : scrubPairs(query, depth));

/**
 * A query string as it may be recorded: 'removed: email' when it holds an `@` (PR-4), else
 * without the search parameters and with personal values redacted.
 */
export function scrubQueryString(query: string): string {
  return scrubQueryAt(query.replace(/^\?/, ''), 0);
}

// What a path segment needs for any pattern to match (digits, @, a separator, a JWT) or to be
// decoded: most segments (`en`, `services`) have none of it and are kept as they are.
const MAY_HOLD_PERSONAL = /[\d@:=%]|eyJ/i;

function scrubSegment(segment: string): string {
  if (!MAY_HOLD_PERSONAL.test(segment)) return segment;
  const text = decode(segment, false);
  const scrubbed = redactText(text);
  return scrubbed === text ? segment : encode(scrubbed, encodeSegmentText);
}

/**
 * Each segment on its own, and where digits stand on both sides of a slash in a path that may name
 * a date of birth, the decoded path as one text too: a route that carries a sentence splits its
 * dates there (`#/born 12/03/1985`). News paths (`/en/news/2025/09/…`) name none.
 */
function scrubPath(path: string): string {
  const scrubbed = path.split('/').map(scrubSegment).join('/');
  if (!/\d\/\d/.test(scrubbed)) return scrubbed;
  const text = decode(scrubbed, false);
  if (!mayNameBirthDate(text)) return scrubbed;
  const whole = redactText(text);
  return whole === text ? scrubbed : encode(whole, encodePathText);
}

/** A fragment is a parameter list (`#a=1&b=2`), a route with its own query (`#/search?q=x`), or text. */
function scrubFragment(fragment: string, depth: number): string {
  const mark = fragment.indexOf('?');
  if (mark >= 0) return `${scrubPath(fragment.slice(0, mark))}?${scrubQueryAt(fragment.slice(mark + 1), depth)}`;
  return fragment.includes('=') ? scrubPairs(fragment, depth) : scrubPath(fragment);
}

// Scheme, `//` authority, path, query, fragment: every string matches, so relative hrefs work too.
const URL_PARTS = /^([a-zA-Z][\w+.-]*:)?(\/\/[^/?#]*)?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;

function scrubUrl(url: string, depth: number): string {
  const [, scheme = '', authority = '', path = '', query, fragment] = URL_PARTS.exec(url) ?? [];
  // A user name or password before the host is dropped, as browsers would never show it.
  const host = authority.replace(/^\/\/[^@]*@/, '//');
  let result = scheme + host + scrubPath(path);
  if (query !== undefined) {
    const scrubbed = scrubQueryAt(query, depth);
    if (scrubbed) result += `?${scrubbed}`;
  }
  if (fragment !== undefined) result += `#${scrubFragment(fragment, depth)}`;
  return result;
}

// A user name or e-mail before the host would ride along unscrubbed, so such a URL is not exempt.
function isPublicationsUrl(url: string): boolean {
  if (!url.toLowerCase().includes(PUBLICATIONS_HOST)) return false;
  try {
    const { hostname, username, password } = new URL(url);
    return hostname === PUBLICATIONS_HOST && !username && !password;
  } catch {
    return false;
  }
}

/**
 * URLs and hrefs, absolute or relative: the search parameters stripped and an `@` in the query
 * turned into 'removed: email', as for the page URL; secrets and personal values redacted in the
 * path, the query (with every pattern: it is what a visitor typed into a form) and the fragment.
 * Clicked URLs of the publications host are recorded as they are (PR-6).
 */
export function redactUrl(url: string): string {
  return isPublicationsUrl(url) ? url : scrubUrl(url, 0);
}

/**
 * A name that may be a route: Adobe's guide for single-page apps names each Target view after the
 * URL's hash or path, which the browser gives percent-encoded. Redacted as text, then as a relative
 * URL whose segments are decoded first; a name with nothing personal stays as it is. One whose
 * decoded text is still personal as a whole is sent decoded and redacted: a first word and its
 * colon read as a URL's scheme (`user:%20jsmith%20pass:%20…`). The tag lowers a view's name as
 * Target keys it, so a passport written `AB 123456` arrives as `ab 123456` (LOWERED_PASSPORT).
 */
export function redactName(name: string): string {
  const kept = redactUrl(redactText(name));
  const text = decode(kept, false);
  const whole = redactText(text);
  return (whole === text ? kept : whole).replace(LOWERED_PASSPORT(), `$1${REDACTION_MARKER}`);
}

function httpUrl(href: string): URL | undefined {
  // No referrer is the common case, and a throwing URL constructor costs a page up to 2 ms.
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Origin, scrubbed path and query; the fragment and any user name or password before the host are dropped. */
export function recordablePageUrl(href: string): string {
  const url = httpUrl(href);
  return url ? scrubUrl(url.origin + url.pathname + url.search, 0) : INVALID_URL;
}

/**
 * The referrer without query or fragment, its path scrubbed as the page's is (the page before on
 * the same site comes whole); a blocklisted host keeps only its name, on a fixed page.
 */
export function scrubReferrer(referrer: string, blocked: readonly string[] = BLOCKED_REFERRER_DOMAINS): string {
  const url = httpUrl(referrer);
  if (!url) return '';
  // `mail.google.com.` is the same host as `mail.google.com`.
  const host = url.hostname.replace(/\.$/, '');
  const isBlocked = blocked.some((domain) => {
    const name = domain.toLowerCase();
    return host === name || host.endsWith(`.${name}`);
  });
  return isBlocked ? `${url.protocol}//${url.host}/redacted-referrer` : url.origin + scrubPath(url.pathname);
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
