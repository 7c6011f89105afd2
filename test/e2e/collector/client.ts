/**
 * Starts the collector process (./process.ts) and talks to it over HTTP, from the test process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { decodeBeacon } from '../../../src/analytics/wireFormat';
import type { Mode, Received } from './process';

export interface Beacon extends Received {
  params: Record<string, string>;
}

export interface Collector {
  /** http://127.0.0.1:{port} */
  origin: string;
  set(change: { mode?: Mode; latencyMs?: number }): Promise<void>;
  /** Every beacon received, in order of arrival, decoded; `held`: requests hanging unanswered. */
  received(): Promise<{ beacons: Beacon[]; held: number }>;
  clear(): Promise<void>;
  /** Another collector in the same process, with its own port, mode and record: for a test run side by side with others. */
  sibling(): Promise<Collector>;
  /** Stops the process (the first collector), or closes a sibling. */
  stop(): Promise<void>;
}

/** A collector of the process at `port`; `stop` ends it. */
function collectorAt(port: number, stop: () => Promise<void>): Collector {
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    async set(change) {
      await fetch(`${origin}/__control`, { method: 'POST', body: JSON.stringify(change) });
    },
    async received() {
      const { received, held } = (await (await fetch(`${origin}/__received`)).json()) as { received: Received[]; held: number };
      return { beacons: received.map((r) => ({ ...r, params: Object.fromEntries(decodeBeacon(r.query)) })), held };
    },
    async clear() {
      await fetch(`${origin}/__received`, { method: 'DELETE' });
    },
    async sibling() {
      const { port: other } = (await (await fetch(`${origin}/__sibling`, { method: 'POST' })).json()) as { port: number };
      return collectorAt(other, async () => void (await fetch(`http://127.0.0.1:${other}/__close`, { method: 'POST' })));
    },
    stop,
  };
}

/** `distDir`: where the development build it serves is (build/development/ by default). */
export async function startCollector(distDir?: string): Promise<Collector> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'process.ts');
  const env = distDir ? { ...process.env, DIST_DIR: distDir } : process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`The collector process exited (${code}) before listening`)));
  });
  return collectorAt(port, async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
}
