/**
 * Console logging for QA. Silent unless switched on: a visitor's console stays clean, and a
 * tester turns it on with a query parameter that is remembered across pages.
 */
import { webStorage } from './storage';
import type { Logger } from './types';

/**
 * Reads `?{param}=true|1` (on) or `false|0` (off), remembers the choice in local storage under
 * `storageKey`, and returns whether logging is on for this page.
 */
export function debugSwitch(param: string, storageKey: string, search: string = location.search): boolean {
  const storage = webStorage('local');
  const asked = new URLSearchParams(search).get(param);
  if (asked === 'true' || asked === '1') storage.set(storageKey, 'true');
  else if (asked === 'false' || asked === '0') storage.remove(storageKey);
  return storage.get(storageKey) === 'true';
}

export interface ToggleableLogger extends Logger {
  setEnabled(on: boolean): void;
}

/**
 * `enabled` may be a function, asked once when first needed: the switch lives in local storage,
 * whose first access on a page costs milliseconds that the tag's first task must not spend.
 */
export function createLogger(prefix: string, enabled: boolean | (() => boolean)): ToggleableLogger {
  let known = typeof enabled === 'boolean' ? enabled : undefined;
  const isOn = () => (known ??= (enabled as () => boolean)());
  // The host page may have replaced or removed console methods; logging must never throw.
  const write = (method: 'log' | 'info' | 'warn' | 'error', args: unknown[]) => {
    if (!isOn()) return;
    try {
      console[method](prefix, ...args);
    } catch {
      /* a broken console is the page's business */
    }
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
    group(heading, lines) {
      if (!isOn()) return;
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
    },
  };
}
