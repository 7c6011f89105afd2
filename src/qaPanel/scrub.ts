/**
 * The panel shows nothing personal that a beacon would not carry (requirements QA-3): every text it was given that did
 * not come from a beacon (log lines, data-layer items, personalization details) goes through the
 * same scrubbing as a beacon's values first. Beacons themselves are shown as they left.
 */
import { snapshot } from '../engine/snapshot';
import { redactText, redactUrl } from '../privacy';

/** How deep and how many values a shown object keeps: the panel is for reading, not a dump. */
const MAX_DEPTH = 6;
const MAX_VALUES = 500;

export function scrubText(text: string): string {
  return /^https?:\/\//i.test(text) ? redactUrl(text) : redactText(text);
}

/**
 * A copy of `value` fit to show: strings scrubbed, objects copied as the engine copies a data-layer
 * item (no cycle, no getter that throws), functions and nodes named rather than shown.
 */
export function scrubValue(value: unknown): unknown {
  let left = MAX_VALUES;
  const visit = (item: unknown, depth: number): unknown => {
    if (--left < 0) return '…';
    if (typeof item === 'string') return scrubText(item);
    if (item === null || typeof item === 'number' || typeof item === 'boolean' || item === undefined) return item;
    if (item instanceof Error) return scrubText(item.message);
    if (typeof item !== 'object') return `[${typeof item}]`;
    if (depth >= MAX_DEPTH) return '…';
    if (Array.isArray(item)) return item.slice(0, 100).map((each) => visit(each, depth + 1));
    const copy = snapshot(item)?.value;
    if (!copy) return `[${Object.prototype.toString.call(item).slice(8, -1)}]`;
    return Object.fromEntries(Object.entries(copy).map(([key, each]) => [scrubText(key), visit(each, depth + 1)]));
  };
  return visit(value, 0);
}

/** One line of text for a value: a string as it is, anything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
