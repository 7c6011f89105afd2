import { defineConfig } from 'vitest/config';
import { bundleConstants } from './scripts/buildSettings';

export default defineConfig({
  define: bundleConstants('development'),
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'jsdom',
    restoreMocks: true,
  },
});
