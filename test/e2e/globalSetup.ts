/**
 * Once per end-to-end run: the artifacts of the previous run go (screenshots, the demo server's
 * beacon log), so what `.tmp/e2e/` holds is this run's, and it does not grow run after run.
 */
import { rmSync } from 'node:fs';
import { artifactsDir } from './harness';

export default function setup(): void {
  rmSync(artifactsDir, { recursive: true, force: true });
}
