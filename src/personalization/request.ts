/**
 * The delivery call (in tag.js): the request's common part, the URL, and the two transports (a
 * POST with a time-out whose failures all end as one of four messages, and a beacon), both of
 * which send only what scrubRequest leaves of a body.
 */
import { viewportSize } from '../engine/viewport';
import { redactUrl } from '../privacy/url';
import { scrubRequest } from './outbound';
import type { AudienceManager, CustomerId, DeliveryRequest, DeliveryResponse, QaMode } from './types';

export const VERSION = '2.11.4';
export const DEFAULT_TIMEOUT = 3000;

export const NETWORK_FAILED = 'Network request failed';
export const TIMED_OUT = 'Request timed out';
export const MALFORMED = 'Malformed response JSON';
export const UNEXPECTED = 'Unexpected error';

/** A time-out as at.js takes it: any value coerced to a number, 3000 when not one, kept in 0–99999. */
export function clampTimeout(value: unknown): number {
  const ms = value === null || value === undefined || value === '' ? NaN : Number(value);
  return !Number.isNaN(ms) ? Math.min(99999, Math.max(0, ms)) : DEFAULT_TIMEOUT;
}

/** 32 hex digits, from the browser's random source. */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const byte of bytes) hex += (byte + 256).toString(16).slice(1);
  return hex;
}

export interface RequestIds {
  tntId?: string;
  thirdPartyId?: string;
  marketingCloudVisitorId?: string;
  customerIds?: CustomerId[];
}

export interface BaseInputs {
  ids: RequestIds;
  propertyToken?: string;
  preview?: string;
  qaMode?: QaMode;
  /** From the Experience Cloud ID service, when the page has one (beforeRequest.ts). */
  audienceManager?: AudienceManager;
  /**
   * Analytics for Target: server-side logging (Adobe's default) stitches on the page view's
   * supplemental data id; client-side logging returns the payload for the page's analytics call.
   */
  analytics?: { logging: 'client_side' | 'server_side'; supplementalDataId?: string; trackingServer?: string };
}

/** The part every request carries; the caller adds execute, prefetch or notifications. */
export function baseRequest(inputs: BaseInputs): DeliveryRequest {
  const { ids, propertyToken, preview, qaMode, audienceManager, analytics = { logging: 'server_side' } } = inputs;
  const s = screen;
  const [width, height] = viewportSize();
  const hints = (navigator as { userAgentData?: { mobile: boolean; platform: string; brands: Array<{ brand: string; version: string }> } }).userAgentData;
  const id: DeliveryRequest['id'] = {};
  for (const key of ['tntId', 'thirdPartyId', 'marketingCloudVisitorId'] as const) if (ids[key]) id[key] = ids[key];
  if (ids.customerIds?.length) id.customerIds = ids.customerIds;
  const request: DeliveryRequest = {
    requestId: uuid(),
    context: {
      channel: 'web',
      screen: {
        width: s.width,
        height: s.height,
        colorDepth: s.colorDepth,
        pixelRatio: devicePixelRatio || 1,
        orientation: s.height >= s.width ? 'portrait' : 'landscape',
      },
      window: { width, height },
      browser: { host: location.hostname, language: navigator.language },
      // As the page has them: the transports below scrub every body on its way out (outbound.ts).
      address: { url: location.href, referringUrl: document.referrer },
      userAgent: navigator.userAgent,
      timeOffsetInMinutes: -new Date().getTimezoneOffset(),
    },
    id,
    experienceCloud: { analytics: analyticsPart(analytics) },
  };
  if (hints) {
    request.context.clientHints = {
      mobile: hints.mobile,
      platform: hints.platform,
      browserUAWithMajorVersion: hints.brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', '),
    };
  }
  if (audienceManager) request.experienceCloud!.audienceManager = audienceManager;
  if (propertyToken) request.property = { token: propertyToken };
  if (preview) request.preview = { token: preview };
  if (qaMode) request.qaMode = qaMode;
  return request;
}

/** Server-side logging names the analytics call it joins (its supplemental data id and server); client-side needs neither. */
function analyticsPart({
  logging,
  supplementalDataId,
  trackingServer,
}: NonNullable<BaseInputs['analytics']>): NonNullable<DeliveryRequest['experienceCloud']>['analytics'] {
  if (logging === 'client_side' || !supplementalDataId) return { logging };
  return { logging, supplementalDataId, ...(trackingServer ? { trackingServer, trackingServerSecure: trackingServer } : {}) };
}

export function deliveryUrl(host: string, clientCode: string, sessionId: string): string {
  return `${host}/rest/v1/delivery?client=${encodeURIComponent(clientCode)}&sessionId=${sessionId}&version=${VERSION}`;
}

/**
 * POSTs `body` as text/plain (no CORS preflight) with credentials. Resolves with the parsed
 * response; rejects with an Error whose message is one of the four above.
 */
export function post(url: string, body: DeliveryRequest, timeout: unknown, keepalive = false): Promise<DeliveryResponse> {
  return new Promise((resolve, reject) => {
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
    const timer = setTimeout(() => {
      controller?.abort();
      reject(new Error(TIMED_OUT));
    }, clampTimeout(timeout));
    const fail = (message: string) => () => {
      clearTimeout(timer);
      reject(new Error(message));
    };
    try {
      const init: RequestInit = {
        method: 'POST',
        body: JSON.stringify(scrubRequest(body)),
        headers: { 'Content-Type': 'text/plain' },
        credentials: 'include',
        keepalive,
        signal: controller?.signal,
      };
      fetch(url, init).then((response) => {
        if (!response.ok) return fail(UNEXPECTED)();
        response.json().then((json: unknown) => {
          clearTimeout(timer);
          if (typeof json === 'object' && json !== null) resolve(json as DeliveryResponse);
          else reject(new Error(MALFORMED));
        }, fail(MALFORMED));
      }, fail(NETWORK_FAILED));
    } catch {
      // An unserialisable body (a cyclic parameter) or a page that broke fetch.
      fail(UNEXPECTED)();
    }
  });
}

/** Queues `body` with navigator.sendBeacon; false when the browser lacks it or refuses. */
export function beacon(url: string, body: DeliveryRequest): boolean {
  try {
    return navigator.sendBeacon(url, JSON.stringify(scrubRequest(body)));
  } catch {
    // No sendBeacon, a page that replaced it with something that throws, or a cyclic body.
    return false;
  }
}

/** GETs a dynamic offer's content with credentials, its address scrubbed like every URL the tag requests. */
export function getContent(url: string): Promise<Response> {
  return fetch(redactUrl(url), { credentials: 'include' });
}
