/**
 * Loads dist/tag-survey-file.js (the survey-file reader) or dist/tag-survey.js (the React pop-up)
 * from the folder tag.js itself came from, each once per page, with a dynamic import(). This file
 * is in tag.js, so it stays tiny and imports only types from the files it loads.
 */
import type { FileModule } from './fileOnDemand';
import type { PopupModule } from './onDemand';

export type Importer = (url: string) => Promise<unknown>;

interface OnDemandModules {
  file: FileModule;
  popup: PopupModule;
}
/** Each on-demand file and the function that shows it is what it should be. */
export const ON_DEMAND_FILES: { [K in keyof OnDemandModules]: [file: string, exported: keyof OnDemandModules[K]] } = {
  file: ['tag-survey-file.js', 'parseSurveyFile'],
  popup: ['tag-survey.js', 'showSurveyPopup'],
};

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
export function createOnDemandLoader<K extends keyof OnDemandModules>(kind: K, importer: Importer): (scriptSrc: string) => Promise<OnDemandModules[K]> {
  const [file, exported] = ON_DEMAND_FILES[kind];
  let pending: Promise<OnDemandModules[K]> | undefined;
  return (scriptSrc) => {
    if (!pending) {
      let url = file;
      pending = new Promise<unknown>((resolve) => {
        url = new URL(file, scriptSrc).href;
        resolve(importer(url));
      }).then(
        (module) => {
          if (typeof (module as Record<PropertyKey, unknown> | null)?.[exported] !== 'function') throw new Error(`${url} is not the survey bundle`);
          return module as OnDemandModules[K];
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

const importUrl: Importer = (url) => import(/* @vite-ignore */ url);
/** Resolve their file against `scriptSrc` (see tagScriptUrl) and import it, once per page. */
export const loadSurveyFileReader = createOnDemandLoader('file', importUrl);
export const loadSurveyPopup = createOnDemandLoader('popup', importUrl);
