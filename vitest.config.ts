import { defineConfig } from 'vitest/config';
import { lentConstants } from './scripts/lentModules';
import { buildConstants } from './src/config/buildConstants';

export default defineConfig({
  define: { ...buildConstants('development'), ...lentConstants() },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'jsdom',
    restoreMocks: true,
  },
});
