import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __TAG_ENV__: JSON.stringify('development'), __SITE_DOMAINS__: JSON.stringify(['canada.ca']) },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'jsdom',
    restoreMocks: true,
  },
});
