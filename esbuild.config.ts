/**
 * Builds dist/tag.js, the one script a site owner embeds. `TAG_ENV` picks the environment
 * (production by default); the others are folded away at build time.
 */
import { build } from 'esbuild';

const environments = ['development', 'staging', 'production'] as const;
type EnvironmentName = (typeof environments)[number];

function chosenEnvironment(): EnvironmentName {
  const value = process.env.TAG_ENV ?? 'production';
  if ((environments as readonly string[]).includes(value)) return value as EnvironmentName;
  throw new Error(`TAG_ENV must be one of ${environments.join(', ')}; got "${value}"`);
}

const env = chosenEnvironment();
const result = await build({
  entryPoints: { tag: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2019', 'chrome80', 'firefox78', 'safari14.1'],
  define: { __TAG_ENV__: JSON.stringify(env) },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
await import('node:fs').then((fs) => fs.writeFileSync('dist/meta.json', JSON.stringify(result.metafile)));
console.log(`built dist/tag.js for ${env}`);
