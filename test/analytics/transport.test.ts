import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTransport } from '../../src/analytics/transport';

const setSendBeacon = (value: unknown) => Object.defineProperty(navigator, 'sendBeacon', { value, configurable: true });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

describe('browserTransport.send', () => {
  it('GETs with keepalive, credentials and no cache, or POSTs the body as text', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await browserTransport.send('https://c.test/b/ss/rs/1/JS-2.27.0/s1?AQB=1&AQE=1', undefined, 1000)).toBe('ok');
    expect(await browserTransport.send('https://c.test/b/ss/rs/1/JS-2.27.0/s2', 'AQB=1&AQE=1', 1000)).toBe('ok');
    const [get, post] = fetch.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(get![0]).toBe('https://c.test/b/ss/rs/1/JS-2.27.0/s1?AQB=1&AQE=1');
    expect(get![1]).toMatchObject({ method: 'GET', keepalive: true, credentials: 'include', cache: 'no-store' });
    expect(get![1].body).toBeUndefined();
    expect(post![1]).toMatchObject({ method: 'POST', body: 'AQB=1&AQE=1', keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
  });

  it.each([
    [200, 'ok'],
    [204, 'ok'],
    [500, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [400, 'refused'],
    [404, 'refused'],
  ])('reads HTTP %i as %s', async (status, outcome) => {
    vi.stubGlobal('fetch', async () => new Response(null, { status }));
    expect(await browserTransport.send('https://c.test/1', undefined, 1000)).toBe(outcome);
  });

  it('on a page that removed fetch, goes by sendBeacon (the query as the body) and reads its acceptance as ok', async () => {
    vi.stubGlobal('fetch', undefined);
    const sendBeacon = vi.fn(() => true);
    setSendBeacon(sendBeacon);
    expect(await browserTransport.send('https://c.test/b/ss/rs/1/JS-2.27.0/s1?AQB=1&c1=a?b&AQE=1', undefined, 1000)).toBe('ok');
    expect(sendBeacon).toHaveBeenCalledWith('https://c.test/b/ss/rs/1/JS-2.27.0/s1', 'AQB=1&c1=a?b&AQE=1');
    setSendBeacon(() => false);
    expect(await browserTransport.send('https://c.test/s2', 'AQB=1&AQE=1', 1000)).toBe('retry');
  });

  it('reads no connection (or a CORS refusal) as retry', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await browserTransport.send('https://c.test/1', undefined, 1000)).toBe('retry');
  });

  it('gives up on a collector that does not answer in time: the request is aborted and reads as retry', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const outcome = browserTransport.send('https://c.test/1', undefined, 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await outcome).toBe('retry');
  });
});

describe('browserTransport.beacon', () => {
  it('posts the body with navigator.sendBeacon and reports acceptance', () => {
    const sendBeacon = vi.fn(() => true);
    setSendBeacon(sendBeacon);
    expect(browserTransport.beacon('https://c.test/b/ss/rs/1/JS-2.27.0/s1', 'AQB=1&AQE=1')).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('https://c.test/b/ss/rs/1/JS-2.27.0/s1', 'AQB=1&AQE=1');
  });

  it('is a refusal when sendBeacon is missing, refuses or throws', () => {
    expect(browserTransport.beacon('https://c.test/', 'a=1')).toBe(false);
    setSendBeacon(() => false);
    expect(browserTransport.beacon('https://c.test/', 'a=1')).toBe(false);
    setSendBeacon(() => {
      throw new TypeError('Illegal URL');
    });
    expect(browserTransport.beacon('ftp://c.test/', 'a=1')).toBe(false);
  });
});
