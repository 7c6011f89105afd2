/**
 * What the page-load request waits for or carries (in tag.js): the Experience Cloud ID service
 * (`window.Visitor`), the page's data providers (`targetGlobalSettings.dataProviders`), and the
 * platform-authentication check. The waits are bounded, so the body-hiding time-out still decides
 * how long the page can stay hidden.
 */
import type { Logger } from '../engine/types';
import type { AudienceManager, CustomerId } from './types';

export const VISITOR_TIMEOUT = 2000;
export const PROVIDER_TIMEOUT = 2000;

/** The outcomes of the platform-authentication check, as PZ-10 names them. */
export const WEB_AUTH_PENDING = 'webAuth not returned in time';
export const WEB_AUTH_ENABLED = 'webAuth enabled';
export const WEB_AUTH_DISABLED = 'webAuth not enabled';
export const WEB_AUTH_ERROR = 'API error';
export const WEB_AUTH_OUTCOMES: readonly string[] = [WEB_AUTH_PENDING, WEB_AUTH_ENABLED, WEB_AUTH_DISABLED, WEB_AUTH_ERROR];

/** Rejection reason of `bounded` when time runs out (a value, so it cannot be confused with a page's error). */
const TIME_UP = {};

/**
 * Runs callback-style `work` and settles with its outcome, or rejects with TIME_UP after `ms`.
 * A throw inside `work` is a rejection.
 */
function bounded<T>(work: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return new Promise<T>((resolve, reject) => {
    timer = setTimeout(reject, ms, TIME_UP);
    work(resolve, reject);
  }).finally(() => clearTimeout(timer));
}

export interface VisitorValues {
  marketingCloudVisitorId?: string;
  customerIds?: CustomerId[];
  audienceManager?: AudienceManager;
}

interface VisitorInstance {
  getVisitorValues(callback: (values: Record<string, unknown>) => void): void;
  getCustomerIDs?(): Record<string, { id?: unknown; authState?: unknown } | undefined>;
}

/** The ID service's Visitor.AuthState numbers, in order, as the delivery API names them. */
const AUTH_STATES = ['unknown', 'authenticated', 'logged_out'] as const;

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The ids of the page's Experience Cloud ID service for `orgId`, within `timeout` (targetGlobalSettings
 * visitorApiTimeout, VISITOR_TIMEOUT by default); undefined
 * when the page has no such service (nothing to wait for). On a time-out or an error it logs the
 * at.js message and resolves with no ids: the request goes without them.
 */
export function visitorValues(orgId: string | null, logger: Logger, timeout = VISITOR_TIMEOUT): Promise<VisitorValues> | undefined {
  const service = (window as { Visitor?: { getInstance(org: string): VisitorInstance } }).Visitor;
  // A service without getInstance fails inside `bounded`: logged as an error, not waited for.
  if (!orgId || !service) return undefined;
  let visitor: VisitorInstance;
  return bounded<Record<string, unknown>>((resolve) => (visitor = service.getInstance(orgId)).getVisitorValues(resolve), timeout)
    .then((values): VisitorValues => {
      const locationHint = Number(values.MCAAMLH) || undefined;
      const blob = text(values.MCAAMB);
      // Fields left undefined are not sent: JSON drops them.
      return {
        marketingCloudVisitorId: text(values.MCMID),
        customerIds: Object.entries(visitor.getCustomerIDs ? visitor.getCustomerIDs() : {}).flatMap(([integrationCode, entry]): CustomerId[] => {
          const id = text(entry?.id);
          return id ? [{ id, integrationCode, authenticatedState: AUTH_STATES[Number(entry!.authState)] || 'unknown' }] : [];
        }),
        audienceManager: locationHint || blob ? { locationHint, blob } : undefined,
      };
    })
    .catch((reason: unknown) => {
      if (reason === TIME_UP) logger.warn('Visitor API requests timed out');
      else logger.error('Visitor API requests error', reason);
      return {};
    });
}

interface DataProvider {
  name?: unknown;
  timeout?: unknown;
  provider?: unknown;
}

/**
 * Runs the page's data providers side by side, each within its own time-out (PROVIDER_TIMEOUT
 * unless it sets a positive one), and resolves with the parameters each gave, in the providers'
 * order (splitParams merges them, later ones winning). A provider that is malformed, throws,
 * calls back with an error or runs out of time is logged and gives none. Undefined when there
 * are no providers (nothing to wait for).
 */
export function dataProviders(providers: unknown, logger: Logger): Promise<unknown[]> | undefined {
  if (!Array.isArray(providers) || !providers.length) return undefined;
  return Promise.all(
    providers.map((p: unknown) => {
      const { name, timeout, provider }: DataProvider = Object(p);
      const ms = Math.max(0, Number(timeout)) || PROVIDER_TIMEOUT;
      return bounded(
        (resolve, reject) =>
          (provider as (callback: (error: unknown, params?: unknown) => void) => void)((error, params) => (error ? reject(error) : resolve(params))),
        ms,
      ).catch((reason: unknown) => logger.warn('Data provider failed:', name, reason === TIME_UP ? 'time-out' : reason));
    }),
  );
}

/**
 * Starts the platform-authentication check and returns a reader of its outcome so far:
 * WEB_AUTH_PENDING until the browser answers. It never delays a request.
 */
export function platformAuth(): () => string {
  let outcome = WEB_AUTH_PENDING;
  try {
    const credential = (window as { PublicKeyCredential?: { isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean> } }).PublicKeyCredential;
    const check = credential?.isUserVerifyingPlatformAuthenticatorAvailable;
    if (!check) outcome = WEB_AUTH_DISABLED;
    else
      check.call(credential).then(
        (available) => (outcome = available ? WEB_AUTH_ENABLED : WEB_AUTH_DISABLED),
        () => (outcome = WEB_AUTH_ERROR),
      );
  } catch {
    // A page or browser whose API throws, or answers with something that is not a promise.
    outcome = WEB_AUTH_ERROR;
  }
  return () => outcome;
}
