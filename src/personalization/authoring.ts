/**
 * Adobe's Visual Experience Composer opens the site with `mboxEdit` in the address. As at.js does,
 * the client then loads the composer's script (`authoringScriptUrl`), lends it a selector engine
 * that knows the composer's `:eq(n)` and hands it every click first, and tells it which view shows.
 */
import type { Logger } from '../engine/types';

export const AUTHORING_SCRIPT_URL = 'https://cdn.tt.omtrdc.net/cdn/target-vec.js';

interface Composer {
  querySelectorAll?: (selector: string) => Element[];
  clickHandlerForExperienceEditor?: (event: MouseEvent) => void;
  currentView?: string;
}
const composer = () => ((window as unknown as { _AT?: Composer })._AT ??= {});

export const isAuthoring = () => new URLSearchParams(location.search).has('mboxEdit');

/**
 * The elements a composer selector names: a CSS selector in which `:eq(n)` picks the n-th match
 * so far (from 0), the rest searched under it; an invalid selector throws, as querySelectorAll does.
 */
export function selectWithEq(selector: string): Element[] {
  const steps = selector.split(/:eq\((\d+)\)/);
  let found: Element[] | null = null;
  for (let i = 0; i < steps.length; i += 2) {
    const css = steps[i]!.trim();
    const index = steps[i + 1];
    if (css) {
      const next: Element[] = found ? [...new Set(found.flatMap((root) => [...root.querySelectorAll(`:scope ${css}`)]))] : [...document.querySelectorAll(css)];
      found = next;
    }
    if (index !== undefined) found = (found ?? []).slice(Number(index), Number(index) + 1);
  }
  return found ?? [];
}

/** Starts the composer's side when the page is open in it; `view` tells it the view just shown. */
export function startAuthoring(scriptUrl: unknown, nonce: string | undefined, logger: Logger): { view(name: string): void } | undefined {
  if (!isAuthoring()) return undefined;
  composer().querySelectorAll = selectWithEq;
  logger.log('Loading target-vec.js');
  const script = document.createElement('script');
  script.src = typeof scriptUrl === 'string' && scriptUrl ? scriptUrl : AUTHORING_SCRIPT_URL;
  if (nonce) script.nonce = nonce;
  script.onload = () => document.addEventListener('click', (event) => composer().clickHandlerForExperienceEditor?.(event), true);
  script.onerror = () => logger.error('Unable to load target-vec.js');
  document.head.appendChild(script);
  return { view: (name) => (composer().currentView = name) };
}
