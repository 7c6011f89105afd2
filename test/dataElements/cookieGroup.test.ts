import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type CookieGroup, readCookieGroup, saveCookieGroup } from '../../src/dataElements/cookieGroup';
import { VISIT_DAYS } from '../../src/dataElements/visitLength';
import { siteCookies } from '../../src/engine/cookies';
import { openPage, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
  openPage({ url: 'https://www.canada.ca/en.html' });
});

const GROUP: CookieGroup<'a' | 'b' | 'c'> = { name: 'test_group', fields: ['a', 'b', 'c'], legacy: 'old_a old_b old_c' };
const read = () => GROUP.fields.map((field) => readCookieGroup(GROUP, field));

describe('cookie groups', () => {
  it('writes every value in one cookie for the visit, and reads each back', () => {
    const set = vi.spyOn(siteCookies, 'set');
    expect(saveCookieGroup(GROUP, { a: 'x, "y" & z', c: 'é|ü' })).toBe(true);
    expect(set.mock.calls.map(([name, , options]) => [name, options])).toEqual([['test_group', { days: VISIT_DAYS }]]);
    expect(read()).toEqual(['x, "y" & z', '', 'é|ü']);
  });

  it('replaces every value: one not given is blank; none at all removes the cookie', () => {
    saveCookieGroup(GROUP, { a: '1', b: '2', c: '3' });
    saveCookieGroup(GROUP, { b: 'new' });
    expect(read()).toEqual(['', 'new', '']);
    expect(saveCookieGroup(GROUP, {})).toBe(true);
    expect(siteCookies.get('test_group')).toBeUndefined();
  });

  it('reads the older cookies while its own is absent, and removes them when it writes', () => {
    siteCookies.set('old_a', 'A');
    siteCookies.set('old_c', 'C');
    expect(read()).toEqual(['A', '', 'C']);
    saveCookieGroup(GROUP, { b: 'B' });
    expect([siteCookies.get('old_a'), siteCookies.get('old_c')]).toEqual([undefined, undefined]);
    expect(read()).toEqual(['', 'B', '']);
  });

  it('reads blank from a cookie that is not its JSON array', () => {
    for (const broken of ['not json', '{"a":"x"}', 'null', '[1,2,3]', '"a"']) {
      siteCookies.set('test_group', broken);
      expect(read()).toEqual(['', '', '']);
    }
  });
});
