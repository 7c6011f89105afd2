/**
 * How tag.js is compiled, shared by the build (esbuild.config.ts) and the bench, which builds
 * parts of the tag from source and must compile them as tag.js is.
 */
import { minify } from 'terser';
import { buildConstants } from '../src/config/buildConstants';
import type { EnvironmentName } from '../src/config/types';
import { lentConstants } from './lentModules';

/**
 * esbuild's `define` for every bundle of the tag (the build's, the bench's) and for the unit tests:
 * the environment's constants and the id of the list tag.js lends the on-demand files.
 */
export const bundleConstants = (env: EnvironmentName): Record<string, string> => ({ ...buildConstants(env), ...lentConstants() });

/** V8's explicit compile hint, the first line of tag.js (why: esbuild.config.ts). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The browsers themselves, not an ES year: all of them run optional chaining and ?? natively, and
 * an 'es2019' entry would make esbuild rewrite every ?. into longer code.
 */
export const BROWSERS = ['chrome80', 'firefox78', 'safari14.1'];

/**
 * esbuild still rewrites every ?. for Chrome 80-90 because of one defect there: a call in an
 * optional chain with a spread before its last argument fails (crbug.com/42201552). The build
 * refuses any file that holds such a call (scripts/optionalCalls.ts), so ?. is kept as written
 * (tag.js 34.7 -> 34.1 KB gzip).
 */
export const SUPPORTED = { 'optional-chain': true };

/**
 * esbuild bundles and minifies; terser then compacts each file once more. It names variables by
 * how often they are used, which gzip rewards (measured: tag.js 37.9 -> 35.5 KB gzip). Only its
 * safe transforms, and no syntax newer than ES2020, which every target browser runs. The output is
 * ASCII (other characters escaped): a server that sends the files without a charset cannot garble
 * the scrubber's patterns or the tag's French text, and V8 keeps the source at one byte a
 * character (one non-ASCII character makes it two).
 */
export async function compactScript(code: string, module: boolean, name: string): Promise<string> {
  const compacted = (
    await minify(code, {
      ecma: 2020,
      module,
      toplevel: true,
      compress: { passes: 3 },
      format: { comments: false, ascii_only: true },
    })
  ).code;
  if (!compacted) throw new Error(`terser gave nothing for ${name}`);
  // A raw template (String.raw) keeps its characters as written: escape them in the source.
  const at = compacted.search(/[^\x00-\x7f]/);
  if (at >= 0) throw new Error(`${name} must be ASCII; found ${JSON.stringify(compacted.slice(at - 30, at + 10))}`);
  return compacted;
}
