/**
 * How tag.js is compiled, shared by the build (esbuild.config.ts) and the bench, which builds
 * parts of the tag from source and must compile them as tag.js is.
 */

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
