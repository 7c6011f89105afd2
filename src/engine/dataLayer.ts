/**
 * `window.adobeDataLayer`: an array the page pushes objects to, before or after the tag loads.
 * Pushed objects are seen as data-layer-push events, and their data (everything but `event`
 * and `eventInfo`) merges into a state that data elements read by path, as in Adobe's Client
 * Data Layer.
 */
import type { Dispatcher } from './dispatcher';
import type { Logger, Rule } from './types';

type Item = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function layer(): unknown[] {
  const w = window as { adobeDataLayer?: unknown };
  if (!Array.isArray(w.adobeDataLayer)) w.adobeDataLayer = [];
  return w.adobeDataLayer as unknown[];
}

function merge(into: Item, from: Item): void {
  for (const key of Object.keys(from)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const value = from[key];
    if (!isPlainObject(value)) {
      into[key] = value;
      continue;
    }
    // Copy rather than alias, so the page mutating an object it pushed does not rewrite history.
    const current = into[key];
    const target: Item = isPlainObject(current) ? current : (into[key] = {});
    merge(target, value);
  }
}

/** The state merged from `items[0 .. merged - 1]`; new items are merged on top as they arrive. */
let cached: { items: unknown[]; merged: number; state: Item } | undefined;

/** A value of the merged data-layer state, by dotted path (`page.title`, `user.loginStatus`). */
export function readDataLayer(path: string): unknown {
  const items = layer();
  // Start over only when the page replaced or shortened the array; otherwise merge just the new
  // items, so that an object the page mutates after pushing it never rewrites the state.
  if (!cached || cached.items !== items || cached.merged > items.length) cached = { items, merged: 0, state: {} };
  for (; cached.merged < items.length; cached.merged++) {
    const item = items[cached.merged];
    if (!isPlainObject(item)) continue;
    const { event: _event, eventInfo: _eventInfo, ...data } = item;
    merge(cached.state, data);
  }
  let value: unknown = cached.state;
  for (const key of path.split('.')) value = isPlainObject(value) ? value[key] : undefined;
  return value;
}

/**
 * Dispatches every pushed item, those pushed before the tag loaded first. Call the returned
 * function with rules added later: they see the items pushed so far, then every new one.
 */
export function attachDataLayer(dispatcher: Dispatcher, log: Logger): (added: ReadonlySet<Rule>) => void {
  let items: unknown[] | undefined;
  const handle = (item: unknown, only?: ReadonlySet<Rule>) => {
    try {
      if (!isPlainObject(item)) {
        log.warn('Ignored a data-layer push that is not an object:', item);
        return;
      }
      const name = typeof item.event === 'string' ? item.event : undefined;
      dispatcher.dispatch('dataLayerPush', { detail: Object.freeze({ ...item }) }, (trigger) =>
        !trigger.event || trigger.event === name ? null : false,
      only);
    } catch (error) {
      log.error('Data-layer push handling failed:', error);
    }
  };
  const attach = (only?: ReadonlySet<Rule>) => {
    if (!dispatcher.triggers('dataLayerPush').length) return;
    if (items) {
      items.forEach((item) => handle(item, only));
      return;
    }
    const layerItems = (items = layer());
    const earlier = layerItems.slice();
    const push = layerItems.push;
    layerItems.push = function (this: unknown[], ...pushed: unknown[]) {
      const length = push.apply(this, pushed);
      pushed.forEach((item) => handle(item));
      return length;
    };
    earlier.forEach((item) => handle(item));
  };
  attach();
  return attach;
}
