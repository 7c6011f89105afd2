/**
 * V8's explicit compile hint, the first line of tag.js (why: esbuild.config.ts). The bench puts it
 * on the variants of the tag it builds itself, so that they are compiled as tag.js is.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
