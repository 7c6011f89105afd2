/**
 * Runs in the benchmark page: starts the engine with 100 synthetic click rules of the shapes a
 * real container has (selectors shared by several rules, conditions that read data elements,
 * rules without a selector) and exposes a batch of clicks to time.
 */
import { createLogger } from '../src/engine/logger';
import { startRuntime } from '../src/engine/runtime';
import type { DataElement, Rule } from '../src/engine/types';

const selectors = [
  'a[href$=".pdf"]',
  'a[href^="http"]',
  'nav a',
  '.gc-most-requested a',
  'button',
  'details > summary',
  '[data-track]',
  'footer a',
  '.card a',
  'main a',
];

const dataElements: DataElement[] = [
  { name: 'linkText', get: (ctx) => ctx.event?.element?.textContent?.trim(), cleanText: true },
  { name: 'linkHref', get: (ctx) => ctx.event?.element?.getAttribute('href') ?? undefined },
  { name: 'pagePath', get: () => location.pathname },
];

let actionsRun = 0;
const rules: Rule[] = Array.from({ length: 100 }, (_, i) => ({
  name: `Synthetic rule ${i}`,
  order: i % 7 === 0 ? 40 : 50,
  events: [i % 10 === 9 ? { type: 'click' as const } : { type: 'click' as const, selector: selectors[i % selectors.length] }],
  conditions: [
    { name: 'has text', check: (ctx) => String(ctx.getVar('linkText') ?? '').length > 0 },
    { name: 'not a pdf', check: (ctx) => !String(ctx.getVar('linkHref') ?? '').endsWith(`.${i}`), negate: false },
  ],
  actions: [{ name: 'count', run: () => void actionsRun++ }],
}));

startRuntime({
  container: { dataElements, rules },
  logger: createLogger('[bench]', false),
  isTrackingAllowed: () => true,
  debugStorageKey: 'bench-debug',
  buildInfo: { turbineVersion: '28.0.0', turbineBuildDate: '', buildDate: '', environment: 'bench' },
});

(window as unknown as { benchActions: () => number }).benchActions = () => actionsRun;
