/**
 * Builds dist/tag.js, the one script a site owner embeds, and the code only some visits need,
 * which tag.js imports by itself from beside its own src: dist/tag-survey-file.js (the survey-file
 * reader and the survey's choice), dist/tag-survey.js (the React pop-up), dist/tag-rules.js (rule areas only some pages need),
 * dist/tag-target.js (personalization rendering and API), dist/tag-debug.js (report names and
 * the texts of the QA log, whose calls the build writes as message numbers: scripts/logMessages.ts)
 * and dist/tag-panel.js (the QA panel, for ?logdtm=panel).
 * `TAG_ENV` picks the environment (production by default); the others are folded away at build
 * time. The build fails if on-demand code (React, the XML parser, page-specific rules,
 * personalization rendering, the log's texts) ends up in tag.js.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { build, type Metafile } from 'esbuild';
import * as environmentSettings from './src/config/environments';
import { buildFolder } from './scripts/buildFolders';
import { BROWSERS, bundleConstants, COMPILE_HINT, compactScript, SUPPORTED } from './scripts/buildSettings';
import { lentModulesPlugin } from './scripts/lentModules';
import { collectLogMessages, logMessagesPlugin } from './scripts/logMessages';
import { optionalCallsWithEarlySpread } from './scripts/optionalCalls';

const environments = ['development', 'staging', 'production'] as const;
type EnvironmentName = (typeof environments)[number];

function chosenEnvironment(): EnvironmentName {
  const value = process.env.TAG_ENV ?? 'production';
  if ((environments as readonly string[]).includes(value)) return value as EnvironmentName;
  throw new Error(`TAG_ENV must be one of ${environments.join(', ')}; got "${value}"`);
}

const env = chosenEnvironment();
const logMessages = collectLogMessages('src');
if (logMessages.handed.length) {
  throw new Error(`write each log sentence in the logger's own call, so that it leaves tag.js for tag-debug.js: ${logMessages.handed.join(', ')}`);
}
const constants = bundleConstants(env);
/** Where the files go: dist/ for a build to publish, build/development/ for development (scripts/buildFolders.ts), or TAG_OUTDIR. */
const outdir = buildFolder(env, process.env.TAG_OUTDIR);
const common = {
  outdir,
  bundle: true,
  minify: true,
  target: BROWSERS,
  supported: SUPPORTED,
  legalComments: 'none' as const,
  metafile: true as const,
  logLevel: 'warning' as const,
  // The QA log's texts go to tag-debug.js; the logger calls keep their numbers (scripts/logMessages.ts).
  plugins: [logMessagesPlugin(logMessages)],
};

const tag = await build({
  ...common,
  entryPoints: { tag: 'src/main.ts' },
  format: 'iife',
  define: constants,
  // V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): nearly every function
  // of tag.js runs on every page, so Chromium compiles them all on a background thread while the
  // file downloads, instead of one by one on the main thread as each is first called (measured:
  // script CPU until the first beacon 44 -> 24 ms, largest task 14 -> 7 ms). Other browsers
  // ignore the comment.
  banner: { js: COMPILE_HINT },
});
const onDemandEntries = {
  'tag-survey': 'src/survey/onDemand.ts',
  'tag-survey-file': 'src/survey/fileOnDemand.ts',
  'tag-debug': 'src/dataElements/sdrLabels.ts',
  'tag-rules': 'src/rules/onDemand.ts',
  'tag-target': 'src/personalization/onDemand.ts',
  'tag-panel': 'src/qaPanel/onDemand.tsx',
};
const onDemand = await build({
  ...common,
  entryPoints: onDemandEntries,
  format: 'esm',
  // The scrubber and the rules' shared pieces are tag.js's, lent at run time (scripts/lentModules.ts).
  plugins: [...common.plugins, lentModulesPlugin()],
  define: { ...constants, 'process.env.NODE_ENV': '"production"' },
});

/** Compacts a built file in place (scripts/buildSettings.ts); tag.js keeps its compile hint on top. */
async function compact(file: string, module: boolean): Promise<void> {
  const path = `${outdir}/${file}`;
  const code = await compactScript(readFileSync(path, 'utf8'), module, path);
  writeFileSync(path, file === 'tag.js' ? `${COMPILE_HINT}\n${code}` : code);
}
await compact('tag.js', false);
for (const name of Object.keys(onDemandEntries)) await compact(`${name}.js`, true);

// ?. is kept as written (scripts/buildSettings.ts): no file may hold the one optional chain Chrome 80-90 get wrong.
for (const name of ['tag', ...Object.keys(onDemandEntries)]) {
  const calls = optionalCallsWithEarlySpread(readFileSync(`${outdir}/${name}.js`, 'utf8'));
  if (calls.length)
    throw new Error(`${outdir}/${name}.js has an optional call with a spread before its last argument, which Chrome 80-90 break: ${calls.join(', ')}`);
}

const metafile: Metafile = {
  inputs: { ...tag.metafile.inputs, ...onDemand.metafile.inputs },
  outputs: { ...tag.metafile.outputs, ...onDemand.metafile.outputs },
};
writeFileSync(`${outdir}/meta.json`, JSON.stringify(metafile));

// Only the on-demand file may carry these; tag.js must stay small for every page.
const ON_DEMAND_ONLY =
  /node_modules\/(react|react-dom|scheduler)\/|qaPanel\/|survey\/(parse|choose|select)\.ts|sdrLabels|logMessages|src\/rules\/(onDemand|lib\/(forms|search))\.ts|src\/dataElements\/search\.ts|personalization\/(onDemand|render|rendering|notify|validate|api|views|offers|requests)\./;
const leaked = Object.keys(metafile.outputs[`${outdir}/tag.js`]?.inputs ?? {}).filter((input) => ON_DEMAND_ONLY.test(input));
if (leaked.length) throw new Error(`dist/tag.js must not bundle on-demand code; found ${leaked.join(', ')}`);

// The on-demand files use tag.js's scrubber (scripts/lentModules.ts); a copy of their own would
// double its bytes and its compiled patterns.
const copied = Object.entries(onDemand.metafile.outputs).flatMap(([output, { inputs }]) =>
  Object.keys(inputs)
    .filter((input) => input.startsWith('src/privacy/'))
    .map((input) => `${output}: ${input}`),
);
if (copied.length) throw new Error(`on-demand files must use tag.js's scrubber, not bundle their own; found ${copied.join(', ')}`);

// A build carries only its own environment: a production tag.js with the demo's report suite or
// hosts in it would be one edit away from tracking the wrong site.
const tagText = readFileSync(`${outdir}/tag.js`, 'utf8');
const foreign = environments.filter((other) => other !== env && tagText.includes(`"${environmentSettings[other]().reportSuite}"`));
if (foreign.length) throw new Error(`${outdir}/tag.js (${env}) must not carry the ${foreign.join(', ')} configuration`);

console.log(`built tag.js, tag-survey-file.js, tag-survey.js, tag-rules.js, tag-target.js, tag-debug.js and tag-panel.js in ${outdir}/ for ${env}`);
