/**
 * History changes of single-page apps: pushState, replaceState, popstate and hashchange.
 * Several of these fire for one navigation, so a change is reported only when the address
 * actually changed.
 */
import type { Dispatcher } from '../dispatcher';
import type { Logger } from '../types';

/** Watches the address once some rule listens for history changes; call again after adding rules. */
export function attachHistory(dispatcher: Dispatcher, log: Logger): () => void {
  let attached = false;
  const attach = () => {
    if (attached || !dispatcher.triggers('historyChange').length) return;
    attached = true;
    watch(dispatcher, log);
  };
  attach();
  return attach;
}

function watch(dispatcher: Dispatcher, log: Logger): void {
  let lastUrl = location.href;
  const check = (cause: string) => {
    try {
      const url = location.href;
      if (url === lastUrl) return;
      const oldUrl = lastUrl;
      lastUrl = url;
      dispatcher.dispatch('historyChange', { detail: Object.freeze({ cause, oldUrl, newUrl: url }) });
    } catch (error) {
      log.error('History change handling failed:', error);
    }
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    // Wrapping keeps the page's own call and return value untouched; ours runs after it.
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      check(method);
      return result;
    };
  }
  addEventListener('popstate', () => check('popstate'));
  addEventListener('hashchange', () => check('hashchange'));
}
