import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataElementResolver } from '../../../src/engine/dataElements';
import { createDispatcher } from '../../../src/engine/dispatcher';
import { attachHistory } from '../../../src/engine/sources/history';
import type { Rule } from '../../../src/engine/types';
import { action, realTick, recordingLogger } from '../helpers';

type Change = { cause: string; oldUrl: string; newUrl: string };

function attach(rules: Rule[]) {
  const log = recordingLogger();
  const dispatcher = createDispatcher(rules, createDataElementResolver([], log), log, () => true);
  attachHistory(dispatcher, log);
  return log;
}

function recorder(seen: Change[]): Rule {
  return { name: 'history', events: [{ type: 'historyChange' }], actions: [action('record', (ctx) => seen.push(ctx.event.detail as Change))] };
}

/** Waits until jsdom has delivered the hashchange of a fragment navigation. */
function nextHashChange(): Promise<void> {
  return new Promise((resolve) => addEventListener('hashchange', () => realTick(5).then(resolve), { once: true }));
}

function restoreHistory() {
  // attachHistory installs own-property wrappers; the originals live on History.prototype.
  delete (history as unknown as Record<string, unknown>).pushState;
  delete (history as unknown as Record<string, unknown>).replaceState;
}

const origin = location.origin;

beforeEach(() => {
  restoreHistory();
  history.replaceState(null, '', '/start');
});

afterEach(() => {
  restoreHistory();
  history.replaceState(null, '', '/');
});

// popstate/hashchange listeners of earlier tests stay on window, but their dispatchers hold
// earlier tests' rules, so each test counts only into its own array.
describe('historyChange', () => {
  it('pushState to a new URL gives one change with the cause and both URLs', () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    history.pushState({ n: 1 }, '', '/next?q=1');
    expect(seen).toEqual([{ cause: 'pushState', oldUrl: `${origin}/start`, newUrl: `${origin}/next?q=1` }]);
  });

  it('the page pushState still works: the URL and state change and its return value comes back', () => {
    const seen: Change[] = [];
    const marker = { returned: true };
    // A wrapper another library installed earlier; ours must keep its return value and `this`.
    const underlying = History.prototype.pushState;
    const libraryWrapper = vi.fn(function (this: History, ...args: Parameters<History['pushState']>) {
      underlying.apply(this, args);
      return marker as unknown as undefined;
    });
    history.pushState = libraryWrapper;
    attach([recorder(seen)]);
    const result = history.pushState({ page: 2 }, '', '/two');
    expect(result).toBe(marker);
    expect(libraryWrapper).toHaveBeenCalledWith({ page: 2 }, '', '/two');
    expect(libraryWrapper.mock.contexts[0]).toBe(history);
    expect(location.pathname).toBe('/two');
    expect(history.state).toEqual({ page: 2 });
    expect(seen).toHaveLength(1);
  });

  it('pushState or replaceState to the same URL gives no change', () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    history.pushState({ a: 1 }, '', '/start');
    history.replaceState({ a: 2 }, '', '/start');
    history.replaceState({ a: 3 }, '');
    expect(seen).toEqual([]);
    expect(history.state).toEqual({ a: 3 });
  });

  it('replaceState to a new URL gives one change', () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    history.replaceState(null, '', '/replaced');
    expect(seen).toEqual([{ cause: 'replaceState', oldUrl: `${origin}/start`, newUrl: `${origin}/replaced` }]);
  });

  it('several calls give one change per actual URL change', () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    history.pushState(null, '', '/a');
    history.replaceState(null, '', '/a');
    history.pushState(null, '', '/b');
    history.pushState(null, '', '/b');
    history.replaceState(null, '', '/a');
    expect(seen.map((c) => [c.cause, new URL(c.newUrl).pathname])).toEqual([
      ['pushState', '/a'],
      ['pushState', '/b'],
      ['replaceState', '/a'],
    ]);
  });

  it('a fragment navigation fires popstate and hashchange but gives one change', async () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    const events: string[] = [];
    const onPop = () => events.push('popstate');
    const onHash = () => events.push('hashchange');
    addEventListener('popstate', onPop);
    addEventListener('hashchange', onHash);
    try {
      const arrived = nextHashChange();
      location.hash = '#section';
      await arrived;
      expect(events).toEqual(['popstate', 'hashchange']);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.newUrl).toBe(`${origin}/start#section`);
      expect(seen[0]!.oldUrl).toBe(`${origin}/start`);
    } finally {
      removeEventListener('popstate', onPop);
      removeEventListener('hashchange', onHash);
    }
  });

  it('a hashchange event alone (address already changed) is reported once, a repeated one not again', () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    History.prototype.replaceState.call(history, null, '', '/start#silent');
    dispatchEvent(new HashChangeEvent('hashchange'));
    dispatchEvent(new HashChangeEvent('hashchange'));
    dispatchEvent(new PopStateEvent('popstate'));
    expect(seen).toEqual([{ cause: 'hashchange', oldUrl: `${origin}/start`, newUrl: `${origin}/start#silent` }]);
  });

  it('back navigation (popstate) gives one change', async () => {
    const seen: Change[] = [];
    attach([recorder(seen)]);
    history.pushState(null, '', '/forward');
    expect(seen).toHaveLength(1);
    const popped = new Promise<void>((resolve) => addEventListener('popstate', () => realTick(5).then(resolve), { once: true }));
    history.back();
    await popped;
    expect(location.pathname).toBe('/start');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ cause: 'popstate', oldUrl: `${origin}/forward`, newUrl: `${origin}/start` });
  });

  it('leaves history untouched when no rule listens for history changes', () => {
    attach([{ name: 'r', events: [{ type: 'pageBottom' }], actions: [] }]);
    expect(Object.getOwnPropertyDescriptor(history, 'pushState')).toBeUndefined();
    expect(history.pushState).toBe(History.prototype.pushState);
  });

  it('a failing history rule does not break the page pushState', () => {
    const log = attach([
      {
        name: 'bad',
        events: [{ type: 'historyChange' }],
        actions: [
          action('boom', () => {
            throw new Error('x');
          }),
        ],
      },
    ]);
    expect(() => history.pushState(null, '', '/safe')).not.toThrow();
    expect(location.pathname).toBe('/safe');
    expect(log.lines('error')).toHaveLength(1);
  });
});
