/**
 * Console logging for QA. Silent unless switched on: a visitor's console stays clean, and a
 * tester turns it on with a query parameter that is remembered across pages.
 */
import { webStorage } from './storage';
import type { Logger } from './types';

/** `?logdtm=panel`: the log, and the QA panel (tag-panel.js) on every page of the visit (requirements QA-1). */
const PANEL = 'panel';

/** A line of the log or a beacon's step, as the QA panel reads it: `source` is a logger's prefix or 'beacon'. */
export interface FeedEntry {
  source: string;
  /** A console method, 'group', or for a beacon its state ('fetch', 'held', 'queued', or an outcome). */
  method: string;
  at: number;
  args: unknown[];
}

/**
 * What the QA panel shows, kept from the moment the panel is asked for, before it has loaded: an
 * array the panel takes over (it hears each later entry). Undefined without the panel.
 */
export let qaFeed: FeedEntry[] | undefined;

/** What a failure says, for the log: an Error's message, or whatever else was thrown. */
export const reason = (error: unknown) => (error instanceof Error ? error.message : error);

export function toFeed(source: string, method: string, args: unknown[]): void {
  qaFeed?.push({ source, method, at: Date.now(), args });
}

/**
 * Reads `?{param}=true|1` (on), `panel` (on, with the QA panel) or `false|0` (off), remembers the
 * choice in local storage under `storageKey`, and returns whether logging is on for this page.
 */
export function debugSwitch(param: string, storageKey: string, search: string = location.search): boolean {
  const storage = webStorage('local');
  const asked = new URLSearchParams(search).get(param);
  if (asked === 'true' || asked === '1' || asked === PANEL) storage.set(storageKey, asked === PANEL ? PANEL : 'true');
  else if (asked === 'false' || asked === '0') storage.remove(storageKey);
  const kept = storage.get(storageKey);
  if (kept === PANEL) qaFeed ??= [];
  return kept === 'true' || kept === PANEL;
}

/**
 * The texts of numbered messages: the build writes each logger call that has its text in the
 * source as a number and the text's values (scripts/logMessages.ts), and the texts come with
 * tag-debug.js. Each message is the text around its values.
 */
export type MessageTexts = ReadonlyArray<readonly string[]>;

let loadTexts: (() => Promise<MessageTexts>) | undefined;
let texts: MessageTexts | undefined;
/** Lines written while the texts load, in order: every logger waits behind them. */
let waiting: Array<() => void> | undefined;

/** How the loggers get the texts of numbered messages, the first time one is shown. */
export function setMessageSource(load: () => Promise<MessageTexts>): void {
  loadTexts = load;
}

/** A numbered message as words for the console: its text with its values in, then the other arguments. */
function spelled(args: unknown[]): unknown[] {
  const number = args[0];
  if (typeof number !== 'number') return args;
  const parts = texts?.[number];
  if (!parts) return [`(message ${number})`, ...args.slice(1)];
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i++) text += String(args[i]) + parts[i];
  return [text, ...args.slice(parts.length)];
}

/** Shows `line` now, or after the lines already waiting; a numbered message first waits for the texts. */
function inOrder(line: () => void, numbered: boolean): void {
  if (waiting) {
    waiting.push(line);
    return;
  }
  if (!numbered || texts || !loadTexts) return line();
  const lines = (waiting = [line]);
  loadTexts()
    .then((loaded) => void (texts = loaded))
    .catch(() => void (texts = []))
    .then(() => {
      waiting = undefined;
      for (const each of lines) each();
    });
}

export interface ToggleableLogger extends Logger {
  setEnabled(on: boolean): void;
  /** Writes the page's own arguments as they are (`_satellite.logger`): a leading number is no message number. */
  verbatim(method: 'log' | 'info' | 'warn' | 'error', args: unknown[]): void;
}

/**
 * `enabled` may be a function, asked once when first needed: the switch lives in local storage,
 * whose first access on a page costs milliseconds that the tag's first task must not spend.
 */
export function createLogger(prefix: string, enabled: boolean | (() => boolean)): ToggleableLogger {
  let known = typeof enabled === 'boolean' ? enabled : undefined;
  const isOn = () => (known ??= (enabled as () => boolean)());
  // The host page may have replaced or removed console methods; logging must never throw.
  const write = (method: 'log' | 'info' | 'warn' | 'error', args: unknown[], numbered = true) => {
    // Asked first: reading the switch is what starts the panel's feed.
    const on = isOn();
    // The page's own lines (_satellite.logger) are told apart: a leading number there is no message number.
    toFeed(numbered ? prefix : '_satellite', method, args);
    if (!on) return;
    const isNumbered = numbered && typeof args[0] === 'number';
    inOrder(() => {
      try {
        console[method](prefix, ...(isNumbered ? spelled(args) : args));
      } catch {
        /* a broken console is the page's business */
      }
    }, isNumbered);
  };
  return {
    get enabled() {
      return isOn();
    },
    setEnabled(value) {
      known = value;
    },
    log: (...args) => write('log', args),
    info: (...args) => write('info', args),
    warn: (...args) => write('warn', args),
    error: (...args) => write('error', args),
    verbatim: (method, args) => write(method, args, false),
    group(heading, lines) {
      const on = isOn();
      toFeed(prefix, 'group', [heading, lines]);
      if (!on) return;
      inOrder(() => {
        try {
          console.groupCollapsed(`${prefix} ${heading}`);
          try {
            for (const line of lines) console.log(...line);
          } finally {
            // Never leave a group open: the page's own console output would end up inside it.
            console.groupEnd();
          }
        } catch {
          /* as above */
        }
      }, false);
    },
  };
}
