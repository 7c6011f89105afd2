/**
 * `window.adobeDataLayer`: an array the page pushes objects to, before or after the tag loads.
 * Pushed objects are seen as data-layer-push events, and their data (everything but `event`
 * and `eventInfo`) merges into a state that data elements read by path, as in Adobe's Client
 * Data Layer. Each item is copied once (`snapshot`), when the tag first sees it: rules and the
 * state see that copy, so a cyclic, throwing or huge item costs one bounded copy and changes no
 * other value, and a read costs the length of its path.
 */
import type { Dispatcher } from './dispatcher';
import { isPlain, snapshot, type Plain } from './snapshot';
import type { Logger, Rule } from './types';

const isPlainObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

function layer(): unknown[] {
  const w = window as { adobeDataLayer?: unknown };
  if (!Array.isArray(w.adobeDataLayer)) w.adobeDataLayer = [];
  return w.adobeDataLayer as unknown[];
}

function merge(into: Plain, from: Plain): void {
  for (const key of Object.keys(from)) {
    const value = from[key];
    // Objects of a snapshot are plain copies; anything else in it (a Date, a node) is a value.
    if (!isPlainObject(value) || !isPlain(value)) {
      into[key] = value;
      continue;
    }
    const current = into[key];
    const target: Plain = isPlainObject(current) ? current : (into[key] = {});
    merge(target, value);
  }
}

/** The copies of `items[0 .. copies.length - 1]` (undefined: not an object) and the state merged from them. */
let seen: { items: unknown[]; copies: Array<Readonly<Plain> | undefined>; state: Plain } | undefined;
let log: Logger | undefined;

/** Copies and merges the items pushed since the last call; returns the copies of all items. */
function catchUp(): ReadonlyArray<Readonly<Plain> | undefined> {
  const items = layer();
  // Start over only when the page replaced or shortened the array.
  if (!seen || seen.items !== items || seen.copies.length > items.length) seen = { items, copies: [], state: {} };
  while (seen.copies.length < items.length) {
    const item = items[seen.copies.length];
    const copy = snapshot(item);
    seen.copies.push(copy && Object.freeze(copy.value));
    if (!copy) {
      log?.warn('Ignored a data-layer push that is not an object:', item);
      continue;
    }
    if (copy.omitted.length) log?.warn(`Data-layer push copied without ${copy.omitted.slice(0, 5).join(', ')}.`);
    const { event: _event, eventInfo: _eventInfo, ...data } = copy.value;
    merge(seen.state, data);
  }
  return seen.copies;
}

/** A value of the merged data-layer state, by dotted path (`page.title`, `user.loginStatus`). */
export function readDataLayer(path: string): unknown {
  let value: unknown = (catchUp(), seen!.state);
  for (const key of path.split('.')) value = isPlainObject(value) ? value[key] : undefined;
  return value;
}

/**
 * Dispatches every pushed item, those pushed before the tag loaded first. Call the returned
 * function with rules added later: they see the items pushed so far, then every new one.
 */
export function attachDataLayer(dispatcher: Dispatcher, logger: Logger): (added: ReadonlySet<Rule>) => void {
  log = logger;
  let attached = false;
  const handle = (item: Readonly<Plain> | undefined, only?: ReadonlySet<Rule>) => {
    if (!item) return;
    try {
      const name = typeof item.event === 'string' ? item.event : undefined;
      dispatcher.dispatch('dataLayerPush', { detail: item }, (trigger) => (!trigger.event || trigger.event === name ? null : false), only);
    } catch (error) {
      logger.error('Data-layer push handling failed:', error);
    }
  };
  const attach = (only?: ReadonlySet<Rule>) => {
    if (!dispatcher.triggers('dataLayerPush').length) return;
    if (attached) {
      catchUp().forEach((item) => handle(item, only));
      return;
    }
    attached = true;
    const items = layer();
    const push = items.push;
    items.push = function (this: unknown[], ...pushed: unknown[]) {
      const length = push.apply(this, pushed);
      // The copies of what this call added: catchUp has copied everything before it already.
      const copies = this === items && pushed.length ? catchUp().slice(-pushed.length) : [];
      copies.forEach((item) => handle(item));
      return length;
    };
    catchUp().forEach((item) => handle(item));
  };
  attach();
  return attach;
}
