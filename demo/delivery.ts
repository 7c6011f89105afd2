/**
 * The local decisioning endpoint: answers the Adobe Target delivery API
 * (`POST /rest/v1/delivery?client=…&sessionId=…&version=…`) by running Adobe's own on-device
 * decisioning engine (`@adobe/target-decisioning-engine`) on the rules artifact kept in
 * demo/target/artifact.json. Used by the demo server and the tests; it never leaves the
 * process: the artifact is passed as a payload, polling is off, geo look-ups are off (the
 * artifact copy gets `geoTargetingEnabled: false`, and a fixed demo geo is put in the request
 * instead, as a Target edge would do from the IP address), and the engine's fetch is one that
 * always rejects.
 *
 * Requests arrive as at.js sends them: `text/plain` JSON bodies (also from
 * `navigator.sendBeacon`, `text/plain;charset=UTF-8`), credentialed, from the page's origin.
 * Notifications (`notifications: […]`) are recorded and acknowledged with their ids.
 *
 * Fault modes for the tests, per request or for every request until cleared:
 * - query parameter `fault=<mode>` on the delivery URL,
 * - a path prefix `/__fault/<mode>` before `/rest/v1/delivery` (set the client's server domain
 *   to `127.0.0.1:PORT/__fault/hang`),
 * - `handler.setFault(mode)` (null clears).
 * Modes: `hang` (never answer), `500`, `malformed` (200 with invalid JSON), `slow:<ms>`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBody } from './readBody';
import TargetDecisioningEngine, { type DecisioningEngine } from '@adobe/target-decisioning-engine';
import type { DeliveryRequest, DeliveryResponse, Geo, Notification, NotificationResponse, Option } from '@adobe/target-tools/delivery-api-client';

export type { DeliveryRequest, DeliveryResponse, Notification };

const here = dirname(fileURLToPath(import.meta.url));
/** The demo rules artifact. */
export const artifactPath = join(here, 'target', 'artifact.json');

const pathPattern = /^(?:\/__fault\/([^/]+))?\/rest\/v1\/delivery\/?$/;
const maxSlowMs = 120_000;

export type FaultMode = 'hang' | '500' | 'malformed' | `slow:${number}`;

/** Parses a fault mode; throws on anything else. `''`, `none` and `off` mean no fault. */
export function parseFault(text: string): FaultMode | null {
  const mode = text.trim().toLowerCase();
  if (mode === '' || mode === 'none' || mode === 'off') return null;
  if (mode === 'hang' || mode === '500' || mode === 'malformed') return mode;
  const slow = /^slow:(\d{1,6})$/.exec(mode);
  if (slow && Number(slow[1]) <= maxSlowMs) return `slow:${Number(slow[1])}`;
  throw new Error(`Unknown fault mode "${text}" (hang, 500, malformed, slow:<ms up to ${maxSlowMs}>)`);
}

/** One request the endpoint received (delivery call or notification beacon). */
export interface RecordedDelivery {
  /** ISO time of arrival. */
  receivedAt: string;
  method: string;
  /** URL path (with a /__fault/… prefix if one was used). */
  path: string;
  /** Query parameters (client, sessionId, version, …). */
  query: Record<string, string>;
  /** `notification` when the body carries notifications and nothing to decide. */
  kind: 'delivery' | 'notification' | 'preflight' | 'invalid';
  contentType: string;
  origin: string | null;
  /** The raw body text. */
  rawBody: string;
  /** The parsed body, when it was a JSON object. */
  body: DeliveryRequest | null;
  /** The notifications of the body (empty when none). */
  notifications: Notification[];
  /** The fault applied, if any. */
  fault: FaultMode | null;
  /** Status answered; 0 while pending (and forever for `hang`). */
  status: number;
  /** The JSON answered (when it was JSON). */
  response?: unknown;
}

type Listener = (entry: RecordedDelivery) => void;

/** What the endpoint received, for tests and the beacon inspector. */
export class DeliveryRequestStore {
  private readonly items: RecordedDelivery[] = [];
  private readonly listeners = new Set<Listener>();

  /** Every request since the last clear, oldest first. */
  list(): RecordedDelivery[] {
    return [...this.items];
  }

  /** Every notification received, in order. */
  notifications(): Notification[] {
    return this.items.flatMap((entry) => entry.notifications);
  }

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items.length = 0;
  }

  /** Records an entry; listeners hear of it once it has been answered (or hangs). */
  add(entry: RecordedDelivery): void {
    this.items.push(entry);
  }

  settle(entry: RecordedDelivery): void {
    for (const listener of this.listeners) listener(entry);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves with the first settled entry that matches, or rejects after `timeoutMs`. */
  waitFor(predicate: (entry: RecordedDelivery) => boolean = () => true, timeoutMs = 5000): Promise<RecordedDelivery> {
    const already = this.items.find((entry) => (entry.status !== 0 || entry.fault === 'hang') && predicate(entry));
    if (already) return Promise.resolve(already);
    return new Promise((resolveWait, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`no matching delivery request within ${timeoutMs} ms; received ${this.items.length}`));
      }, timeoutMs);
      const unsubscribe = this.subscribe((entry) => {
        if (!predicate(entry)) return;
        clearTimeout(timer);
        unsubscribe();
        resolveWait(entry);
      });
    });
  }
}

export interface DeliveryHandlerOptions {
  /** The rules artifact (object) or a path to it. Default: demo/target/artifact.json. */
  artifact?: object | string;
  /** Geo put in requests that carry none (as a Target edge derives it from the IP address). `null` for none. */
  geo?: Geo | null;
  /**
   * Edge cluster hint: generated tntIds end with `.{hint}_0` and `edgeHost` becomes
   * `mboxedge{hint}.tt.omtrdc.net`, as Target answers. Default none: tntIds carry no cluster and
   * `edgeHost` is this server's own Host, so a client never learns of a remote edge.
   */
  locationHint?: string;
  /** Which page origins may read answers (credentialed CORS). Default: loopback origins. */
  isAllowedOrigin?: (origin: string) => boolean;
  /** The fault applied to every request until changed. */
  fault?: FaultMode | null;
}

export interface DeliveryHandler {
  /** Handles the request when it is for the delivery endpoint (returns true), else returns false. */
  (req: IncomingMessage, res: ServerResponse): boolean;
  readonly requests: DeliveryRequestStore;
  /** Sets (or with null clears) the fault applied to every request. */
  setFault(mode: FaultMode | string | null): void;
  readonly fault: FaultMode | null;
  /** The artifact the engine runs (a copy, with geo look-ups off). */
  readonly artifact: Readonly<Record<string, unknown>>;
  /** Resolves once the engine for the artifact's client code has loaded. */
  ready(): Promise<void>;
  /** Ends hung and slow responses (by destroying their sockets) and forgets engines. */
  close(): void;
}

/** The demo geo: Ottawa, as Target's edge would report it. */
export const demoGeo: Geo = { city: 'ottawa', stateCode: 'ontario', countryCode: 'canada' };

function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** Loopback page origins (http or https, any port). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

function loadArtifact(source: object | string | undefined): Record<string, unknown> {
  const raw: unknown = typeof source === 'object' ? structuredClone(source) : JSON.parse(readFileSync(resolve(source ?? artifactPath), 'utf8'));
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('The decisioning artifact must be a JSON object');
  // Geo targeting would make the engine look up the visitor's IP address at Adobe: never.
  return { ...(raw as Record<string, unknown>), geoTargetingEnabled: false };
}

/** A fetch that never reaches the network: the engine gets this one. */
function refuseFetch(url: string): Promise<never> {
  return Promise.reject(new Error(`The local decisioning endpoint makes no network calls (refused ${url})`));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a parsed body is not a delivery request, or null when it is one. */
function invalidReason(body: unknown): string | null {
  if (!isObject(body)) return 'The request body must be a JSON object';
  if (!isObject(body.context)) return 'context is required';
  for (const key of ['execute', 'prefetch', 'id', 'property', 'experienceCloud'] as const) {
    if (body[key] !== undefined && !isObject(body[key])) return `${key} must be an object`;
  }
  if (body.notifications !== undefined && !Array.isArray(body.notifications)) return 'notifications must be an array';
  if (Array.isArray(body.notifications) && !body.notifications.every(isObject)) return 'each notification must be an object';
  return null;
}

/** Target sends redirect URLs absolute; the artifact keeps paths, resolved against the page. */
function absolutizeRedirects(response: DeliveryResponse, pageUrl: string | undefined): void {
  if (!pageUrl) return;
  const fix = (options: Option[] | undefined) => {
    for (const option of options ?? []) {
      if (String(option.type) === 'redirect' && typeof option.content === 'string' && option.content.startsWith('/')) {
        try {
          option.content = new URL(option.content, pageUrl).href;
        } catch {
          /* keep the path */
        }
      }
    }
  };
  fix(response.execute?.pageLoad?.options);
  for (const mbox of response.execute?.mboxes ?? []) fix(mbox.options);
  fix(response.prefetch?.pageLoad?.options);
  for (const mbox of response.prefetch?.mboxes ?? []) fix(mbox.options);
  for (const view of response.prefetch?.views ?? []) fix(view.options);
}

export function createDeliveryHandler(options: DeliveryHandlerOptions = {}): DeliveryHandler {
  const artifact = loadArtifact(options.artifact);
  const meta = isObject(artifact.meta) ? artifact.meta : {};
  const defaultClient = typeof meta.clientCode === 'string' ? meta.clientCode : 'canadademo';
  const organizationId = typeof meta.organizationId === 'string' ? meta.organizationId : 'demo@AdobeOrg';
  const geo = options.geo === undefined ? demoGeo : options.geo;
  const isAllowedOrigin = options.isAllowedOrigin ?? isLoopbackOrigin;
  const requests = new DeliveryRequestStore();
  const engines = new Map<string, Promise<DecisioningEngine>>();
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let fault: FaultMode | null = options.fault ?? null;

  /** One engine per client code (the code is part of the allocation hash). */
  function engineFor(client: string): Promise<DecisioningEngine> {
    let engine = engines.get(client);
    if (!engine) {
      engine = TargetDecisioningEngine(
        {
          client,
          organizationId,
          artifactPayload: artifact,
          pollingInterval: 0,
          telemetryEnabled: false,
          fetchApi: refuseFetch,
          // Display notifications of `execute` decisions: the recorded request is their record.
          sendNotificationFunc: () => Promise.resolve(),
          logger: { debug: () => undefined, error: (...args: unknown[]) => console.error('[delivery]', ...args) },
        },
        { addArtifactRequestEntry: () => undefined },
      );
      engines.set(client, engine);
      engine.catch(() => engines.delete(client));
    }
    return engine;
  }

  function corsHeaders(origin: string | null): Record<string, string> {
    if (!origin || !isAllowedOrigin(origin)) return {};
    return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
  }

  function finish(entry: RecordedDelivery, res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
    entry.status = status;
    if (!res.destroyed) {
      res.writeHead(status, { 'Cache-Control': 'no-store', ...headers });
      res.end(body);
    }
    open.delete(res);
    requests.settle(entry);
  }

  function sendJson(entry: RecordedDelivery, res: ServerResponse, status: number, value: unknown, cors: Record<string, string>): void {
    entry.response = value;
    finish(entry, res, status, JSON.stringify(value), { 'Content-Type': 'application/json;charset=UTF-8', ...cors });
  }

  function delay(ms: number): Promise<void> {
    return new Promise((resolveDelay) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolveDelay();
      }, ms);
      timers.add(timer);
    });
  }

  async function decide(body: DeliveryRequest, client: string, query: Record<string, string>, host: string): Promise<DeliveryResponse> {
    const notifications = body.notifications ?? [];
    const wantsDecisions = body.execute !== undefined || body.prefetch !== undefined;
    let response: DeliveryResponse;
    if (wantsDecisions) {
      const engine = await engineFor(client);
      const { notifications: _ignored, ...rest } = body;
      const request: DeliveryRequest = {
        ...rest,
        context: { ...body.context, ...(geo && !body.context.geo ? { geo: { ...geo } } : {}) },
      };
      const decided = await engine.getOffers({
        request,
        ...(options.locationHint ? { targetLocationHint: options.locationHint } : {}),
        ...(query.sessionId ? { sessionId: query.sessionId } : {}),
      });
      response = decided;
      absolutizeRedirects(response, body.context.address?.url);
    } else {
      response = { status: 200, requestId: body.requestId ?? crypto.randomUUID().replace(/-/g, ''), id: { ...body.id }, client };
    }
    response.client = client;
    response.edgeHost = options.locationHint ? `mboxedge${options.locationHint}.tt.omtrdc.net` : host;
    if (notifications.length > 0) {
      response.notifications = notifications.map((n): NotificationResponse => ({ id: n.id ?? '' }));
    }
    return response;
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse, entry: RecordedDelivery, cors: Record<string, string>): Promise<void> {
    try {
      entry.rawBody = await readBody(req);
    } catch (error) {
      return sendJson(entry, res, 413, { status: 413, message: (error as Error).message }, cors);
    }
    let parsed: unknown;
    let parseError: string | null = null;
    try {
      parsed = JSON.parse(entry.rawBody);
    } catch (error) {
      parseError = `Malformed request body: ${(error as Error).message}`;
    }
    const reason = parseError ?? invalidReason(parsed);
    if (reason === null) {
      const body = parsed as DeliveryRequest;
      entry.body = body;
      entry.notifications = body.notifications ?? [];
      entry.kind = body.execute === undefined && body.prefetch === undefined && entry.notifications.length > 0 ? 'notification' : 'delivery';
    } else {
      entry.kind = 'invalid';
      if (isObject(parsed)) entry.body = parsed as unknown as DeliveryRequest;
    }

    const mode = entry.fault;
    if (mode === 'hang') {
      requests.settle(entry);
      return; // the response stays open until the client gives up or the server closes
    }
    if (mode === '500') return sendJson(entry, res, 500, { status: 500, message: 'Simulated server error (fault mode 500)' }, cors);
    if (mode === 'malformed') {
      return finish(entry, res, 200, '{"status":200,"requestId":"malformed","execute":{"pageLoad":{"options":[', {
        'Content-Type': 'application/json;charset=UTF-8',
        ...cors,
      });
    }
    if (mode?.startsWith('slow:')) await delay(Number(mode.slice(5)));
    if (res.destroyed) {
      open.delete(res);
      return;
    }

    if (reason !== null) return sendJson(entry, res, 400, { status: 400, message: reason }, cors);
    const client = entry.query.client;
    if (!client) return sendJson(entry, res, 400, { status: 400, message: 'The client query parameter is required' }, cors);
    try {
      const response = await decide(entry.body as DeliveryRequest, client, entry.query, req.headers.host ?? '');
      sendJson(entry, res, 200, response, cors);
    } catch (error) {
      sendJson(entry, res, 500, { status: 500, message: `Decisioning failed: ${(error as Error).message}` }, cors);
    }
  }

  const handler = ((req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://local');
    const match = pathPattern.exec(url.pathname);
    if (!match) return false;

    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
    const cors = corsHeaders(origin);
    const entry: RecordedDelivery = {
      receivedAt: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      kind: 'delivery',
      contentType: req.headers['content-type'] ?? '',
      origin,
      rawBody: '',
      body: null,
      notifications: [],
      fault: null,
      status: 0,
    };
    requests.add(entry);
    open.add(res);
    res.on('close', () => open.delete(res));

    if (entry.method === 'OPTIONS') {
      entry.kind = 'preflight';
      finish(entry, res, 204, '', {
        ...cors,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
      return true;
    }
    if (entry.method !== 'POST') {
      sendJson(entry, res, 405, { status: 405, message: 'POST only' }, { ...cors, Allow: 'POST, OPTIONS' });
      return true;
    }

    const requested = url.searchParams.get('fault') ?? (match[1] !== undefined ? decodeURIComponent(match[1]) : null);
    try {
      entry.fault = requested !== null ? parseFault(requested) : fault;
    } catch (error) {
      req.resume();
      sendJson(entry, res, 400, { status: 400, message: (error as Error).message }, cors);
      return true;
    }

    handlePost(req, res, entry, cors).catch((error: unknown) => {
      if (!res.headersSent) sendJson(entry, res, 500, { status: 500, message: String(error) }, cors);
      else res.destroy();
    });
    return true;
  }) as DeliveryHandler;

  Object.defineProperties(handler, {
    requests: { value: requests, enumerable: true },
    artifact: { value: artifact, enumerable: true },
    fault: { get: () => fault, enumerable: true },
  });
  handler.setFault = (mode) => {
    fault = mode === null ? null : parseFault(mode);
  };
  handler.ready = async () => {
    await engineFor(defaultClient);
  };
  handler.close = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const res of open) res.destroy();
    open.clear();
    for (const engine of engines.values()) engine.then((e) => e.stopPolling()).catch(() => undefined);
    engines.clear();
  };
  return handler;
}
