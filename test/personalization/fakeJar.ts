import type { CookieJar, CookieOptions } from '../../src/engine/cookies';

/** A cookie jar in memory that keeps what was set, with its options, for the switch tests. */
export function fakeJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const sets: Array<[string, string, CookieOptions | undefined]> = [];
  const jar: CookieJar = {
    get: (name) => values.get(name),
    set: (name, value, options) => (sets.push([name, value, options]), values.set(name, value), true),
    remove: (name) => values.delete(name),
  };
  return { jar, values, sets };
}
