import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrubRequest } from '../../src/personalization/outbound';
import { beacon, getContent, post } from '../../src/personalization/request';
import type { DeliveryRequest } from '../../src/personalization/types';
import { WEB_AUTH_OUTCOMES } from '../../src/personalization/beforeRequest';
import { KEY_VALUE } from '../../src/privacy/patterns';
import { REDACTION_MARKER as R } from '../../src/privacy/redact';
import { deliveryRequestProblems } from './deliveryShape';

const personal = (): DeliveryRequest => ({
  requestId: 'f'.repeat(32),
  context: {
    channel: 'web',
    address: {
      url: 'https://www.canada.ca/en/sr/srb.html?q=jane+doe&lang=en#wb-cont',
      referringUrl: 'https://www.google.com/search?q=jane.doe%40example.com',
    },
  },
  id: {
    tntId: '1234567890123.35_0',
    thirdPartyId: 'jane.doe@example.com',
    customerIds: [{ id: 'jdoe@example.com', integrationCode: 'crm', authenticatedState: 'authenticated' }],
  },
  execute: {
    pageLoad: {
      parameters: { q: 'jane doe', lastName: 'Van Houten', phone: '+44 20 7946 0958', page: '2' },
      profileParameters: { email: 'jane@example.com', age: '34' },
    },
    mboxes: [
      {
        index: 0,
        name: 'hero',
        parameters: { access_token: 'abc', postal: 'K1A 0B1' },
        order: { id: 'order-613-555-0199', total: 12.5, purchasedProductIds: ['4111 1111 1111 1111', 'sku-1'] },
        product: { id: 'jdoe@example.com', categoryId: 'benefits' },
      },
    ],
  },
  prefetch: {
    views: [{ name: 'home', parameters: { nom: 'Tremblay Gagnon' } }],
    mboxes: [{ index: 1, name: 'side', profileParameters: { prénom: 'Marie-Ève' } }],
  },
  notifications: [{ id: 'n1', type: 'display', timestamp: 1, tokens: ['t'], mbox: { name: 'hero' }, parameters: { courriel: 'jdoe' } }],
});

describe('scrubRequest', () => {
  it('sends the page address as analytics records it and the referrer without its query', () => {
    const { context } = scrubRequest(personal());
    expect(context.address).toEqual({ url: 'https://www.canada.ca/en/sr/srb.html?lang=en', referringUrl: 'https://www.google.com/search' });
  });

  it('scrubs the path of a referrer from the same site, as the page address is', () => {
    const body = personal();
    body.context.address = {
      url: 'https://www.canada.ca/en/services.html',
      referringUrl: 'https://www.canada.ca/en/profile/jean.tremblay12@gmail.com/046-454-286/index.html?tab=2',
    };
    expect(scrubRequest(body).context.address).toEqual({
      url: 'https://www.canada.ca/en/services.html',
      referringUrl: `https://www.canada.ca/en/profile/${R}/${R}/index.html`,
    });
  });

  // Adobe's single-page-app guide names a view after the URL's hash, which the browser encodes.
  it('scrubs mbox and view names, plain or percent-encoded, and keeps the others as they are', () => {
    const body = personal();
    body.execute!.mboxes![0]!.name = 'profile-jean.tremblay12@gmail.com';
    body.prefetch!.views![0]!.name = 'checkout';
    body.notifications = [
      { id: 'n1', type: 'display', timestamp: 1, tokens: [], view: { name: 'dossier/t%C3%A9l%20613%20555-0147/statut' } },
      { id: 'n2', type: 'display', timestamp: 1, tokens: [], view: { name: 'lastName: Van Houten', key: 'k', state: 's' } },
      { id: 'n3', type: 'click', timestamp: 1, mbox: { name: 'clicked-046-454-286', state: 's' } },
      { id: 'n4', type: 'display', timestamp: 1, tokens: ['t'], view: { name: 'home' }, mbox: { name: 'hero-2025-26' } },
      // A token in the route, lowered as Target keys a view's name.
      { id: 'n5', type: 'display', timestamp: 1, tokens: [], view: { name: 'auth/eyjhbgcioijiuzi1nij9.eyjzdwiioijqdhjlbwjsyxkifq.q8zr1cxh0mkj3w' } },
      // A route that is a sentence: `user:` reads as a URL's scheme, and the date's slashes split it.
      { id: 'n6', type: 'display', timestamp: 1, tokens: [], view: { name: 'user:%20jsmith42%20pass:%20hunter22!' } },
      { id: 'n7', type: 'display', timestamp: 1, tokens: [], view: { name: 'date%20of%20birth%2012/03/1986' } },
      // A passport written `GA 302118`, lowered as the tag keys a view, plain and percent-encoded.
      { id: 'n8', type: 'display', timestamp: 1, tokens: [], view: { name: '/applicant/ga 302118' } },
      { id: 'n9', type: 'display', timestamp: 1, tokens: [], view: { name: '/applicant/ga%20302118/status' } },
    ];
    const scrubbed = scrubRequest(body);
    expect(scrubbed.execute?.mboxes?.[0]?.name).toBe(R);
    expect(scrubbed.prefetch?.views?.[0]?.name).toBe('checkout');
    expect(scrubbed.notifications?.map(({ view, mbox }) => ({ view, mbox }))).toEqual([
      { view: { name: `dossier/t%C3%A9l%20${R}/statut` }, mbox: undefined },
      { view: { name: `lastName: ${R}`, key: 'k', state: 's' }, mbox: undefined },
      { view: undefined, mbox: { name: `clicked-${R}`, state: 's' } },
      { view: { name: 'home' }, mbox: { name: 'hero-2025-26' } },
      { view: { name: `auth/${R}` }, mbox: undefined },
      { view: { name: `user: ${R} pass: ${R}` }, mbox: undefined },
      { view: { name: `date%20of%20birth%20${R}` }, mbox: undefined },
      { view: { name: `/applicant/${R}` }, mbox: undefined },
      { view: { name: `/applicant/${R}/status` }, mbox: undefined },
    ]);
    expect(deliveryRequestProblems(scrubbed)).toEqual([]);
  });

  it('scrubs every parameter, order, product and id, and keeps the rest', () => {
    const body = scrubRequest(personal());
    expect(body.execute?.pageLoad).toEqual({ parameters: { lastName: R, phone: R, page: '2' }, profileParameters: { email: R, age: '34' } });
    expect(body.execute?.mboxes?.[0]).toEqual({
      index: 0,
      name: 'hero',
      parameters: { access_token: R, postal: R },
      order: { id: `order-${R}`, total: 12.5, purchasedProductIds: [R, 'sku-1'] },
      product: { id: R, categoryId: 'benefits' },
    });
    expect(body.prefetch?.views?.[0]?.parameters).toEqual({ nom: R });
    expect(body.prefetch?.mboxes?.[0]?.profileParameters).toEqual({ prénom: R });
    expect(body.notifications?.[0]).toMatchObject({ id: 'n1', tokens: ['t'], parameters: { courriel: R } });
    expect(body.id).toEqual({
      tntId: '1234567890123.35_0',
      thirdPartyId: R,
      customerIds: [{ id: R, integrationCode: 'crm', authenticatedState: 'authenticated' }],
    });
    expect(body.requestId).toBe('f'.repeat(32));
    expect(deliveryRequestProblems(body)).toEqual([]);
  });

  it("leaves the caller's object as it was", () => {
    const body = personal();
    const before = JSON.stringify(body);
    scrubRequest(body);
    expect(JSON.stringify(body)).toBe(before);
  });

  it('drops object parameters (a cyclic one among them) and keeps numbers and booleans', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const body = scrubRequest({
      requestId: 'r',
      context: { channel: 'web' },
      execute: { pageLoad: { parameters: { a: cyclic, n: 3, b: true, sin: 46454286 } as never } },
    });
    expect(body.execute?.pageLoad?.parameters).toEqual({ n: 3, b: true, sin: 46454286 });
    expect(() => JSON.stringify(body)).not.toThrow();
  });

  it("sends the tag's own platform-authentication outcome as it is, without running the account-key patterns on it", () => {
    const request = (platformAuth: string): DeliveryRequest => ({
      requestId: 'r',
      context: { channel: 'web' },
      execute: { pageLoad: { parameters: { platformAuth } } },
    });
    const keyPattern = vi.spyOn(KEY_VALUE() as unknown as Record<symbol, (text: string, replace: unknown) => string>, Symbol.replace);
    try {
      for (const outcome of WEB_AUTH_OUTCOMES) expect(scrubRequest(request(outcome)).execute?.pageLoad?.parameters).toEqual({ platformAuth: outcome });
      expect(keyPattern).not.toHaveBeenCalled();
      // Anything else under that name is a parameter like any other.
      expect(scrubRequest(request('username=jdoe')).execute?.pageLoad?.parameters).toEqual({ platformAuth: `username=${R}` });
      expect(keyPattern).toHaveBeenCalled();
    } finally {
      keyPattern.mockRestore();
    }
  });

  it('keeps near misses readable', () => {
    const parameters = { date: '2025-09-17', price: '$1,234.56', version: '2.11.4', id: '12345678', form: 'IMM 5257', tariff: '8703.23.00.00' };
    expect(scrubRequest({ requestId: 'r', context: { channel: 'web' }, execute: { pageLoad: { parameters } } }).execute?.pageLoad?.parameters).toEqual(
      parameters,
    );
  });
});

describe('the transports send only what scrubRequest leaves', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('post', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await post('https://edge/rest/v1/delivery', personal(), 3000);
    const sent = fetchMock.mock.calls[0]![1].body as string;
    expect(sent).not.toMatch(/jane|doe@|Houten|Tremblay|7946|K1A|4111|abc"/);
    expect(JSON.parse(sent)).toEqual(JSON.parse(JSON.stringify(scrubRequest(personal()))));
  });

  it('beacon', () => {
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon }));
    expect(beacon('https://edge/rest/v1/delivery', personal())).toBe(true);
    expect(sendBeacon.mock.calls[0]![1]).toBe(JSON.stringify(scrubRequest(personal())));
  });

  it('the dynamic-offer GET', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('<p>x</p>'));
    vi.stubGlobal('fetch', fetchMock);
    await getContent('https://x.tt.omtrdc.net/offer.html?email=jdoe@example.com');
    expect(fetchMock).toHaveBeenCalledWith('https://x.tt.omtrdc.net/offer.html?removed: email', { credentials: 'include' });
  });
});
