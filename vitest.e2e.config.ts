import { defineConfig } from 'vitest/config';
import LongestFirst from './test/e2e/longestFirst';

/**
 * End-to-end tests: real Chromium against the demo server. `npm test` builds the tag for
 * development and staging first. Four test files run side by side (on this 2-core machine the
 * suite is CPU-bound for most of its run, and the rest waits on time-outs and collectors: measured,
 * four at a time 136-157 s, three 154 s; before the test Chromium lost its address bar's WebUI
 * popup, three 177-179 s and four 160-183 s); the
 * files a worker runs share one module graph, so they share its Chromium and its kept tab
 * (test/e2e/harness.ts, test/e2e/reusableTab.ts). Each file still starts its own demo server.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/globalSetup.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 4,
    isolate: false,
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A test that reaches its end without one `expect` asserts nothing, whatever it waited for.
    expect: { requireAssertions: true },
  },
});
