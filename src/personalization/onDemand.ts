/**
 * The entry of dist/tag-target.js: rendering the page-load offers and views, click metrics and
 * notifications, the `window.adobe.target` functions, and Adobe's QA modes. tag.js loads it while the page-load
 * request is under way (bootstrap.ts) and hands it `core`: everything tag.js already has.
 */
import { createApi } from './api';
import { startAuthoring } from './authoring';
import { readQaModes } from './qaModes';
import { createRendering } from './rendering';
import type { Api, Core, TargetModule } from './types';
import { createViews } from './views';

export function start(core: Core): Api {
  const authoring = startAuthoring(core.authoringScriptUrl, core.nonces.script, core.logger);
  const rendering = createRendering(core);
  return createApi(core, rendering, createViews(core, rendering), authoring);
}

export { readQaModes };

// The loader in tag.js checks the module against this type.
start satisfies TargetModule['start'];
readQaModes satisfies TargetModule['readQaModes'];
