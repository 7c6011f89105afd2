/**
 * One browser tab kept from one `open` to the next and reset in between to what a fresh context
 * gives: no cookies, web storage or cache, no routes, init scripts, listeners or offline switch of
 * the test before.
 * On this 2-core machine a fresh context and its first load cost about 1.2 s of CPU, a load in a
 * kept tab 0.4 s, and the end-to-end suite is CPU-bound. A test that changes what a reset cannot
 * undo (the viewport, media emulation, exposed functions, a closed page, another tab, ...) makes the
 * next `take` start a fresh context instead.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** Calls whose effect outlives a reset; a property of the same name counts when it is read. */
const PAGE_KEEPS = new Set([
  'addLocatorHandler',
  'bringToFront',
  'close',
  'emulateMedia',
  'exposeBinding',
  'exposeFunction',
  'pause',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultNavigationTimeout',
  'setDefaultTimeout',
  'setExtraHTTPHeaders',
  'setViewportSize',
  'clock',
  'coverage',
  'screencast',
  'webmcp',
]);
const CONTEXT_KEEPS = new Set([
  'close',
  'exposeBinding',
  'exposeFunction',
  'grantPermissions',
  'newCDPSession',
  'newPage',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultNavigationTimeout',
  'setDefaultTimeout',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
  'setStorageState',
  'clock',
  'tracing',
  'request',
]);
const LISTEN = new Set(['on', 'once', 'addListener', 'prependListener']);

export interface Tab {
  page: Page;
  context: BrowserContext;
}

interface Kept {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** What the tab is handed out as: the page and context, watched. */
  watched: Tab;
  /** Undoes, in order, the init scripts, listeners and offline switch added since the last reset. */
  undo: Array<() => unknown>;
  /** Origins documents were loaded from since the last reset: their storage is cleared. */
  origins: Set<string>;
  /** Something was changed that a reset cannot undo. */
  spoiled: boolean;
}

type Listen = (event: string, listener: (...args: unknown[]) => unknown) => unknown;

/**
 * The object as tests see it: every init script, listener and offline switch recorded for the
 * reset to undo, every call it cannot undo noted.
 */
function watch<T extends Page | BrowserContext>(target: T, keeps: Set<string>, kept: Kept, extra: Partial<Record<string, unknown>> = {}): T {
  const proxy: T = new Proxy(target, {
    get(object, key) {
      if (typeof key !== 'string') return Reflect.get(object, key, object);
      if (keeps.has(key)) kept.spoiled = true;
      if (key in extra) return extra[key];
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      if (key === 'addInitScript') {
        return async (...args: unknown[]) => {
          const script = (await value.apply(object, args)) as { dispose(): Promise<void> };
          kept.undo.push(() => script.dispose());
          return script;
        };
      }
      if (key === 'setOffline') {
        return async (offline: boolean) => {
          await value.call(object, offline);
          kept.undo.push(() => (object as BrowserContext).setOffline(false));
        };
      }
      if (LISTEN.has(key)) {
        return (event: string, listener: (...args: unknown[]) => unknown) => {
          (value as Listen).call(object, event, listener);
          kept.undo.push(() => (object.off as Listen)(event, listener));
          return proxy;
        };
      }
      return value.bind(object);
    },
  });
  return proxy;
}

async function fresh(browser: Browser): Promise<Kept> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const kept: Kept = { context, page, cdp, watched: { context, page }, undo: [], origins: new Set(), spoiled: false };
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && url.protocol.startsWith('http')) kept.origins.add(url.origin);
  });
  const watchedContext = watch(context, CONTEXT_KEEPS, kept);
  kept.watched = { context: watchedContext, page: watch(page, PAGE_KEEPS, kept, { context: () => watchedContext }) };
  return kept;
}

async function reset(kept: Kept): Promise<void> {
  const { context, page, cdp } = kept;
  for (const undo of kept.undo.splice(0)) await undo();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const other of context.pages()) if (other !== page) await other.close();
  await page.goto('about:blank');
  await page.mouse.move(0, 0);
  for (const origin of kept.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  kept.origins.clear();
  await context.clearCookies();
  await cdp.send('Network.clearBrowserCache');
  await page.clearConsoleMessages();
  await page.clearPageErrors();
}

export interface ReusableTab {
  /** A clean tab on about:blank: the kept one reset, or a fresh context's when it cannot be. */
  take(): Promise<Tab>;
}

export function reusableTab(browser: Browser): ReusableTab {
  let kept: Kept | undefined;
  return {
    async take() {
      if (kept && !kept.spoiled && !kept.page.isClosed()) {
        try {
          await reset(kept);
          return kept.watched;
        } catch {
          // A page that hangs or crashed: a fresh context instead.
        }
      }
      await kept?.context.close().catch(() => undefined);
      kept = await fresh(browser);
      return kept.watched;
    },
  };
}
