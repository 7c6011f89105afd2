import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseRequest, clampTimeout, deliveryUrl, MALFORMED, NETWORK_FAILED, post, TIMED_OUT, UNEXPECTED, uuid } from '../../src/personalization/request';
import type { DeliveryRequest } from '../../src/personalization/types';
import { viewportOf } from '../engine/helpers';
import { deliveryRequestProblems } from './deliveryShape';

const body = (): DeliveryRequest => ({ requestId: 'r1', context: { channel: 'web' } });

afterEach(() => vi.unstubAllGlobals());

describe('clampTimeout', () => {
  it.each([
    [undefined, 3000],
    [null, 3000],
    ['', 3000],
    ['abc', 3000],
    [NaN, 3000],
    [{}, 3000],
    [1500, 1500],
    ['2500', 2500],
    [0, 0],
    [-5, 0],
    [100000, 99999],
    [Infinity, 99999],
    [-Infinity, 0],
  ])('%s → %s', (input, expected) => {
    expect(clampTimeout(input)).toBe(expected);
  });
});

describe('baseRequest', () => {
  it('gives the window the size media queries find, without reading innerHeight (which lays the page out)', () => {
    vi.stubGlobal('matchMedia', viewportOf(412, 915).matchMedia);
    const read = vi.spyOn(window, 'innerHeight', 'get');
    try {
      expect(baseRequest({ ids: {} }).context.window).toEqual({ width: 412, height: 915 });
      expect(read).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      read.mockRestore();
      // The size found is kept until the window is resized: the next test's window is another.
      dispatchEvent(new Event('resize'));
    }
  });

  it('has the delivery API shape: context, ids, analytics logging, property, preview and QA mode', () => {
    const request = baseRequest({
      ids: { tntId: 't.35_0', thirdPartyId: 'crm-1', marketingCloudVisitorId: '123' },
      propertyToken: 'prop',
      preview: 'pv',
      qaMode: { token: 'qa', listedActivitiesOnly: true, previewIndexes: [{ activityIndex: 1, experienceIndex: 2 }] },
    });
    expect(deliveryRequestProblems(request)).toEqual([]);
    expect(request.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(request.context).toMatchObject({
      channel: 'web',
      browser: { host: location.hostname },
      address: { url: location.href },
      userAgent: navigator.userAgent,
      timeOffsetInMinutes: -new Date().getTimezoneOffset(),
    });
    expect(Object.keys(request.context.screen!)).toEqual(['width', 'height', 'colorDepth', 'pixelRatio', 'orientation']);
    expect(request.context.window).toEqual({ width: innerWidth, height: innerHeight });
    expect(request.id).toEqual({ tntId: 't.35_0', thirdPartyId: 'crm-1', marketingCloudVisitorId: '123' });
    expect(request.property).toEqual({ token: 'prop' });
    expect(request.preview).toEqual({ token: 'pv' });
    expect(request.qaMode?.token).toBe('qa');
    // Server-side logging is Adobe's default; it names the analytics call it joins when there is one.
    expect(request.experienceCloud).toEqual({ analytics: { logging: 'server_side' } });
    expect(
      baseRequest({ ids: {}, analytics: { logging: 'server_side', supplementalDataId: 'AB-CD', trackingServer: 'metrics.canada.ca' } }).experienceCloud,
    ).toEqual({
      analytics: { logging: 'server_side', supplementalDataId: 'AB-CD', trackingServer: 'metrics.canada.ca', trackingServerSecure: 'metrics.canada.ca' },
    });
    expect(baseRequest({ ids: {}, analytics: { logging: 'client_side', supplementalDataId: 'AB-CD' } }).experienceCloud).toEqual({
      analytics: { logging: 'client_side' },
    });
  });

  it('carries the page address as the page has it (the transports scrub it) and leaves out ids it does not have', () => {
    history.replaceState(null, '', '/en.html?email=jane@example.com');
    const request = baseRequest({ ids: {} });
    expect(request.context.address?.url).toBe(location.href);
    expect(request.id).toEqual({});
    expect(request).not.toHaveProperty('property');
    expect(request).not.toHaveProperty('qaMode');
    expect(deliveryRequestProblems(request)).toEqual([]);
  });

  it('adds client hints where the browser has them', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: navigator.userAgent,
      language: 'fr-CA',
      userAgentData: { mobile: true, platform: 'Android', brands: [{ brand: 'Chromium', version: '120' }] },
    });
    const request = baseRequest({ ids: {} });
    expect(request.context.clientHints).toEqual({ mobile: true, platform: 'Android', browserUAWithMajorVersion: '"Chromium";v="120"' });
    expect(request.context.browser?.language).toBe('fr-CA');
  });

  it('a shape check catches keys the delivery API does not have', () => {
    expect(deliveryRequestProblems({ ...body(), execute: { pageload: {} } })).toEqual(['execute.pageload: not in the delivery API']);
    expect(deliveryRequestProblems({ requestId: 1 })).toEqual(['requestId: not a string', 'context: required']);
  });
});

describe('deliveryUrl and uuid', () => {
  it('puts client, session and version on the delivery path', () => {
    expect(deliveryUrl('https://mboxedge35.tt.omtrdc.net', 'canada', 'abc')).toBe(
      'https://mboxedge35.tt.omtrdc.net/rest/v1/delivery?client=canada&sessionId=abc&version=2.11.4',
    );
  });
  it('makes distinct 32-hex ids', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{32}$/);
    expect(uuid()).not.toBe(uuid());
  });
});

describe('post', () => {
  it('POSTs text/plain JSON with credentials and resolves with the parsed response', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"status":200,"id":{"tntId":"t"}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(post('https://x/rest/v1/delivery', body(), 3000)).resolves.toEqual({ status: 200, id: { tntId: 't' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://x/rest/v1/delivery');
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'text/plain' }, credentials: 'include', keepalive: false });
    expect(JSON.parse(init.body)).toEqual(body());
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), NETWORK_FAILED],
    ['invalid JSON', () => Promise.resolve(new Response('{"status":200,', { status: 200 })), MALFORMED],
    ['JSON that is not an object', () => Promise.resolve(new Response('42', { status: 200 })), MALFORMED],
    ['an HTTP 500', () => Promise.resolve(new Response('{"status":500}', { status: 500 })), UNEXPECTED],
    [
      'a fetch that throws',
      () => {
        throw new Error('broken');
      },
      UNEXPECTED,
    ],
  ])('maps %s to its message', async (_, answer, message) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    await expect(post('https://x/', body(), 3000)).rejects.toThrow(new Error(message));
  });

  it('maps an unserialisable body to Unexpected error', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const cyclic = body() as DeliveryRequest & { self?: unknown };
    cyclic.self = cyclic;
    await expect(post('https://x/', cyclic, 3000)).rejects.toThrow(UNEXPECTED);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('times out after the clamped time-out and aborts the fetch', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => ((signal = init.signal ?? undefined), new Promise(() => undefined))),
    );
    const result = post('https://x/', body(), '250');
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow(TIMED_OUT);
    expect(signal?.aborted).toBe(true);
    vi.useRealTimers();
  });
});
