/**
 * Data-element resolution. A value is computed at most once per event (the event's scope
 * caches it), references between elements are bounded in depth so that a circular definition
 * ends with a log line instead of a stack overflow, and storage durations keep the last
 * non-empty value for the page view, the session or the visitor.
 */
import { reason } from './logger';
import { webStorage } from './storage';
import type { DataElement, EventContext, Logger } from './types';

export const MAX_REFERENCE_DEPTH = 10;
const STORAGE_PREFIX = 'tag.de.';

/** One event's view of the data elements. */
export interface Scope {
  readonly event?: EventContext;
  readonly cache: Map<string, unknown>;
}

export interface DataElementResolver {
  /** Resolves a data element, a custom var or a built-in (`this.x`, `event.x`, `target.x`). */
  getVar(name: string, scope?: Scope): unknown;
  setVar(name: string, value: unknown): void;
  has(name: string): boolean;
  /** Defines more data elements after start (those of rules loaded on demand). */
  add(definitions: DataElement[]): void;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function readPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const key of path.split('.')) {
    if (value === null || value === undefined) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function builtIn(name: string, event: EventContext | undefined): unknown {
  const dot = name.indexOf('.');
  if (dot < 0 || !event) return undefined;
  const root = name.slice(0, dot);
  const rest = name.slice(dot + 1);
  if (root === 'this') return readPath(event.element, rest);
  if (root === 'target') return readPath(event.target, rest);
  if (root === 'event') return readPath(event, rest);
  return undefined;
}

function shape(definition: DataElement, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let text = definition.cleanText ? value.replace(/\s+/g, ' ').trim() : value;
  if (definition.forceLowerCase) text = text.toLowerCase();
  return text;
}

export function createDataElementResolver(definitions: DataElement[], log: Logger): DataElementResolver {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const custom = new Map<string, unknown>();
  const pageViewValues = new Map<string, unknown>();
  const session = webStorage('session');
  const local = webStorage('local');

  const stored = (definition: DataElement): unknown => {
    const key = STORAGE_PREFIX + definition.name;
    switch (definition.storage) {
      case 'pageview':
        return pageViewValues.get(definition.name);
      case 'session':
        return session.getJSON(key);
      case 'visitor':
        return local.getJSON(key);
      default:
        return undefined;
    }
  };
  const store = (definition: DataElement, value: unknown) => {
    const key = STORAGE_PREFIX + definition.name;
    if (definition.storage === 'pageview') pageViewValues.set(definition.name, value);
    else if (definition.storage === 'session') session.setJSON(key, value);
    else if (definition.storage === 'visitor') local.setJSON(key, value);
  };

  const compute = (definition: DataElement, scope: Scope, depth: number): unknown => {
    let value: unknown;
    try {
      value = shape(definition, definition.get({ event: scope.event, getVar: (name) => resolve(name, scope, depth + 1) }));
    } catch (error) {
      log.error(`Data element "${definition.name}" failed:`, reason(error));
    }
    if (!isEmpty(value)) store(definition, value);
    else value = stored(definition);
    return isEmpty(value) ? definition.defaultValue : value;
  };

  const resolve = (name: string, scope: Scope, depth: number): unknown => {
    const definition = byName.get(name);
    // Custom vars, built-ins and cached values cannot recurse: only computing a data element counts.
    if (!definition) return custom.has(name) ? custom.get(name) : builtIn(name, scope.event);
    if (scope.cache.has(name)) return scope.cache.get(name);
    if (depth > MAX_REFERENCE_DEPTH) {
      log.error(`Data element "${name}" is nested more than ${MAX_REFERENCE_DEPTH} deep (circular reference?); using no value.`);
      return undefined;
    }
    const value = compute(definition, scope, depth);
    scope.cache.set(name, value);
    return value;
  };

  return {
    // Outside an event (e.g. _satellite.getVar from the page) every read computes afresh.
    getVar: (name, scope) => resolve(name, scope ?? { cache: new Map() }, 0),
    setVar: (name, value) => {
      custom.set(name, value);
    },
    has: (name) => byName.has(name) || custom.has(name),
    add: (added) => added.forEach((d) => byName.set(d.name, d)),
  };
}
