/** Starting the runtime in tests, and undoing what it leaves on window and document. */
import { siteCookieDomain } from '../../src/engine/cookies';
import { createLogger, type ToggleableLogger } from '../../src/engine/logger';
import { startRuntime, type RuntimeOptions } from '../../src/engine/runtime';
import type { Container } from '../../src/engine/types';

export const DEBUG_KEY = 'dtm-logImgRequests';

/** The build info the bundle entry (src/main.ts) gives the runtime. */
export const BUILD_INFO = {
  turbineVersion: '28.0.0',
  turbineBuildDate: '2025-09-17T00:00:00Z',
  buildDate: '2025-09-17T00:00:00Z',
  environment: 'development',
};

export function start(container: Partial<Container>, options: Partial<Omit<RuntimeOptions, 'container'>> = {}) {
  const logger: ToggleableLogger = options.logger ?? createLogger('[tag]', false);
  const runtime = startRuntime({
    container: { dataElements: [], rules: [], ...container },
    logger,
    isTrackingAllowed: () => true,
    buildInfo: BUILD_INFO,
    debugStorageKey: DEBUG_KEY,
    ...options,
  });
  return { ...runtime, logger };
}

let readyState: DocumentReadyState | undefined;

/** Pretends the document is still being parsed (or at another state) until resetPage(). */
export function setReadyState(state: DocumentReadyState) {
  readyState = state;
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
}

/** Removes a cookie as the browser expires it: the host-only copy and the site-domain one. */
export function expireCookie(name: string): void {
  const domain = siteCookieDomain();
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  if (domain) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=${domain}`;
}

export function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) expireCookie(name);
  }
}

export function resetPage() {
  const w = window as unknown as Record<string, unknown>;
  delete w._satellite;
  delete w.adobeDataLayer;
  delete (document as unknown as Record<string, unknown>).readyState;
  readyState = undefined;
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  document.body.innerHTML = '';
}
