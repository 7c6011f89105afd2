import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies, findCookie, siteCookieDomain, siteCookies, withCookieSnapshot } from '../../src/engine/cookies';
import { goTo } from '../dataElements/helpers';
import { expireCookie } from './runtimeHelpers';

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) expireCookie(name);
  }
}

/** Counts document.cookie reads and writes, over the real jar. */
function countAccess() {
  const real = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const counts = { reads: 0, writes: 0 };
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => (counts.reads++, real.get!.call(document)),
    set: (value: string) => (counts.writes++, real.set!.call(document, value)),
  });
  return counts;
}

beforeEach(clearCookies);
afterEach(() => {
  delete (document as unknown as Record<string, unknown>).cookie;
  clearCookies();
});

describe('cookies', () => {
  it('set, get and remove round-trip through document.cookie', () => {
    expect(cookies.get('tag_c')).toBeUndefined();
    expect(cookies.set('tag_c', 'abc')).toBe(true);
    expect(document.cookie).toContain('tag_c=abc');
    expect(cookies.get('tag_c')).toBe('abc');
    expect(cookies.remove('tag_c')).toBe(true);
    expect(cookies.get('tag_c')).toBeUndefined();
    expect(document.cookie).not.toContain('tag_c');
  });

  it('round-trips values with characters that need encoding', () => {
    const value = 'a b;c=d,é/ok';
    expect(cookies.set('enc', value)).toBe(true);
    expect(cookies.get('enc')).toBe(value);
    expect(document.cookie).not.toContain(';c=d');
  });

  it('writes with path / by default, so another path can read it', () => {
    history.replaceState(null, '', '/deep/page.html');
    try {
      expect(cookies.set('pathy', '1')).toBe(true);
      history.replaceState(null, '', '/');
      expect(cookies.get('pathy')).toBe('1');
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it.each([
    ['http:', 'pz=1; path=/; samesite=Lax'],
    ['https:', 'pz=1; path=/; samesite=Lax; secure'],
  ])('every cookie is SameSite=Lax, and Secure on https (%s)', (protocol, written) => {
    const setter = vi.fn();
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: setter });
    vi.stubGlobal('location', { ...location, protocol });
    try {
      cookies.set('pz', '1');
      expect(setter).toHaveBeenCalledWith(written);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a cookie with days in the past is not kept; a future one is', () => {
    expect(cookies.set('past', '1', { days: -1 })).toBe(false);
    expect(cookies.get('past')).toBeUndefined();
    expect(cookies.set('future', '1', { days: 0.0208333 })).toBe(true);
    expect(cookies.get('future')).toBe('1');
  });

  it('a document.cookie setter that throws: set and remove give false, nothing throws', () => {
    cookies.set('kept', 'yes');
    const setter = vi.fn(() => {
      throw new DOMException('cookies are disabled', 'SecurityError');
    });
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => 'kept=yes', set: setter });
    expect(() => cookies.set('x', '1')).not.toThrow();
    expect(cookies.set('x', '1')).toBe(false);
    expect(cookies.remove('kept')).toBe(false);
    expect(setter).toHaveBeenCalled();
    expect(cookies.get('kept')).toBe('yes');
  });

  it('a document.cookie getter that throws: get gives undefined, set gives false', () => {
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => {
        throw new DOMException('sandboxed', 'SecurityError');
      },
      set: () => {},
    });
    expect(cookies.get('any')).toBeUndefined();
    expect(cookies.set('any', 'v')).toBe(false);
  });

  it('a cookie jar that silently refuses writes makes set give false', () => {
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => {} });
    expect(cookies.set('refused', 'v')).toBe(false);
  });
});

describe('cookies: the encoding other tools on the site read', () => {
  it('writes what js-cookie reads, and reads what js-cookie writes', async () => {
    const { default: Cookies } = await import('js-cookie');
    const values = ['plain', 'a b;c,d=é"x', 'https://www.canada.ca/en.html?a=1&b=%20', '[REDACTED/CAVIARDÉ] 🙂'];
    for (const value of values) {
      expect(cookies.set('ours', value)).toBe(true);
      expect(Cookies.get('ours')).toBe(value);
      Cookies.set('theirs', value, { path: '/' });
      expect(cookies.get('theirs')).toBe(value);
    }
  });

  it('the first of two cookies of one name wins, as the browser orders the more specific first', () => {
    const jar = 'a=first; b=x; a=second';
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => jar, set: () => undefined });
    try {
      expect(cookies.get('a')).toBe('first');
      expect(cookies.get('missing')).toBeUndefined();
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
      expect(Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')).toEqual(descriptor);
    }
  });
});

describe('cookies: reads of the cookie store', () => {
  it('inside a snapshot, lookups and our own writes and removals read the store once', () => {
    cookies.set('a', '1');
    cookies.set('gone', 'x');
    const counts = countAccess();
    withCookieSnapshot(() => {
      expect([cookies.get('a'), cookies.get('a'), cookies.get('b')]).toEqual(['1', '1', undefined]);
      expect(cookies.set('b', '2')).toBe(true);
      expect(cookies.get('b')).toBe('2');
      expect(cookies.remove('gone')).toBe(true);
      expect(cookies.get('gone')).toBeUndefined();
      expect(cookies.get('a')).toBe('1');
    });
    expect(counts.reads).toBe(1);
    expect(counts.writes).toBe(2);
    // What the snapshot said is what the store holds.
    expect([cookies.get('a'), cookies.get('b'), cookies.get('gone')]).toEqual(['1', '2', undefined]);
    cookies.remove('b');
  });

  it('a cookie the browser would refuse (over 4096 bytes) is not taken as written', () => {
    withCookieSnapshot(() => {
      expect(cookies.set('huge', 'x'.repeat(5000))).toBe(false);
      expect(cookies.get('huge')).toBeUndefined();
    });
  });

  it('outside a snapshot (and after one) every lookup reads afresh, so a cookie the page wrote is seen', () => {
    withCookieSnapshot(() => cookies.get('a'));
    const counts = countAccess();
    document.cookie = 'page=yes; path=/';
    expect(cookies.get('page')).toBe('yes');
    expect(cookies.get('page')).toBe('yes');
    expect(counts.reads).toBe(2);
  });

  it('removing a cookie that is not there writes nothing', () => {
    const counts = countAccess();
    expect(cookies.remove('never-set')).toBe(true);
    expect(counts.writes).toBe(0);
    cookies.set('there', 'x');
    expect(cookies.remove('there')).toBe(true);
    expect(cookies.get('there')).toBeUndefined();
    expect(counts.writes).toBe(2);
  });
});

describe('findCookie', () => {
  it('gives the decoded value of the first cookie whose name passes the test, or undefined', () => {
    document.cookie = `AMCV_0000%40AdobeOrg=${encodeURIComponent('1|MCMID|4567')}; path=/`;
    expect(findCookie((name) => name.startsWith('AMCV_'))).toBe('1|MCMID|4567');
    expect(findCookie((name) => name.startsWith('nothing'))).toBeUndefined();
  });

  it('a cookie jar that throws has none', () => {
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => {
        throw new Error('blocked');
      },
    });
    expect(findCookie(() => true)).toBeUndefined();
  });
});

describe('site cookies: one visit across the hosts of the site', () => {
  const expire = (name: string, domain?: string) =>
    (document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ''}`);
  afterEach(() => {
    for (const name of ['gpv_pt', 'gc_nr']) {
      expire(name, '.canada.ca');
      expire(name);
    }
    goTo('http://localhost:3000/');
  });

  it.each([
    ['www.canada.ca', '.canada.ca'],
    ['canada.ca', '.canada.ca'],
    ['apps.canada.ca', '.canada.ca'],
    ['WWW.Canada.CA', '.canada.ca'],
    ['notcanada.ca', undefined],
    ['canada.ca.example.com', undefined],
    ['ircc-tracker-suivi.apps.cic.gc.ca', undefined],
    ['127.0.0.1', undefined],
    ['localhost', undefined],
  ])('%s → %s', (host, domain) => {
    expect(siteCookieDomain(host)).toBe(domain);
  });

  it("takes the environment's domains, built in", () => {
    expect(__SITE_DOMAINS__).toEqual(['canada.ca']);
    expect(siteCookieDomain('www.example.gc.ca', ['example.gc.ca'])).toBe('.example.gc.ca');
    expect(siteCookieDomain('www.canada.ca', [])).toBeUndefined();
  });

  it('a cookie written on www.canada.ca is read on canada.ca and apps.canada.ca, and removed from either', () => {
    goTo('https://www.canada.ca/en/services.html');
    expect(siteCookies.set('gpv_pt', 'Services', { days: 0.0208333 })).toBe(true);
    goTo('https://canada.ca/fr.html');
    expect(siteCookies.get('gpv_pt')).toBe('Services');
    goTo('https://apps.canada.ca/app/');
    expect(siteCookies.get('gpv_pt')).toBe('Services');
    expect(siteCookies.remove('gpv_pt')).toBe(true);
    goTo('https://www.canada.ca/en.html');
    expect(siteCookies.get('gpv_pt')).toBeUndefined();
  });

  it('is host-only off the site: another host does not see it', () => {
    goTo('https://www.example.gc.ca/en.html');
    expect(siteCookies.set('gpv_pt', 'Elsewhere')).toBe(true);
    goTo('https://other.example.gc.ca/en.html');
    expect(siteCookies.get('gpv_pt')).toBeUndefined();
    goTo('https://www.example.gc.ca/en.html');
    expect(siteCookies.remove('gpv_pt')).toBe(true);
  });

  it('a host-only copy that a rewrite within a run revealed costs that run no read: the next lookup after a fresh read removes it', () => {
    goTo('https://www.canada.ca/en.html');
    expect(cookies.set('gc_lv', '1')).toBe(true); // the older tag's host-only cookie
    const counts = countAccess();
    withCookieSnapshot(() => {
      expect(siteCookies.get('gc_lv')).toBe('1');
      expect(siteCookies.set('gc_lv', '2', { days: 30 })).toBe(true);
      expect(siteCookies.get('gc_lv')).toBe('2');
    });
    expect(counts).toEqual({ reads: 1, writes: 1 });
    expect(document.cookie.match(/gc_lv=/g)).toHaveLength(2);
    goTo('https://www.canada.ca/en/services.html');
    withCookieSnapshot(() => expect(siteCookies.get('gc_lv')).toBe('2'));
    expect(document.cookie.match(/gc_lv=/g)).toHaveLength(1);
    goTo('https://canada.ca/en.html');
    expect(siteCookies.get('gc_lv')).toBe('2');
  });

  it('a name the site holds twice in a way removing the host-only copy cannot clear still reads, one write and read more a lookup', () => {
    goTo('https://www.canada.ca/en/services.html');
    expect(siteCookies.set('gc_lv', '2')).toBe(true);
    document.cookie = 'gc_lv=other; path=/en'; // another path: not the older tag's copy
    const counts = countAccess();
    withCookieSnapshot(() => expect(siteCookies.get('gc_lv')).toBe('other'));
    expect(counts).toEqual({ reads: 2, writes: 1 });
    expect(document.cookie.match(/gc_lv=/g)).toHaveLength(2);
    document.cookie = 'gc_lv=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/en';
  });

  it("removes a host-only copy left by an older tag, which would shadow the site's cookie on this host", () => {
    goTo('https://www.canada.ca/en.html');
    expect(cookies.set('gc_nr', 'New')).toBe(true); // the older tag's host-only cookie
    expect(siteCookies.set('gc_nr', 'Repeat', { days: 30 })).toBe(true);
    expect(document.cookie.match(/gc_nr=/g)).toHaveLength(1);
    goTo('https://canada.ca/en.html');
    expect(siteCookies.get('gc_nr')).toBe('Repeat');
  });
});
