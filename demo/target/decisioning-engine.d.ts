/**
 * Types for `@adobe/target-decisioning-engine` (the package ships JavaScript and a few loose
 * .d.ts files under types/, but declares none in its package.json). Only what
 * demo/delivery.ts uses. The delivery API request/response types are the published ones from
 * `@adobe/target-tools/delivery-api-client` (a dependency of the engine).
 */
declare module '@adobe/target-decisioning-engine' {
  import type { DeliveryRequest, DeliveryResponse, Notification } from '@adobe/target-tools/delivery-api-client';

  /** What the engine hands to `sendNotificationFunc` (display notifications of `execute`). */
  export interface EngineNotificationPayload {
    request: Pick<DeliveryRequest, 'id' | 'context' | 'experienceCloud'> & { notifications?: Notification[] };
    visitor?: unknown;
  }

  export interface DecisioningEngineConfig {
    /** Target client code: part of the allocation hash and echoed as `client`. */
    client: string;
    organizationId: string;
    /** The rules artifact; when given, the engine never fetches one. */
    artifactPayload: object;
    /** 0 turns artifact polling off (anything else is at least five minutes). */
    pollingInterval?: number;
    /** Used for the artifact and geo look-ups; we pass one that always rejects. */
    fetchApi?: (url: string, init?: unknown) => Promise<unknown>;
    sendNotificationFunc?: (payload: EngineNotificationPayload) => Promise<unknown>;
    telemetryEnabled?: boolean;
    logger?: { debug?: (...args: unknown[]) => void; error?: (...args: unknown[]) => void };
    eventEmitter?: (eventName: string, payload?: unknown) => void;
  }

  /** The engine's telemetry sink: it records artifact downloads there (and sends nothing). */
  export interface TelemetryProvider {
    addArtifactRequestEntry(name: string, entry: unknown): void;
  }

  export interface TargetDeliveryOptions {
    request: DeliveryRequest;
    /** Edge cluster: a generated tntId gets the suffix `.{hint}_0`. */
    targetLocationHint?: string;
    sessionId?: string;
  }

  export interface DecisioningEngine {
    getOffers(options: TargetDeliveryOptions): Promise<DeliveryResponse & { remoteMboxes?: string[]; remoteViews?: string[] }>;
    getRawArtifact(): object;
    stopPolling(): void;
    isReady(): boolean;
    hasRemoteDependency(request: DeliveryRequest): { remoteNeeded: boolean; remoteMboxes: string[]; remoteViews: string[] };
  }

  export default function TargetDecisioningEngine(config: DecisioningEngineConfig, telemetryProvider: TelemetryProvider): Promise<DecisioningEngine>;
}
