/**
 * The inspector page's script, bundled by esbuild in memory when a page first asks for it: it
 * is a tool of the demo server, so it is never written to dist/ (which gets published).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const inspectorRoot = dirname(fileURLToPath(import.meta.url));

let bundle: Promise<string> | undefined;

/** The bundled script (React included, so the page works offline); built once per process. */
export function inspectorScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [join(inspectorRoot, 'main.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: ['chrome100', 'firefox100', 'safari15'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  // A failed build (a syntax error while editing) is retried on the next request.
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}
