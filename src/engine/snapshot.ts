/**
 * A safe copy of what a page pushed: plain objects and arrays are copied (so the page changing
 * them later rewrites nothing), anything else is kept as the value it is. A cycle, a getter or
 * proxy that throws, or a key past the bounds is left out, so one bad item cannot break the
 * reading of any other, and copying a huge object costs a bounded amount of time.
 */

/** Nesting kept, as the engine bounds data-element references. */
export const MAX_SNAPSHOT_DEPTH = 10;
/** Keys and array entries copied per pushed item. */
export const MAX_SNAPSHOT_KEYS = 2000;

export type Plain = Record<string, unknown>;

export interface Snapshot {
  value: Plain;
  /** What was left out, for the log; empty when the copy is whole. */
  omitted: string[];
}

/** An object literal, of this window or another (a frame's): not a class instance, not a DOM node. */
export const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
};

/** The copy of `item`, or undefined when it is not a plain object or cannot be read at all. */
export function snapshot(item: unknown): Snapshot | undefined {
  const omitted: string[] = [];
  let keys = 0;
  const path: object[] = [];
  const copy = (value: unknown, where: string): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const array = Array.isArray(value);
    if (!array && !isPlain(value)) return value;
    if (path.includes(value) || path.length >= MAX_SNAPSHOT_DEPTH) {
      omitted.push(`${where} (${path.includes(value) ? 'cycle' : 'too deep'})`);
      return undefined;
    }
    path.push(value);
    const out: Plain | unknown[] = array ? [] : {};
    try {
      for (const key of Object.keys(value)) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
        if (++keys > MAX_SNAPSHOT_KEYS) {
          omitted.push(`${where} (over ${MAX_SNAPSHOT_KEYS} keys)`);
          break;
        }
        try {
          const inner = copy((value as Plain)[key], where ? `${where}.${key}` : key);
          if (inner !== undefined || !array) (out as Plain)[key] = inner;
        } catch {
          omitted.push(`${where ? `${where}.` : ''}${key} (throws)`);
        }
      }
    } catch {
      omitted.push(`${where || 'the item'} (cannot be listed)`);
    }
    path.pop();
    return out;
  };
  try {
    if (typeof item !== 'object' || item === null || Array.isArray(item) || !isPlain(item)) return undefined;
    return { value: copy(item, '') as Plain, omitted };
  } catch {
    return undefined;
  }
}
