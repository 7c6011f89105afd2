import type { EnvironmentName } from './config/types';

declare global {
  /** Replaced at build time by esbuild.config.ts (and by the vitest config in tests). */
  const __TAG_ENV__: EnvironmentName;
  /** The environment's siteDomains (config/environments.ts), replaced at build time in every bundle. */
  const __SITE_DOMAINS__: readonly string[];
  /** Whether the environment names an Experience Cloud org id (personalization waits for its ID service), replaced at build time. */
  const __VISITOR_SERVICE__: boolean;
  /** A hash of src/lent.ts, the order of what tag.js lends the on-demand files, replaced at build time. */
  const __LENT_ID__: string;
}
