/**
 * Delivery-request timings, kept in local storage until the next request carries them as the
 * delivery API's `telemetry.entries`: tag.js takes them (`take`, needed for the page-load
 * request), dist/tag-target.js stores them (`record`). One key per entry
 * (`tgt:tlm:{requestId}`), so taking the pending entries never removes one that another tab adds
 * meanwhile. An entry holds a random request id, times and the server's telemetry token: nothing
 * about the visitor or the page. Storage may be missing, full or forbidden; nothing here throws.
 */
import type { TelemetryEntry } from './types';

export const TELEMETRY_PREFIX = 'tgt:tlm';
/** Enough for a few pages' requests; a visitor who never comes back leaves at most this many. */
export const MAX_ENTRIES = 20;

const keys = () => Object.keys(localStorage).filter((key) => key.startsWith(TELEMETRY_PREFIX));

function read(key: string): TelemetryEntry | null {
  try {
    return JSON.parse(localStorage.getItem(key)!);
  } catch {
    return null; // not ours, or damaged: counted as the oldest, so the first to go
  }
}

/**
 * Stores one entry, dropping the oldest beyond MAX_ENTRIES. Its mode is 'edge': this client has
 * no on-device decisioning, every decision is made by Target's servers.
 */
export function record(entry: TelemetryEntry): void {
  try {
    const old = keys()
      .map((key): [string, number] => [key, read(key)?.timestamp ?? 0])
      .sort((a, b) => a[1] - b[1]);
    for (const [key] of old.slice(0, Math.max(0, old.length - MAX_ENTRIES + 1))) localStorage.removeItem(key);
    localStorage.setItem(`${TELEMETRY_PREFIX}:${entry.requestId}`, JSON.stringify({ ...entry, mode: 'edge' }));
  } catch {
    // Full (QuotaExceededError) or forbidden: this entry is not worth a visitor-facing error.
  }
}

/** The pending entries, removed from storage: each is sent once, with the request that takes it. */
export function take(): TelemetryEntry[] {
  const entries: TelemetryEntry[] = [];
  try {
    for (const key of keys()) {
      const text = localStorage.getItem(key)!;
      // Removed before parsing, so a damaged entry cannot block the others next time.
      localStorage.removeItem(key);
      entries.push(JSON.parse(text));
    }
  } catch {
    // Forbidden storage or a damaged entry: what was read so far still goes.
  }
  return entries.filter((entry) => entry?.requestId);
}
