/**
 * The on-demand files' imports of src/privacy, pointed at the copy tag.js lends them
 * (src/privacy/lent.ts, src/engine/onDemand.ts) instead of bundled again: tag-rules.js and
 * tag-target.js each carried 7.5-7.9 KB of minified scrubber that tag.js already had, and
 * compiled its patterns a second time. An import of a name that tag.js does not lend fails the
 * build ("No matching export").
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { LENT_KEY } from '../src/engine/onDemand';
import { LENT_PRIVACY } from '../src/privacy/lent';

/** A module of src/privacy as its importers name it: `../privacy`, `../../privacy/url`. */
const PRIVACY_IMPORT = /(^|\/)privacy(\/(redact|url|telephone|index))?$/;

export function lentModulesPlugin(): Plugin {
  return {
    name: 'lent-modules',
    setup(build) {
      // The scrubber's own modules import one another as `./redact`, which this does not match.
      build.onResolve({ filter: PRIVACY_IMPORT }, ({ path, resolveDir }) => ({ path: resolve(resolveDir, path), namespace: 'lent' }));
      build.onLoad({ filter: /.*/, namespace: 'lent' }, async ({ path }) => {
        const file = path.endsWith('/privacy') ? `${path}/index.ts` : `${path}.ts`;
        const module: Record<string, unknown> = await import(file);
        // Each export that tag.js lends, read from its place in the list; the others are left out.
        const lent = Object.keys(module).flatMap((name) => {
          const place = LENT_PRIVACY.indexOf(module[name]);
          return place < 0 ? [] : [`export const ${name} = lent[${place}];`];
        });
        const contents = `const lent = globalThis[Symbol.for(${JSON.stringify(LENT_KEY)})];\n${lent.join('\n')}\n`;
        return { contents, loader: 'js', resolveDir: dirname(file) };
      });
    },
  };
}
