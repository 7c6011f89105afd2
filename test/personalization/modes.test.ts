import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CookieJar, CookieOptions } from '../../src/engine/cookies';
import { SESSION_LIFETIME } from '../../src/personalization/ids';
import { DELIVERY_DISABLED, disabledReason, NOT_OPTED_IN, OFFLINE, OPTED_OUT, previewModes, splitParams, traceMode } from '../../src/personalization/modes';

function fakeJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const sets: Array<[string, string, CookieOptions | undefined]> = [];
  const jar: CookieJar = {
    get: (name) => values.get(name),
    set: (name, value, options) => (sets.push([name, value, options]), values.set(name, value), true),
    remove: (name) => values.delete(name),
  };
  return { jar, values, sets };
}
const q = (search: string) => new URLSearchParams(search);
const consent = { optInCookie: null, optOutCookie: 'gc_pz_optout' };

afterEach(() => vi.unstubAllGlobals());

describe('disabledReason', () => {
  it('lets delivery run by default', () => {
    expect(disabledReason(fakeJar().jar, q(''), consent)).toBeUndefined();
  });
  it('opt-out cookie: Disabled due to optout', () => {
    expect(disabledReason(fakeJar({ gc_pz_optout: 'true' }).jar, q(''), consent)).toBe(OPTED_OUT);
    expect(OPTED_OUT).toBe('Disabled due to optout');
  });
  it('consent cookie required but not true: Adobe Target is not opted in', () => {
    const withConsent = { ...consent, optInCookie: 'gc_consent' };
    expect(disabledReason(fakeJar().jar, q(''), withConsent)).toBe(NOT_OPTED_IN);
    expect(disabledReason(fakeJar({ gc_consent: 'false' }).jar, q(''), withConsent)).toBe('Adobe Target is not opted in');
    expect(disabledReason(fakeJar({ gc_consent: 'true' }).jar, q(''), withConsent)).toBeUndefined();
  });
  it('?mboxDisable=1 disables and is remembered for the session; =0 clears it', () => {
    const { jar, values, sets } = fakeJar();
    expect(disabledReason(jar, q('?mboxDisable=1'), consent)).toBe(DELIVERY_DISABLED);
    expect(values.get('mboxDisable')).toBe('1');
    expect(sets[0]![2]!.days! * 86_400_000).toBeCloseTo(SESSION_LIFETIME, 0);
    expect(disabledReason(jar, q(''), consent)).toBe(DELIVERY_DISABLED);
    expect(disabledReason(jar, q('?mboxDisable=0'), consent)).toBeUndefined();
    expect(values.has('mboxDisable')).toBe(false);
  });
  it('an offline browser gets no personalization', () => {
    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: true, onLine: false });
    expect(disabledReason(fakeJar().jar, q(''), consent)).toBe(OFFLINE);
  });
  it('blocked cookies disable delivery', () => {
    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: false });
    expect(disabledReason(fakeJar().jar, q(''), consent)).toBe(DELIVERY_DISABLED);
  });
});

describe('previewModes', () => {
  it('reads QA mode from the at_preview_* parameters and keeps it in at_qa_mode for a session', () => {
    const { jar, values, sets } = fakeJar();
    const modes = previewModes(
      jar,
      q(
        '?at_preview_token=tok&at_preview_index=1_2&at_preview_index=3_1&at_preview_listed_activities_only=true&at_preview_evaluate_as_true_audience_ids=11,12&at_preview_evaluate_as_false_audience_ids=13',
      ),
    );
    expect(modes.qaMode).toEqual({
      token: 'tok',
      listedActivitiesOnly: true,
      evaluateAsTrueAudienceIds: [11, 12],
      evaluateAsFalseAudienceIds: [13],
      previewIndexes: [
        { activityIndex: 1, experienceIndex: 2 },
        { activityIndex: 3, experienceIndex: 1 },
      ],
    });
    expect(sets.find(([name]) => name === 'at_qa_mode')![2]!.days! * 86_400_000).toBeCloseTo(1_860_000, 0);
    // The next page has no parameters: the cookie carries it.
    expect(previewModes(jar, q('')).qaMode?.token).toBe('tok');
    // An empty token leaves QA mode.
    expect(previewModes(jar, q('?at_preview_token=')).qaMode).toBeUndefined();
    expect(values.has('at_qa_mode')).toBe(false);
  });
  it('reads a preview token (at_preview) and keeps it in at_preview_mode', () => {
    const { jar } = fakeJar();
    expect(previewModes(jar, q('?at_preview=pv')).preview).toBe('pv');
    expect(previewModes(jar, q('')).preview).toBe('pv');
    expect(previewModes(jar, q('?at_preview=')).preview).toBeUndefined();
  });
  it('ignores a broken QA cookie', () => {
    expect(previewModes(fakeJar({ at_qa_mode: '{oops' }).jar, q('')).qaMode).toBeUndefined();
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

describe("Adobe's QA links", () => {
  it('audience ids in the underscore-separated form QA links carry are kept', () => {
    const { jar } = fakeJar();
    const modes = previewModes(
      jar,
      q('?at_preview_token=tok&at_preview_evaluate_as_true_audience_ids=11_12_x&at_preview_evaluate_as_false_audience_ids=13_14'),
    );
    expect(modes.qaMode).toMatchObject({ evaluateAsTrueAudienceIds: [11, 12], evaluateAsFalseAudienceIds: [13, 14] });
  });

  it('mboxTrace with an authorization token asks for the trace; either alone does not', () => {
    expect(traceMode(fakeJar().jar, q('?mboxTrace=console&authorization=abc'))).toEqual({ to: 'console', authorizationToken: 'abc' });
    expect(traceMode(fakeJar().jar, q('?mboxTrace=window&authorization=abc'))).toEqual({ to: 'window', authorizationToken: 'abc' });
    expect(traceMode(fakeJar().jar, q('?mboxTrace=json&authorization=abc'))).toEqual({ to: 'json', authorizationToken: 'abc' });
    expect(traceMode(fakeJar().jar, q('?mboxTrace=disable&authorization=abc'))).toBeUndefined();
    expect(traceMode(fakeJar().jar, q('?mboxTrace=console'))).toBeUndefined();
    expect(traceMode(fakeJar().jar, q('?authorization=abc'))).toBeUndefined();
    expect(traceMode(fakeJar().jar, q('?mboxTrace=alert&authorization=abc'))).toBeUndefined();
  });

  it('the trace session goes on over the next pages until ?mboxTrace=disable', () => {
    const { jar, values } = fakeJar();
    traceMode(jar, q('?mboxTrace=json&authorization=abc'));
    expect(traceMode(jar, q(''))).toEqual({ to: 'json', authorizationToken: 'abc' });
    expect(traceMode(jar, q('?mboxTrace=console&authorization=def'))).toEqual({ to: 'console', authorizationToken: 'def' });
    expect(traceMode(jar, q('?mboxTrace=disable'))).toBeUndefined();
    expect(values.size).toBe(0);
    expect(traceMode(jar, q(''))).toBeUndefined();
  });

  it("a token in Adobe's mboxDebugTools cookie asks for the trace, shown only in the network response", () => {
    expect(traceMode(fakeJar({ mboxDebugTools: 'tok' }).jar, q(''))).toEqual({ authorizationToken: 'tok' });
    expect(traceMode(fakeJar({ mboxDebugTools: 'tok' }).jar, q('?mboxTrace=window'))).toEqual({ authorizationToken: 'tok' });
  });

  it('a lone authorization parameter (some other use of the name) is neither sent nor kept', () => {
    const { jar, values } = fakeJar();
    expect(traceMode(jar, q('?authorization=Bearer%20xyz'))).toBeUndefined();
    expect(values.size).toBe(0);
  });
});
