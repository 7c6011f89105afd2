/**
 * The on-demand files' imports of src/privacy, pointed at the copy tag.js lends them
 * (src/privacy/lent.ts, src/engine/onDemand.ts) instead of bundled again: tag-rules.js and
 * tag-target.js each carried 7.5-7.9 KB of minified scrubber that tag.js already had, and
 * compiled its patterns a second time. An import of a name that tag.js does not lend fails the
 * build ("No matching export").
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { LENT_KEY_PREFIX } from '../src/engine/onDemand';
import { LENT_PRIVACY } from '../src/privacy/lent';

/** A module of src/privacy as its importers name it: `../privacy`, `../../privacy/url`. */
const PRIVACY_IMPORT = /(^|\/)privacy(\/(redact|url|telephone|index))?$/;

/**
 * `__LENT_ID__` for every bundle and the unit tests (bundleConstants in scripts/buildSettings.ts):
 * a hash of src/privacy/lent.ts, whose order the list's places follow (src/engine/onDemand.ts).
 */
export const lentConstants = (): Record<string, string> => ({
  __LENT_ID__: JSON.stringify(
    createHash('sha256')
      .update(readFileSync(resolve('src/privacy/lent.ts')))
      .digest('hex')
      .slice(0, 8),
  ),
});

export function lentModulesPlugin(): Plugin {
  return {
    name: 'lent-modules',
    setup(build) {
      // The scrubber's own modules import one another as `./redact`, which this does not match.
      build.onResolve({ filter: PRIVACY_IMPORT }, ({ path, resolveDir }) => ({ path: resolve(resolveDir, path), namespace: 'lent' }));
      build.onResolve({ filter: /^lent-list$/ }, () => ({ path: 'lent-list', namespace: 'lent-list' }));
      // The list, looked up once per file; `__LENT_ID__` is the build's (lentConstants), as in tag.js.
      build.onLoad({ filter: /.*/, namespace: 'lent-list' }, () => ({
        contents: `export const lent = globalThis[Symbol.for(${JSON.stringify(LENT_KEY_PREFIX)} + __LENT_ID__)];`,
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: 'lent' }, async ({ path }) => {
        const file = path.endsWith('/privacy') ? `${path}/index.ts` : `${path}.ts`;
        const module: Record<string, unknown> = await import(file);
        // Each export that tag.js lends, read from its place in the list; the others are left out.
        const lent = Object.keys(module).flatMap((name) => {
          const place = LENT_PRIVACY.indexOf(module[name]);
          return place < 0 ? [] : [`export const ${name} = lent[${place}];`];
        });
        return { contents: `import { lent } from 'lent-list';\n${lent.join('\n')}\n`, loader: 'js', resolveDir: dirname(file) };
      });
    },
  };
}
