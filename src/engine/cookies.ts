/** Cookies through js-cookie, wrapped so that a blocked or malformed cookie jar never throws. */
import Cookies from 'js-cookie';

export interface CookieOptions {
  /** Lifetime in days; fractions are allowed (0.0208333 is about 30 minutes). Session cookie when absent. */
  days?: number;
  path?: string;
  domain?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

export interface CookieJar {
  get(name: string): string | undefined;
  /** False when the browser refused the cookie (disabled cookies, oversized value). */
  set(name: string, value: string, options?: CookieOptions): boolean;
  remove(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): boolean;
}

function attributes(options: CookieOptions = {}): Cookies.CookieAttributes {
  const result: Cookies.CookieAttributes = { path: options.path ?? '/', sameSite: options.sameSite ?? 'Lax' };
  if (options.days !== undefined) result.expires = options.days;
  if (options.domain) result.domain = options.domain;
  if (options.secure ?? location.protocol === 'https:') result.secure = true;
  return result;
}

export const cookies: CookieJar = {
  get(name) {
    try {
      return Cookies.get(name);
    } catch {
      return undefined;
    }
  },
  set(name, value, options) {
    try {
      Cookies.set(name, value, attributes(options));
      return Cookies.get(name) === value;
    } catch {
      return false;
    }
  },
  remove(name, options) {
    try {
      Cookies.remove(name, attributes(options));
      return Cookies.get(name) === undefined;
    } catch {
      return false;
    }
  },
};
