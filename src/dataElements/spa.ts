/**
 * The single-page-app flag (SPEC §2): 'yes' when the page URL contains one of the app hosts
 * below, 'no' otherwise. A page-load rule calls `pushSpaFlag()` to tell the data layer.
 */
import type { DataElement } from '../engine/types';
import { el, href, safely } from './read';

/** Hosts whose pages are single-page apps: IRCC's application status tracker and the apps host. */
export const SPA_HOST_FRAGMENTS = ['ircc-tracker-suivi.apps.cic.gc.ca', 'apps.canada.ca'] as const;

export const isSinglePageApp = (url: string = href()): boolean =>
  SPA_HOST_FRAGMENTS.some((fragment) => url.toLowerCase().includes(fragment));

/**
 * Pushes `{ event: 'isSPA', value: 'yes' }` to `window.adobeDataLayer` on a single-page app;
 * does nothing elsewhere. Returns true when it pushed.
 */
export const pushSpaFlag = (): boolean =>
  isSinglePageApp() &&
  safely(() => {
    const w = window as { adobeDataLayer?: unknown };
    if (!Array.isArray(w.adobeDataLayer)) w.adobeDataLayer = [];
    (w.adobeDataLayer as unknown[]).push({ event: 'isSPA', value: 'yes' });
    return true;
  }, false);

export const spaDataElements: DataElement[] = [el('singlePageApp', () => (isSinglePageApp() ? 'yes' : 'no'))];
