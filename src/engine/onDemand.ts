/**
 * The one loader of the on-demand files (tag-rules.js, tag-target.js, tag-survey-file.js,
 * tag-survey.js, tag-debug.js): each is imported with a dynamic import() from the folder tag.js
 * itself came from, at most once per page.
 */
export type Importer = (url: string) => Promise<unknown>;

// Read while tag.js runs: document.currentScript is null once the script's top level is done.
const ownScript = typeof document === 'undefined' ? null : document.currentScript;
const ownSrc = (ownScript as HTMLScriptElement | null)?.src || '';

/** tag.js's own URL: its script element as it ran, or else the last script whose src has "tag.js". */
export function tagScriptUrl(): string {
  if (ownSrc) return ownSrc;
  const scripts = document.querySelectorAll<HTMLScriptElement>('script[src*="tag.js"]');
  return scripts[scripts.length - 1]?.src ?? '';
}

const importUrl: Importer = (url) => import(/* @vite-ignore */ url);

/**
 * A loader of `file`, resolved beside the tag script (`scriptSrc`, tag.js's own URL by default):
 * every call gets the same promise, which resolves with the module once it exports `exported`. A
 * failed load is not retried on the same page, except a copy of another build, once (below); it
 * rejects with an Error naming the file, and the shared promise carries a handler, so an unawaited
 * preload never shows as an unhandled rejection.
 */
export function onDemandFile<M>(file: string, exported: keyof M & string, importer: Importer = importUrl): (scriptSrc?: string) => Promise<M> {
  let pending: Promise<M> | undefined;
  return (scriptSrc) => {
    if (!pending) {
      let url = file;
      pending = new Promise<unknown>((resolve) => {
        url = new URL(file, scriptSrc ?? tagScriptUrl()).href;
        resolve(importer(url));
      })
        .catch((error: unknown) => {
          // Another build's copy (LENT_KEY_PREFIX), from the browser's cache after a release: fetched
          // once more at an address of this build's own, which no copy of another build is cached under.
          if (!String(error).includes(LENT_KEY_PREFIX)) throw error;
          return importer((url += `?${__LENT_ID__}`));
        })
        .then(
          (module) => {
            if ((module as Record<PropertyKey, unknown> | null)?.[exported] === undefined)
              throw new Error(`${url} is not the expected file: it has no ${exported}`);
            return module as M;
          },
          (error: unknown) => {
            throw new Error(`${url} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
          },
        );
      pending.catch(() => undefined);
    }
    return pending;
  };
}

/**
 * Where tag.js leaves the functions and constants it lends the on-demand files: the build points
 * their imports of those at this list (scripts/lentModules.ts), so that no file carries, and
 * compiles again, a copy of what tag.js already has. A symbol from the global registry: the build
 * and the page share it without a name on `window`. The key ends with the list's order
 * (`__LENT_ID__`): an on-demand file of another build finds no list and stops, with an error that
 * starts with the key, rather than read the wrong entries. After a release that changed the list,
 * a new tag.js may meet the old file in the browser's cache: it fetches the file once more, with
 * its own `__LENT_ID__` in the query, and gets the server's copy. An old tag.js still in the cache
 * gets the new file both times, and does without it on that page.
 */
export const LENT_KEY_PREFIX = 'canada.ca tag lent ';

export function lendToOnDemandFiles(lent: readonly unknown[]): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(LENT_KEY_PREFIX + __LENT_ID__)] = lent;
}
