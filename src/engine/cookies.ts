/**
 * Cookies, never throwing for a blocked or malformed cookie jar. Values are encoded as js-cookie
 * encodes them (percent-encoding, with the characters a cookie allows left readable), so cookies
 * written by other tools on the site read the same, and ours read the same in theirs.
 */
import { DAY_MS } from './durations';

export interface CookieOptions {
  /** Lifetime in days; fractions are allowed (0.0208333 is about 30 minutes). Session cookie when absent. */
  days?: number;
  path?: string;
  domain?: string;
}

export interface CookieJar {
  get(name: string): string | undefined;
  /** False when the browser refused the cookie (disabled cookies, oversized value). */
  set(name: string, value: string, options?: CookieOptions): boolean;
  remove(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): boolean;
}

const encodeValue = (value: string) => encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
const decodeValue = (value: string) => (value[0] === '"' ? value.slice(1, -1) : value).replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);

/**
 * Reading document.cookie is a synchronous round trip to the browser's cookie store (about a
 * millisecond on a busy phone), and one event's rules read dozens of cookies. Inside
 * withCookieSnapshot (the tag's start and each event the dispatcher runs) the jar is read once
 * and kept until the run returns: no page script can run in between, and our own writes update
 * it in place, so a run that writes five cookies still reads the store once. Outside, every
 * lookup reads afresh.
 */
let snapshot: Map<string, string> | undefined;
/** Names the jar holds twice (a host-only copy beside a domain cookie), as last read. */
let twice = new Set<string>();
/**
 * How deep the runs are nested (0 outside one), and how many times one has begun or ended. What
 * else page code cannot change during a run, like the meta tags (dataElements/read.ts), may be
 * kept for it until the count moves: page code that calls the tag from inside a run (a listener
 * of one of its events) may have changed the page before a nested run begins or after it ends.
 */
export let runDepth = 0;
export let runs = 0;

export function withCookieSnapshot<T>(run: () => T): T {
  runs++;
  runDepth++;
  try {
    return run();
  } finally {
    runs++;
    if (!--runDepth) snapshot = undefined;
  }
}

function jar(): Map<string, string> {
  if (snapshot) return snapshot;
  const parsed = new Map<string, string>();
  twice = new Set();
  const all = document.cookie;
  for (const pair of all ? all.split('; ') : []) {
    const at = pair.indexOf('=');
    try {
      const name = decodeURIComponent(pair.slice(0, at));
      // The first cookie of a name is the most specific one (longest path), as the browser orders them.
      if (!parsed.has(name)) parsed.set(name, decodeValue(pair.slice(at + 1)));
      else twice.add(name);
    } catch {
      /* a malformed pair is skipped, as js-cookie skips it */
    }
  }
  if (runDepth) snapshot = parsed;
  return parsed;
}

/** What a browser keeps of one cookie, name and value together (RFC 6265bis): a longer one is refused. */
const MAX_COOKIE_BYTES = 4096;

/**
 * Every cookie the tag writes is SameSite=Lax, and Secure on https: no caller can choose otherwise.
 * The snapshot follows the write, so that the next lookup needs no read; for a name held twice it
 * is dropped, as which copy remains is the browser's to say.
 */
function write(name: string, value: string, options: CookieOptions = {}): void {
  const pair = `${encodeURIComponent(name)}=${encodeValue(value)}`;
  let cookie = `${pair}; path=${options.path ?? '/'}; samesite=Lax`;
  if (options.days !== undefined) cookie += `; expires=${new Date(Date.now() + options.days * DAY_MS).toUTCString()}`;
  if (options.domain) cookie += `; domain=${options.domain}`;
  if (location.protocol === 'https:') cookie += '; secure';
  // The browser would refuse it anyway: neither the write nor the snapshot takes it.
  if (navigator.cookieEnabled === false || pair.length > MAX_COOKIE_BYTES) return;
  document.cookie = cookie;
  if (!snapshot) return;
  if (twice.has(name)) snapshot = undefined;
  else if (options.days !== undefined && options.days < 0) snapshot.delete(name);
  else snapshot.set(name, value);
}

/** The value of the first cookie whose name passes `test` (for cookies named by another tool, like `AMCV_{org}`). */
export function findCookie(test: (name: string) => boolean): string | undefined {
  try {
    for (const [name, value] of jar()) if (test(name)) return value;
  } catch {
    /* a blocked cookie jar has none */
  }
  return undefined;
}

/**
 * Where a site cookie goes: '.canada.ca' on www.canada.ca, canada.ca, apps.canada.ca…, so that
 * every host of the site reads it, as AppMeasurement's cookie domain does; undefined (host-only)
 * on any other host, where the registrable domain is not known to be the site's alone. The
 * domains are the environment's, fixed at build time.
 */
export function siteCookieDomain(hostname: string = location.hostname, domains: readonly string[] = __SITE_DOMAINS__): string | undefined {
  const host = hostname.toLowerCase();
  const domain = domains.find((site) => host === site || host.endsWith(`.${site}`));
  return domain && `.${domain}`;
}

export const cookies: CookieJar = {
  get(name) {
    try {
      return jar().get(name);
    } catch {
      return undefined;
    }
  },
  set(name, value, options) {
    try {
      write(name, value, options);
      return jar().get(name) === value;
    } catch {
      return false;
    }
  },
  remove(name, options) {
    try {
      // Nothing to remove costs no write (a page view clears several cookies that are rarely there).
      if (!jar().has(name)) return true;
      write(name, '', { ...options, days: -1 });
      return !jar().has(name);
    } catch {
      return false;
    }
  },
};

/**
 * An older version of the tag wrote some site cookies (below) host-only. Such a copy comes first in
 * the jar (it is older) and so hides the site cookie on this host: when a read shows a name held
 * twice, the host-only copy is removed. Writing the site cookie beside a host-only copy is what
 * makes it twice, and only a fresh read shows it; the next lookup after one (the next run's, or
 * the next page's) removes it, so that no run pays a read of its own for it.
 */
function removedShadow(name: string): boolean {
  const shadowed = twice.has(name) && !!siteCookieDomain();
  if (shadowed) cookies.remove(name);
  return shadowed;
}

/**
 * The cookies that follow a visit across the site's hosts (previous page, click context, campaign,
 * visit, visitor id): written to the site's domain (see siteCookieDomain).
 */
export const siteCookies: CookieJar = {
  get(name) {
    const value = cookies.get(name);
    return removedShadow(name) ? cookies.get(name) : value;
  },
  set(name, value, options) {
    cookies.set(name, value, { ...options, domain: siteCookieDomain() });
    removedShadow(name);
    return cookies.get(name) === value;
  },
  remove(name) {
    const domain = siteCookieDomain();
    cookies.remove(name, { domain });
    if (domain && cookies.get(name) !== undefined) cookies.remove(name);
    return cookies.get(name) === undefined;
  },
};
