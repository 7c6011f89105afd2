import type { EnvironmentName } from './config/types';

declare global {
  /** Replaced at build time by esbuild.config.ts (and by the vitest config in tests). */
  const __TAG_ENV__: EnvironmentName;
}
