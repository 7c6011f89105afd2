import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME } from '../../src/personalization/ids';
import { type Consent, QA_COOKIES, qaAsked, splitParams, visitorDisabled } from '../../src/personalization/modes';
import { fakeJar } from './fakeJar';

const q = (search: string) => new URLSearchParams(search);
const consent: Consent = { optInCookie: null, optOutCookie: 'gc_pz_optout' };
const DELIVERY_DISABLED = 'Content delivery is disabled: cookies are blocked, or there is an mboxDisable cookie or query parameter';

/** Whether delivery is off, and the one reason logged for it ('' when none). */
function decide(jar: ReturnType<typeof fakeJar>['jar'], search: string, choice = consent): [boolean, string] {
  const logger = { enabled: true, log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), group: vi.fn() };
  const off = visitorDisabled(jar, q(search), choice, logger);
  expect(logger.warn.mock.calls.length).toBeLessThanOrEqual(1);
  return [off, logger.warn.mock.calls[0]?.[0] ?? ''];
}

afterEach(() => vi.unstubAllGlobals());

describe('visitorDisabled', () => {
  it('lets delivery run by default, and logs nothing', () => {
    expect(decide(fakeJar().jar, '')).toEqual([false, '']);
  });
  it('opt-out cookie: Disabled due to optout', () => {
    expect(decide(fakeJar({ gc_pz_optout: 'true' }).jar, '')).toEqual([true, 'Disabled due to optout']);
  });
  it('consent cookie required but not true: Adobe Target is not opted in', () => {
    const withConsent = { ...consent, optInCookie: 'gc_consent' };
    expect(decide(fakeJar().jar, '', withConsent)).toEqual([true, 'Adobe Target is not opted in']);
    expect(decide(fakeJar({ gc_consent: 'false' }).jar, '', withConsent)).toEqual([true, 'Adobe Target is not opted in']);
    expect(decide(fakeJar({ gc_consent: 'true' }).jar, '', withConsent)).toEqual([false, '']);
  });
  it('?mboxDisable=1 disables and is remembered for the session; =0 clears it', () => {
    const { jar, values, sets } = fakeJar();
    expect(decide(jar, '?mboxDisable=1')).toEqual([true, DELIVERY_DISABLED]);
    expect(values.get('mboxDisable')).toBe('1');
    expect(sets[0]![2]!.days! * 86_400_000).toBeCloseTo(SESSION_LIFETIME, 0);
    expect(decide(jar, '')).toEqual([true, DELIVERY_DISABLED]);
    expect(decide(jar, '?mboxDisable=0')).toEqual([false, '']);
    expect(values.has('mboxDisable')).toBe(false);
  });
  it('an offline browser gets no personalization', () => {
    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: true, onLine: false });
    expect(decide(fakeJar().jar, '')).toEqual([true, 'The browser is offline: no personalization on this page']);
  });
  it('blocked cookies disable delivery', () => {
    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: false });
    expect(decide(fakeJar().jar, '')).toEqual([true, DELIVERY_DISABLED]);
  });
});

describe('splitParams', () => {
  it('splits at.js parameters into the request parts', () => {
    expect(
      splitParams({
        a: 1,
        'profile.age': 30,
        orderId: 'o1',
        orderTotal: '9.5',
        productPurchasedId: 'p1, p2',
        productId: 'e1',
        categoryId: 'c1',
        'entity.id': 'rec-1',
        mbox3rdPartyId: 'crm',
        at_property: 'tok',
      }),
    ).toEqual({
      details: {
        // entity.* stays a parameter: Recommendations reads it there (Adobe's at.js comparison).
        parameters: { a: '1', 'entity.id': 'rec-1' },
        profileParameters: { age: '30' },
        order: { id: 'o1', total: 9.5, purchasedProductIds: ['p1', 'p2'] },
        product: { id: 'e1', categoryId: 'c1' },
      },
      thirdPartyId: 'crm',
      propertyToken: 'tok',
    });
  });
  it("takes Adobe's array form and flattens nested objects with dots (profile.* becomes profile parameters)", () => {
    expect(splitParams(['a=1', 'b=2', 'c=hello world', ' ', '=x']).details).toEqual({ parameters: { a: '1', b: '2', c: 'hello world' } });
    expect(splitParams({ a: 1, b: 2, profile: { memberStatus: 'Gold', country: { city: 'San Francisco' } } }).details).toEqual({
      parameters: { a: '1', b: '2' },
      profileParameters: { memberStatus: 'Gold', 'country.city': 'San Francisco' },
    });
    expect(splitParams({ empty: null }).details).toEqual({ parameters: { empty: '' } });
  });

  it('takes a query string, and nothing from other values', () => {
    expect(splitParams('a=1&profile.b=2').details).toEqual({ parameters: { a: '1' }, profileParameters: { b: '2' } });
    expect(splitParams(42)).toEqual({ details: {} });
    expect(splitParams(undefined)).toEqual({ details: {} });
  });
});

describe('qaAsked: whether tag-target.js must read QA modes before the page-load request', () => {
  it.each(['?at_preview_token=t', '?at_preview_token=', '?at_preview=p', '?mboxTrace=console&authorization=t', '?mboxTrace=disable'])('%s asks', (search) => {
    expect(qaAsked(fakeJar().jar, q(search))).toBe(true);
  });
  it.each(QA_COOKIES)('the %s cookie asks', (cookie) => {
    expect(qaAsked(fakeJar({ [cookie]: 'x' }).jar, q(''))).toBe(true);
  });
  it('a page with none of them (every visitor) does not, whatever else it carries', () => {
    expect(qaAsked(fakeJar({ mboxDisable: '1', other: 'x' }).jar, q('?authorization=t&at_preview_index=1_1&q=x'))).toBe(false);
  });
});
