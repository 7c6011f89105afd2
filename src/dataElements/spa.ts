/**
 * The single-page-app flag (requirements PV-12): 'yes' when the page is on one of the app hosts below (or
 * a host under one), 'no' otherwise. Only the host counts: a content page whose address merely
 * mentions an app (`?return=https://apps.canada.ca/…`) is not an app, and keeps its page view.
 * A page-load rule calls `pushSpaFlag()` to tell the data layer.
 */
import type { DataElement } from '../engine/types';
import { el, href, safely } from './read';

/** Hosts whose pages are single-page apps: IRCC's application status tracker and the apps host (both on the live host list). */
export const SPA_HOSTS = ['ircc-tracker-suivi.apps.cic.gc.ca', 'apps.canada.ca'] as const;

export const isSinglePageApp = (url: string = href()): boolean =>
  safely(() => {
    const host = new URL(url).hostname.toLowerCase();
    return SPA_HOSTS.some((app) => host === app || host.endsWith(`.${app}`));
  }, false);

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
