import { defineConfig } from 'vitest/config';
import { bundleConstants } from './scripts/buildSettings';

export default defineConfig({
  define: bundleConstants('development'),
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'jsdom',
    restoreMocks: true,
    // A test that reaches its end without one `expect` asserts nothing, whatever it waited for.
    expect: { requireAssertions: true },
  },
});
