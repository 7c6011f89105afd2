/**
 * Loads dist/tag-survey.js (the survey parser and the React pop-up) from the folder tag.js
 * itself came from, once per page, with a dynamic import(). This file is in tag.js, so it stays
 * tiny and imports only types from the bundle it loads.
 */
import type { OnDemandModule } from './onDemand';

export type { OnDemandModule };
export type Importer = (url: string) => Promise<unknown>;

export const ON_DEMAND_FILE = 'tag-survey.js';

// Read while tag.js runs: document.currentScript is null once the script's top level is done.
const ownScript = typeof document === 'undefined' ? null : document.currentScript;
const ownSrc = (ownScript as HTMLScriptElement | null)?.src || '';

/** tag.js's own URL: its script element as it ran, or else the last script whose src has "tag.js". */
export function tagScriptUrl(): string {
  if (ownSrc) return ownSrc;
  const scripts = document.querySelectorAll<HTMLScriptElement>('script[src*="tag.js"]');
  return scripts[scripts.length - 1]?.src ?? '';
}

/**
 * A loader that imports the on-demand bundle at most once and hands every caller the same
 * promise. A failed load is not retried on the same page; it rejects with an Error, and the
 * shared promise carries a handler so it never shows up as an unhandled rejection by itself.
 */
export function createOnDemandLoader(importer: Importer): (scriptSrc: string) => Promise<OnDemandModule> {
  let pending: Promise<OnDemandModule> | undefined;
  return (scriptSrc) => {
    if (!pending) {
      let url = ON_DEMAND_FILE;
      pending = new Promise<unknown>((resolve) => {
        url = new URL(ON_DEMAND_FILE, scriptSrc).href;
        resolve(importer(url));
      }).then(
        (module) => {
          const loaded = module as Partial<OnDemandModule> | null;
          if (typeof loaded?.parseSurveyFile !== 'function' || typeof loaded.showSurveyPopup !== 'function') {
            throw new Error(`${url} is not the survey bundle`);
          }
          return loaded as OnDemandModule;
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

/** Resolves `tag-survey.js` against `scriptSrc` (see tagScriptUrl) and imports it, once per page. */
export const loadOnDemand = createOnDemandLoader((url) => import(/* @vite-ignore */ url));
