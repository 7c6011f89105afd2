/**
 * Shared test helpers for the engine tests: a logger that records what the engine logs,
 * small rule/container builders, and probes for errors that would reach the host page.
 */
import { vi } from 'vitest';
import type { ToggleableLogger } from '../../src/engine/logger';
import type { Action, Condition, Rule, RuleContext } from '../../src/engine/types';

// Captured at import, before any test installs fake timers.
const realSetTimeout = globalThis.setTimeout;

export type LogLevel = 'log' | 'info' | 'warn' | 'error';

export interface RecordingLogger extends ToggleableLogger {
  entries: Array<{ level: LogLevel; text: string }>;
  /** Lines of one level, each joined into one string. */
  lines(level: LogLevel): string[];
}

/** A logger that keeps every line (whether or not it is enabled) so tests can read them. */
export function recordingLogger(): RecordingLogger {
  let on = false;
  const entries: RecordingLogger['entries'] = [];
  const write =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      entries.push({ level, text: args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ') });
    };
  return {
    entries,
    lines: (level) => entries.filter((e) => e.level === level).map((e) => e.text),
    get enabled() {
      return on;
    },
    setEnabled(value) {
      on = value;
    },
    log: write('log'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    verbatim: (level, args) => write(level)(...args),
    group(heading, lines) {
      entries.push({ level: 'log', text: [heading, ...lines.map((l) => l.join(' '))].join('\n') });
    },
  };
}

export function action(name: string, run: (ctx: RuleContext) => unknown): Action {
  return { name, run };
}

export function condition(name: string, check: (ctx: RuleContext) => boolean | PromiseLike<boolean>, negate?: boolean): Condition {
  return negate === undefined ? { name, check } : { name, check, negate };
}

/** A rule whose single action appends `label` to `log` (and calls the optional body). */
export function recordingRule(
  label: string,
  events: Rule['events'],
  log: string[],
  extra: Partial<Omit<Rule, 'name' | 'events' | 'actions'>> & { body?: (ctx: RuleContext) => unknown } = {},
): Rule {
  const { body, ...rest } = extra;
  return {
    name: label,
    events,
    actions: [
      action(`${label} action`, (ctx) => {
        log.push(label);
        return body?.(ctx);
      }),
    ],
    ...rest,
  };
}

/** Lets every pending promise callback run (several rounds, for chains of then()). */
export async function flushMicrotasks(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

/**
 * Watches everything through which an error could reach the host page: `window.onerror`
 * (on the real jsdom window), 'error' listeners on window, 'unhandledrejection' on window and
 * Node's unhandledRejection (jsdom does not dispatch unhandledrejection itself).
 */
export function watchPageErrors() {
  const jsdomWindow = (globalThis as unknown as { jsdom: { window: Window } }).jsdom.window;
  const previousOnError = jsdomWindow.onerror;
  const onerror = vi.fn();
  const errorListener = vi.fn((event: Event) => event.preventDefault());
  const rejectionListener = vi.fn();
  const nodeRejection = vi.fn();
  jsdomWindow.onerror = onerror;
  window.addEventListener('error', errorListener);
  window.addEventListener('unhandledrejection', rejectionListener);
  process.on('unhandledRejection', nodeRejection);
  return {
    onerror,
    errorListener,
    rejectionListener,
    nodeRejection,
    total: () => onerror.mock.calls.length + errorListener.mock.calls.length + rejectionListener.mock.calls.length + nodeRejection.mock.calls.length,
    stop() {
      jsdomWindow.onerror = previousOnError;
      window.removeEventListener('error', errorListener);
      window.removeEventListener('unhandledrejection', rejectionListener);
      process.off('unhandledRejection', nodeRejection);
    },
  };
}

/** Wait for real macrotasks (Node's unhandledRejection is reported after a macrotask turn). */
export function realTick(ms = 0): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}

/**
 * A matchMedia that answers `(min-width:Npx)` and `(min-height:Npx)` as a viewport of `width` ×
 * `height` would (src/engine/viewport.ts asks nothing else), and the queries it was asked.
 */
export function viewportOf(width: number, height: number) {
  const asked: string[] = [];
  const matchMedia = (query: string) => {
    asked.push(query);
    const found = /^\(min-(width|height):(\d+)px\)$/.exec(query);
    if (!found) throw new Error(`unexpected query ${query}`);
    return { matches: Number(found[2]) <= (found[1] === 'width' ? width : height) } as MediaQueryList;
  };
  return { matchMedia, asked };
}
