/**
 * `window._satellite`, Launch-compatible. A page may call it before the tag has loaded through
 * the README's one-line queue, which keeps calls in `_satellite.q`; they are replayed here
 * in the order they were made.
 */
import { cookies } from './cookies';
import type { DataElementResolver } from './dataElements';
import type { ToggleableLogger } from './logger';
import { webStorage } from './storage';

export interface BuildInfo {
  turbineVersion: string;
  turbineBuildDate: string;
  buildDate: string;
  environment: string;
}

/** Launch's cookie options: `expires` in days. */
interface SatelliteCookieOptions {
  expires?: number;
  path?: string;
  domain?: string;
}

export interface Satellite {
  track(identifier: string, detail?: unknown): void;
  getVar(name: string): unknown;
  setVar(name: string | Record<string, unknown>, value?: unknown): void;
  logger: Pick<ToggleableLogger, 'log' | 'info' | 'warn' | 'error'>;
  setDebug(on: boolean): void;
  cookie: {
    get(name: string): string | undefined;
    set(name: string, value: string, options?: SatelliteCookieOptions): void;
    remove(name: string, options?: Omit<SatelliteCookieOptions, 'expires'>): void;
  };
  pageBottom(): void;
  buildInfo: BuildInfo;
  environment: { stage: string };
}

type QueuedCall = [method: string, args: ArrayLike<unknown>];

export interface SatelliteOptions {
  resolver: DataElementResolver;
  logger: ToggleableLogger;
  /** Local-storage key that remembers the debug switch for the visit. */
  debugStorageKey: string;
  buildInfo: BuildInfo;
  track(identifier: string, detail?: unknown): void;
  pageBottom(): void;
}

export function createSatellite(options: SatelliteOptions): Satellite {
  const { resolver, logger } = options;
  return {
    track: (identifier, detail) => {
      if (typeof identifier !== 'string' || !identifier) {
        logger.warn('_satellite.track needs an identifier string; got', identifier);
        return;
      }
      options.track(identifier, detail);
    },
    getVar: (name) => resolver.getVar(name),
    setVar: (name, value) => {
      if (typeof name === 'string') resolver.setVar(name, value);
      else if (name && typeof name === 'object') for (const [key, v] of Object.entries(name)) resolver.setVar(key, v);
    },
    logger: {
      log: (...args) => logger.verbatim('log', args),
      info: (...args) => logger.verbatim('info', args),
      warn: (...args) => logger.verbatim('warn', args),
      error: (...args) => logger.verbatim('error', args),
    },
    setDebug: (on) => {
      logger.setEnabled(Boolean(on));
      const storage = webStorage('local');
      if (on) storage.set(options.debugStorageKey, 'true');
      else storage.remove(options.debugStorageKey);
    },
    cookie: {
      get: (name) => cookies.get(name),
      set: (name, value, o = {}) => {
        cookies.set(name, String(value), { days: o.expires, path: o.path, domain: o.domain });
      },
      remove: (name, o = {}) => {
        cookies.remove(name, { path: o.path, domain: o.domain });
      },
    },
    pageBottom: () => options.pageBottom(),
    buildInfo: options.buildInfo,
    environment: { stage: options.buildInfo.environment },
  };
}

/** The calls the page's queue kept before the tag loaded, oldest first. */
export function takeQueuedCalls(earlySatellite: unknown): QueuedCall[] {
  const queue = (earlySatellite as { q?: unknown } | undefined)?.q;
  if (!Array.isArray(queue)) return [];
  return queue.filter((call): call is QueuedCall => Array.isArray(call) && typeof call[0] === 'string' && typeof call[1] === 'object' && call[1] !== null);
}

export function replayQueuedCalls(satellite: Satellite, calls: QueuedCall[], logger: ToggleableLogger): void {
  for (const [method, args] of calls) {
    const fn = (satellite as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') {
      logger.warn(`Queued _satellite.${method}() is not a _satellite method; skipped.`);
      continue;
    }
    try {
      (fn as (...a: unknown[]) => unknown)(...Array.from(args));
    } catch (error) {
      logger.error(`Replaying _satellite.${method}() failed:`, error);
    }
  }
}
