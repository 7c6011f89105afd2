import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dataProviders,
  platformAuth,
  visitorValues,
  WEB_AUTH_DISABLED,
  WEB_AUTH_ENABLED,
  WEB_AUTH_ERROR,
  WEB_AUTH_PENDING,
} from '../../src/personalization/beforeRequest';

const ORG = 'ABC123@AdobeOrg';
type W = Window & { Visitor?: unknown; PublicKeyCredential?: unknown };
const w = window as W;

const newLogger = () => ({ enabled: true, log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), group: vi.fn() });

/** A stand-in for Adobe's ID service: answers getVisitorValues after `delay` ms (never when null). */
function fakeVisitor(values: Record<string, unknown>, delay: number | null = 0, customers?: Record<string, unknown>) {
  const instance = {
    getVisitorValues: vi.fn((callback: (v: Record<string, unknown>) => void) => {
      if (delay !== null) setTimeout(() => callback(values), delay);
    }),
    ...(customers ? { getCustomerIDs: () => customers } : {}),
  };
  const service = { getInstance: vi.fn(() => instance) };
  w.Visitor = service;
  return { service, instance };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  delete w.Visitor;
  delete w.PublicKeyCredential;
  vi.useRealTimers();
});

describe('the Visitor ID service', () => {
  it('is not waited for without window.Visitor or without an org id', () => {
    expect(visitorValues(ORG, newLogger())).toBeUndefined();
    const { service } = fakeVisitor({ MCMID: '1' });
    expect(visitorValues(null, newLogger())).toBeUndefined();
    expect(service.getInstance).not.toHaveBeenCalled();
  });

  it("maps the org's ids, customer ids and audience-manager values to the delivery API", async () => {
    const { service } = fakeVisitor({ MCMID: 'mid-1', MCAAMLH: '9', MCAAMB: 'blob-1', MCAID: 'aid' }, 50, {
      crm: { id: 'c-1', authState: 1 },
      hashed: { id: 'h-2', authState: 2 },
      newsletter: { id: 'n-3' },
      empty: { authState: 1 },
    });
    const logger = newLogger();
    const values = visitorValues(ORG, logger)!;
    await vi.advanceTimersByTimeAsync(50);
    await expect(values).resolves.toEqual({
      marketingCloudVisitorId: 'mid-1',
      customerIds: [
        { id: 'c-1', integrationCode: 'crm', authenticatedState: 'authenticated' },
        { id: 'h-2', integrationCode: 'hashed', authenticatedState: 'logged_out' },
        { id: 'n-3', integrationCode: 'newsletter', authenticatedState: 'unknown' },
      ],
      audienceManager: { locationHint: 9, blob: 'blob-1' },
    });
    expect(service.getInstance).toHaveBeenCalledWith(ORG);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('gives up after 2000 ms with "Visitor API requests timed out", and no ids', async () => {
    fakeVisitor({ MCMID: 'late' }, 2500);
    const logger = newLogger();
    let result: unknown;
    void visitorValues(ORG, logger)!.then((v) => (result = v));
    await vi.advanceTimersByTimeAsync(1999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({});
    expect(logger.warn).toHaveBeenCalledWith('Visitor API requests timed out');
    await vi.advanceTimersByTimeAsync(1000); // the late answer changes nothing
    expect(result).toEqual({});
  });

  it.each([
    [
      'getInstance throws',
      () =>
        (w.Visitor = {
          getInstance: () => {
            throw new Error('bad org');
          },
        }),
    ],
    [
      'getVisitorValues throws',
      () =>
        (w.Visitor = {
          getInstance: () => ({
            getVisitorValues: () => {
              throw new Error('broken');
            },
          }),
        }),
    ],
    [
      'getCustomerIDs throws',
      () =>
        (w.Visitor = {
          getInstance: () => ({
            getVisitorValues: (cb: (v: object) => void) => cb({ MCMID: 'm' }),
            getCustomerIDs: () => {
              throw new Error('ids');
            },
          }),
        }),
    ],
    ['the service has no getInstance', () => (w.Visitor = {})],
  ])('logs "Visitor API requests error" at once when %s, and gives no ids', async (_, install) => {
    install();
    const logger = newLogger();
    const values = visitorValues(ORG, logger)!;
    await vi.advanceTimersByTimeAsync(0);
    await expect(values).resolves.toEqual({});
    expect(logger.error).toHaveBeenCalledWith('Visitor API requests error', expect.any(Error));
  });
});

describe('data providers', () => {
  it('are not waited for when there are none', () => {
    expect(dataProviders(undefined, newLogger())).toBeUndefined();
    expect(dataProviders([], newLogger())).toBeUndefined();
  });

  it('run side by side and resolve with what each gave, in order', async () => {
    const logger = newLogger();
    const order: string[] = [];
    const result = dataProviders(
      [
        {
          name: 'weather',
          version: '1',
          provider: (cb: (e: unknown, p?: object) => void) => setTimeout(() => (order.push('weather'), cb(null, { temp: 21 })), 300),
        },
        { name: 'crm', version: '1', provider: (cb: (e: unknown, p?: object) => void) => (order.push('crm'), cb(null, { 'profile.tier': 'gold' })) },
      ],
      logger,
    )!;
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toEqual([{ temp: 21 }, { 'profile.tier': 'gold' }]);
    expect(order).toEqual(['crm', 'weather']); // both started at once
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('leave out, with a log line, a provider that errors, throws, is malformed or runs out of time', async () => {
    const logger = newLogger();
    const failure = new Error('service down');
    let settled = false;
    const result = dataProviders(
      [
        { name: 'errs', provider: (cb: (e: unknown) => void) => cb(failure) },
        {
          name: 'throws',
          provider: () => {
            throw new Error('bug');
          },
        },
        { name: 'no-function', provider: 'nope' },
        { name: 'own-limit', timeout: 500, provider: (cb: (e: unknown, p?: object) => void) => setTimeout(() => cb(null, { late: 1 }), 600) },
        { name: 'default-limit', provider: () => undefined }, // never calls back
        { name: 'ok', provider: (cb: (e: unknown, p?: object) => void) => cb(null, { ok: 'yes' }) },
      ],
      logger,
    )!;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'own-limit', 'time-out');
    await vi.advanceTimersByTimeAsync(1499);
    expect(settled).toBe(false); // still waiting for the 2000 ms default
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const given = await result;
    expect(given.filter(Boolean)).toEqual([{ ok: 'yes' }]);
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'errs', failure);
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'throws', expect.objectContaining({ message: 'bug' }));
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'no-function', expect.any(TypeError));
    expect(logger.warn).toHaveBeenCalledWith('Data provider failed:', 'default-limit', 'time-out');
    expect(logger.warn).toHaveBeenCalledTimes(5);
  });
});

describe('the platform-authentication check', () => {
  it("is 'webAuth not enabled' at once where the browser has no WebAuthn API", () => {
    expect(platformAuth()()).toBe(WEB_AUTH_DISABLED);
  });

  it.each([
    [true, WEB_AUTH_ENABLED],
    [false, WEB_AUTH_DISABLED],
  ])("starts as 'webAuth not returned in time', then answers %s → %s", async (available, outcome) => {
    let answer!: (value: boolean) => void;
    w.PublicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: () => new Promise((resolve) => (answer = resolve)) };
    const read = platformAuth();
    expect(read()).toBe(WEB_AUTH_PENDING);
    answer(available);
    await vi.advanceTimersByTimeAsync(0);
    expect(read()).toBe(outcome);
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('NotAllowedError'))],
    [
      'throws',
      () => {
        throw new Error('SecurityError');
      },
    ],
    ['answers with no promise', () => true],
  ])("is 'API error' when the API %s", async (_, check) => {
    w.PublicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: check };
    const read = platformAuth();
    await vi.advanceTimersByTimeAsync(0);
    expect(read()).toBe(WEB_AUTH_ERROR);
  });
});
