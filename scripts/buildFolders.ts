/**
 * Where each build goes. `dist/` holds only what `npm run build` makes, the files a site owner
 * publishes; the demo, the tests and the bench build elsewhere, so that previewing the demo or
 * running the tests can never leave a development tag (which tracks nothing on the live site) in
 * the folder that gets published.
 */
export const PUBLISHED_BUILD = 'dist';
/** The development build: the demo server and the end-to-end tests serve it at `/dist/`. */
export const DEVELOPMENT_BUILD = 'build/development';
/** A staging build (`npm run build:staging`): the end-to-end test of the visit's cookies across Canada.ca's hosts serves it. */
export const STAGING_BUILD = 'build/staging';
/**
 * The production build `npm test` makes: its size check weighs it, and the end-to-end tests that
 * need what a live page gets (the QA panel on a production page) serve it. Never published.
 */
export const PRODUCTION_CHECK_BUILD = 'build/production';
/** The production build `npm run bench` measures. */
export const BENCH_BUILD = 'build/bench';

/** The folder a build of `environment` goes to: `override` (TAG_OUTDIR) when given. */
export function buildFolder(environment: string, override?: string): string {
  if (override) return override;
  return environment === 'development' ? DEVELOPMENT_BUILD : PUBLISHED_BUILD;
}
