/**
 * The demo server's beacon log: one JSON line per beacon, for reading with `tail -f` or `jq`.
 * Bounded: past `maxBytes` the file moves to `{path}.old` (replacing the one before) and a new one
 * starts, so a demo left running or a long test run never holds more than twice the bound.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** Half of what a log keeps at most. */
export const BEACON_LOG_BYTES = 5 * 1024 * 1024;

export interface BeaconLog {
  path: string;
  append(entry: unknown): void;
}

/** `fresh`: start the run with an empty log (the previous run's goes). */
export function createBeaconLog(path: string, { fresh = false, maxBytes = BEACON_LOG_BYTES } = {}): BeaconLog {
  mkdirSync(dirname(path), { recursive: true });
  if (fresh) rmSync(path, { force: true });
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    /* no log yet */
  }
  return {
    path,
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      try {
        const bytes = Buffer.byteLength(line);
        if (size > 0 && size + bytes > maxBytes) {
          renameSync(path, `${path}.old`);
          size = 0;
        }
        appendFileSync(path, line);
        size += bytes;
      } catch {
        /* the file is a convenience; the server's memory is the record */
      }
    },
  };
}
