/**
 * Shared helpers for the data-element tests: load a fixture page into jsdom at a given address,
 * read data elements through the real engine resolver (defaults, text shaping), and control
 * the referrer, the user agent, cookies and the data layer.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDataElementResolver } from '../../src/engine/dataElements';
import type { HostEntry } from '../../src/config/types';
import { createDataElements, type DataElementName } from '../../src/dataElements';
import { searchDataElements } from '../../src/dataElements/search';
import { recordingLogger, type RecordingLogger } from '../engine/helpers';
import { expireCookie } from '../engine/runtimeHelpers';

/** vitest's jsdom environment exposes the JSDOM instance as the global `jsdom`. */
declare const jsdom: { reconfigure(settings: { url?: string }): void };

export const CANADA: HostEntry = { host: 'www.canada.ca', appName: 'canada', loginStatus: '2' };

export function fixture(name: string): string {
  return readFileSync(resolve(__dirname, '../fixtures', name), 'utf8');
}

/** Replaces the document with `html` (keeping the `<html>` attributes such as lang). */
export function loadHtml(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const root = document.documentElement;
  for (const attribute of Array.from(root.attributes)) root.removeAttribute(attribute.name);
  for (const attribute of Array.from(parsed.documentElement.attributes)) root.setAttribute(attribute.name, attribute.value);
  root.innerHTML = parsed.documentElement.innerHTML;
}

/** Moves the window to `url` (host, path, query and hash) without loading anything. */
export function goTo(url: string): void {
  jsdom.reconfigure({ url });
}

let referrer: string | undefined;
export function setReferrer(value: string | undefined): void {
  referrer = value;
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer ?? '' });
}

/** Opens a fixture (or bare HTML) at an address, with an optional referrer. */
export function openPage(page: { fixture?: string; html?: string; url: string; referrer?: string }): void {
  goTo(page.url);
  loadHtml(page.fixture ? fixture(page.fixture) : (page.html ?? '<html><head></head><body></body></html>'));
  setReferrer(page.referrer ?? '');
}

export function setUserAgent(userAgent: string, maxTouchPoints = 0): void {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent });
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, get: () => maxTouchPoints });
}

export function restoreNavigator(): void {
  delete (navigator as unknown as Record<string, unknown>).userAgent;
  delete (navigator as unknown as Record<string, unknown>).maxTouchPoints;
}

export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) expireCookie(name);
  }
}

export function resetDataLayer(items: unknown[] = []): void {
  (window as { adobeDataLayer?: unknown }).adobeDataLayer = items;
}

/** Reads data elements the way rules do: through the engine's resolver. */
export interface Reader {
  (name: DataElementName): unknown;
  log: RecordingLogger;
}

/** `host` is the allow-list entry of the page's host (Canada.ca's by default; null for none). */
export function reader(host: HostEntry | null = CANADA): Reader {
  const log = recordingLogger();
  const resolver = createDataElementResolver([...createDataElements(host ? { host } : {}), ...searchDataElements], log);
  const read = ((name: DataElementName) => resolver.getVar(name)) as Reader;
  read.log = log;
  return read;
}

/** Reads every named element at once. */
export function readAll<N extends DataElementName>(names: readonly N[], host?: HostEntry | null): Record<N, unknown> {
  const read = reader(host);
  return Object.fromEntries(names.map((n) => [n, read(n)])) as Record<N, unknown>;
}

/** Resets everything a test may have changed in the shared window. */
export function resetWindow(): void {
  clearCookies();
  resetDataLayer();
  restoreNavigator();
  setReferrer('');
  localStorage.clear();
  sessionStorage.clear();
}
