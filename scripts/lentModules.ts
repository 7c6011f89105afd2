/**
 * The on-demand files' imports of what tag.js lends (src/lent.ts, src/engine/onDemand.ts), pointed
 * at tag.js's copy instead of bundled again. tag-rules.js and tag-target.js each carried 7.5-7.9 KB
 * of minified scrubber that tag.js already had, and compiled its patterns a second time;
 * tag-rules.js also carried the rules' and data elements' shared pieces, with module state of
 * their own. The scrubber is lent whole: an import of a name of src/privacy that tag.js does not
 * lend fails the build ("No matching export"). Of the other modules src/lent.ts draws on, what it
 * does not lend (code tag.js leaves out, a `let` whose value changes) is bundled as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { LENT_KEY_PREFIX } from '../src/engine/onDemand';
import { LENT } from '../src/lent';
import { sourceFile, specifiers } from './checkImports';

const LENT_FILE = resolve('src/lent.ts');
const PRIVACY = resolve('src/privacy');

/**
 * `__LENT_ID__` for every bundle and the unit tests (bundleConstants in scripts/buildSettings.ts):
 * a hash of src/lent.ts, whose order the list's places follow (src/engine/onDemand.ts).
 */
export const lentConstants = (): Record<string, string> => ({
  __LENT_ID__: JSON.stringify(createHash('sha256').update(readFileSync(LENT_FILE)).digest('hex').slice(0, 8)),
});

/** The modules src/lent.ts lends from, and the whole scrubber. */
const lenders = new Set(specifiers(readFileSync(LENT_FILE, 'utf8')).flatMap(({ spec }) => sourceFile(dirname(LENT_FILE), spec) ?? []));
const lends = (file: string) => lenders.has(file) || file.startsWith(`${PRIVACY}/`);

/** Exports a module may change after it is loaded: a copy of their value would go stale. */
const changing = (file: string) => new Set(Array.from(readFileSync(file, 'utf8').matchAll(/^export let (\w+)/gm), (match) => match[1]));

export function lentModulesPlugin(): Plugin {
  return {
    name: 'lent-modules',
    setup(build) {
      // The lent modules' own code, for what they do not lend, is imported by its absolute path.
      build.onResolve({ filter: /^\./ }, ({ path, resolveDir }) => {
        const file = sourceFile(resolveDir, path);
        return file && lends(file) ? { path: file, namespace: 'lent' } : undefined;
      });
      build.onResolve({ filter: /^lent-list$/ }, () => ({ path: 'lent-list', namespace: 'lent-list' }));
      // The list, looked up once per file; `__LENT_ID__` is the build's (lentConstants), as in tag.js.
      // Without it the file stops before it reads an entry, with an error that starts with the key:
      // tag.js then fetches it once more (src/engine/onDemand.ts), for a copy of its own build.
      build.onLoad({ filter: /.*/, namespace: 'lent-list' }, () => ({
        contents: [
          `const key = ${JSON.stringify(LENT_KEY_PREFIX)} + __LENT_ID__;`,
          'export const lent = globalThis[Symbol.for(key)];',
          "if (!lent) throw new Error(key + ' is missing: tag.js is of another build');",
        ].join('\n'),
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: 'lent' }, async ({ path }) => {
        const module: Record<string, unknown> = await import(path);
        const stale = changing(path);
        const lent: string[] = [];
        const own: string[] = [];
        for (const name of Object.keys(module)) {
          const place = stale.has(name) ? -1 : LENT.indexOf(module[name]);
          if (place >= 0) lent.push(`export const ${name} = lent[${place}];`);
          else own.push(name);
        }
        // The scrubber's own code never comes along: the build's check would fail on it anyway.
        const bundled = own.length && !path.startsWith(`${PRIVACY}/`) ? `export { ${own.join(', ')} } from ${JSON.stringify(path)};` : '';
        return { contents: `import { lent } from 'lent-list';\n${lent.join('\n')}\n${bundled}\n`, loader: 'js', resolveDir: dirname(path) };
      });
    },
  };
}
