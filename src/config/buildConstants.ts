/**
 * The constants every bundle is built with (esbuild's `define`), in one place for the build, the
 * bench and the unit tests: the on-demand files carry their own copy of the modules they use (the
 * cookie jar among them), so a setting made at run time in tag.js would not reach theirs.
 */
import * as environments from './environments';
import type { EnvironmentName } from './types';

export const buildConstants = (env: EnvironmentName): Record<string, string> => ({
  __TAG_ENV__: JSON.stringify(env),
  __SITE_DOMAINS__: JSON.stringify(environments[env]().siteDomains),
  // Without an Experience Cloud org id the ID service is never asked: its code is left out.
  __VISITOR_SERVICE__: JSON.stringify(environments[env]().personalization.imsOrgId !== null),
});
