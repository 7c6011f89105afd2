import { afterEach, describe, expect, it, vi } from 'vitest';
import { expireCookie } from '../engine/runtimeHelpers';

/** A fresh copy of the modules: what a page knows starts empty on each page. */
async function freshPage() {
  vi.resetModules();
  return { ...(await import('../../src/analytics/visitorId')), ...(await import('../../src/dataElements/visit')) };
}

const writesOf = (name: string) => {
  const set = vi.spyOn(document, 'cookie', 'set');
  return () => set.mock.calls.filter(([cookie]) => String(cookie).startsWith(`${name}=`)).length;
};

afterEach(() => {
  vi.restoreAllMocks();
  expireCookie('s_fid');
  expireCookie('gc_visit');
});

describe('fallbackVisitorId (s_fid)', () => {
  it('is made and written on first use, then read without a write on the next pages of the visit', async () => {
    const first = await freshPage();
    first.saveVisit();
    const id = first.fallbackVisitorId(first.visitBegunOnThisPage);
    expect(id).toMatch(/^[0-7][0-9A-F]{15}-[0-3][0-9A-F]{15}$/);
    const next = await freshPage();
    const writes = writesOf('s_fid');
    next.saveVisit(); // the visit goes on
    expect(next.fallbackVisitorId(next.visitBegunOnThisPage)).toBe(id);
    expect(writes()).toBe(0);
  });

  it('has its two years renewed on the page that begins a visit', async () => {
    const first = await freshPage();
    const id = first.fallbackVisitorId(first.visitBegunOnThisPage);
    const later = await freshPage();
    const writes = writesOf('s_fid');
    later.saveVisit(Date.now() + 31 * 60_000); // over 30 minutes since any page view: a new visit
    expect(later.fallbackVisitorId(later.visitBegunOnThisPage)).toBe(id);
    expect(writes()).toBe(1);
  });
});
