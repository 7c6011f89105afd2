/**
 * The parts of the Adobe Target delivery API (v1) this client sends and reads, and the seam
 * between the bootstrap in tag.js and the implementation in dist/tag-target.js. Types only: no
 * code follows an import of this file into either bundle. The tests check these against the
 * published `@adobe/target-tools` models.
 */
import type { PersonalizationSettings } from '../config/types';
import type { CookieJar } from '../engine/cookies';
import type { Logger } from '../engine/types';

export type Params = Record<string, string>;

export interface RequestDetails {
  parameters?: Params;
  profileParameters?: Params;
  order?: { id?: string; total?: number; purchasedProductIds?: string[] };
  product?: { id?: string; categoryId?: string };
}

export interface MboxRequest extends RequestDetails {
  index: number;
  name: string;
}

export interface ViewRequest extends RequestDetails {
  name?: string;
}

export interface Notification extends RequestDetails {
  id: string;
  type: 'display' | 'click';
  timestamp: number;
  tokens?: string[];
  mbox?: { name: string; state?: string };
  view?: { name: string; key?: string; state?: string };
  pageLoad?: { state?: string };
}

export interface QaMode {
  token: string;
  listedActivitiesOnly?: boolean;
  evaluateAsTrueAudienceIds?: number[];
  evaluateAsFalseAudienceIds?: number[];
  previewIndexes?: Array<{ activityIndex: number; experienceIndex: number }>;
}

export interface CustomerId {
  id: string;
  integrationCode: string;
  authenticatedState: 'unknown' | 'authenticated' | 'logged_out';
}

export interface AudienceManager {
  locationHint?: number;
  blob?: string;
}

/** One delivery request's timing, sent with a later request. */
export interface TelemetryEntry {
  requestId?: string;
  /** When the request left, in ms since the epoch. */
  timestamp?: number;
  /** 'edge': decided by Target's servers (set by telemetry.ts record). */
  mode?: 'edge' | 'local';
  /** From the request leaving to its response parsed, in ms. */
  execution?: number;
  /** The response's telemetryServerToken, returned to the server with this entry. */
  telemetryServerToken?: string;
}

export interface DeliveryRequest {
  requestId: string;
  context: {
    channel: 'web';
    screen?: { width: number; height: number; colorDepth: number; pixelRatio: number; orientation: 'portrait' | 'landscape' };
    window?: { width: number; height: number };
    browser?: { host: string; language?: string };
    address?: { url: string; referringUrl?: string };
    userAgent?: string;
    clientHints?: { mobile?: boolean; platform?: string; browserUAWithMajorVersion?: string };
    timeOffsetInMinutes?: number;
    /** Set on a request sent with navigator.sendBeacon, as at.js sets it. */
    beacon?: boolean;
  };
  id?: { tntId?: string; thirdPartyId?: string; marketingCloudVisitorId?: string; customerIds?: CustomerId[] };
  property?: { token: string };
  experienceCloud?: {
    audienceManager?: AudienceManager;
    analytics?: { logging: 'client_side' | 'server_side'; supplementalDataId?: string; trackingServer?: string; trackingServerSecure?: string };
  };
  execute?: { pageLoad?: RequestDetails; mboxes?: MboxRequest[] };
  prefetch?: { pageLoad?: RequestDetails; views?: ViewRequest[]; mboxes?: MboxRequest[] };
  notifications?: Notification[];
  preview?: { token: string };
  qaMode?: QaMode;
  /** Adobe's QA trace (mboxTrace with an authorization token). */
  trace?: { authorizationToken: string };
  telemetry?: { entries: TelemetryEntry[] };
}

/** One action of an `actions` offer, as the Visual Experience Composer writes it. */
export interface Action {
  type: string;
  selector?: string;
  cssSelector?: string;
  content?: unknown;
}

export interface Metric {
  type?: string;
  selector?: string;
  eventToken?: string;
}

export interface Option {
  type?: 'html' | 'json' | 'dynamic' | 'redirect' | 'actions' | string;
  content?: unknown;
  eventToken?: string;
  responseTokens?: Record<string, unknown>;
}

export interface Decision {
  index?: number;
  name?: string;
  key?: string;
  state?: string;
  options?: Option[];
  metrics?: Metric[];
  /** The decision's QA trace, when the request asked for one. */
  trace?: unknown;
  /** Analytics for Target, client-side logging: what the page's analytics call carries. */
  analytics?: { payload?: { pe?: string; tnta?: string } };
}

export interface Nonces {
  script?: string;
  style?: string;
}

export interface DeliveryResponse {
  status?: number;
  requestId?: string;
  client?: string;
  edgeHost?: string;
  id?: { tntId?: string };
  execute?: { pageLoad?: Decision; mboxes?: Decision[] };
  prefetch?: { pageLoad?: Decision; views?: Decision[]; mboxes?: Decision[]; metrics?: Metric[] };
  notifications?: Array<{ id?: string }>;
  telemetryServerToken?: string;
  trace?: unknown;
  remoteMboxes?: string[];
  remoteViews?: string[];
}

/** What tag.js hands to the implementation: everything it needs that tag.js already has. */
export interface Core {
  logger: Logger;
  settings: PersonalizationSettings;
  /** A new request: fresh requestId, context, ids, property, analytics logging, preview, QA mode. */
  base(): DeliveryRequest;
  /** POSTs to the delivery URL; rejects with one of the four delivery error messages. */
  send(body: DeliveryRequest, timeout?: unknown, keepalive?: boolean): Promise<DeliveryResponse>;
  /** Queues a notification body with navigator.sendBeacon to the delivery URL; false if refused. */
  beacon(body: DeliveryRequest): boolean;
  /** GETs a dynamic offer's content, its address scrubbed like every URL the tag requests. */
  fetchContent(url: string): Promise<Response>;
  /** The delivery URL as of now (the edge host may change after a response). */
  url(): string;
  /** Dispatches one of the at-* DOM events on document. */
  emit(type: string, detail?: Record<string, unknown>): void;
  unhide(): void;
  /** The CSP nonces for the scripts and the styles the client adds (targetGlobalSettings cspScriptNonce, cspStyleNonce; else the page's). */
  nonces: Nonces;
  /** How long an action waits for its selector (targetGlobalSettings selectorsPollingTimeout). */
  selectorsTimeout: number;
  /** Where the Visual Experience Composer's script is (targetGlobalSettings authoringScriptUrl); authoring.ts has the default. */
  authoringScriptUrl?: unknown;
  /** Sends a client-side Analytics for Target payload to analytics (pe=tnt, tnta). */
  analyticsForTarget(tnta: string): void;
  /** Splits at.js-style parameters into the request's parts (modes.ts). */
  split(params: unknown): SplitParams;
  /** The page-load response; null when the request failed or was not sent. */
  pageLoad: Promise<DeliveryResponse | null>;
  /** tag.js has already reported a page-load answer with nothing to render (at-content-rendering-no-offers). */
  pageLoadReported?: boolean;
  /** false when the page's targetGlobalSettings turned views off. */
  viewsEnabled: boolean;
  /** The platform-authentication check's outcome so far (beforeRequest.ts WEB_AUTH_*). */
  platformAuth(): string;
}

export type ApiMethod = 'getOffer' | 'getOffers' | 'applyOffer' | 'applyOffers' | 'sendNotifications' | 'trackEvent' | 'triggerView' | 'registerExtension';

export type Api = Record<ApiMethod, (...args: unknown[]) => unknown>;

/** What dist/tag-target.js exports. */
export interface TargetModule {
  start(core: Core): Api;
  /** Preview, QA mode and the QA trace (qaModes.ts), read before the page-load request when a QA switch is set. */
  readQaModes(jar: CookieJar, query: URLSearchParams): QaModes;
}

/** What Adobe's QA switches ask of this page's requests. */
export interface QaModes {
  qaMode?: QaMode;
  preview?: string;
  /** The QA trace: the token each request sends, and what shows the answer's traces where `mboxTrace` said (none for the cookie alone). */
  trace?: { authorizationToken: string; show?: (response: DeliveryResponse, logger: Logger) => void };
}

/** A page's parameters as a request carries them, and the two ids at.js takes out of them (modes.ts, splitParams). */
export interface SplitParams {
  details: RequestDetails;
  thirdPartyId?: string;
  propertyToken?: string;
}
