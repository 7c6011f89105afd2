import { beforeEach, describe, expect, it } from 'vitest';
import { createDataElementResolver } from '../../src/engine/dataElements';
import { attachDataLayer, readDataLayer } from '../../src/engine/dataLayer';
import { createDispatcher } from '../../src/engine/dispatcher';
import type { Rule } from '../../src/engine/types';
import { action, recordingLogger, type RecordingLogger } from './helpers';

type W = { adobeDataLayer?: unknown };
const w = window as unknown as W;
let log: RecordingLogger;

beforeEach(() => {
  delete w.adobeDataLayer;
  log = recordingLogger();
});

function attach(rules: Rule[]) {
  const dispatcher = createDispatcher(rules, createDataElementResolver([], log), log, () => true);
  attachDataLayer(dispatcher, log);
  return dispatcher;
}

/** A rule that records what it saw; `event` filters like a data-layer-push trigger. */
function recorder(seen: unknown[], name: string, event?: string): Rule {
  return {
    name,
    events: [event === undefined ? { type: 'dataLayerPush' } : { type: 'dataLayerPush', event }],
    actions: [action('record', (ctx) => seen.push([name, ctx.event.detail]))],
  };
}

describe('attachDataLayer', () => {
  it('dispatches items pushed before start, in order, at start', () => {
    const early = [{ event: 'one' }, { page: { title: 'T' } }, { event: 'two', n: 2 }];
    w.adobeDataLayer = [...early];
    const seen: unknown[] = [];
    attach([recorder(seen, 'all')]);
    expect(seen).toEqual(early.map((item) => ['all', item]));
  });

  it('creates the array when the page has none, and dispatches later pushes', () => {
    const seen: unknown[] = [];
    attach([recorder(seen, 'all')]);
    expect(Array.isArray(w.adobeDataLayer)).toBe(true);
    const dl = w.adobeDataLayer as unknown[];
    dl.push({ event: 'later' });
    expect(seen).toEqual([['all', { event: 'later' }]]);
  });

  it('push still stores the items and returns the new length, and several items in one push are each dispatched', () => {
    w.adobeDataLayer = [{ a: 1 }];
    const seen: unknown[] = [];
    attach([recorder(seen, 'all')]);
    const dl = w.adobeDataLayer as unknown[];
    expect(dl.push({ event: 'x' })).toBe(2);
    expect(dl.push({ event: 'y' }, { event: 'z' })).toBe(4);
    expect([...dl]).toEqual([{ a: 1 }, { event: 'x' }, { event: 'y' }, { event: 'z' }]);
    expect(seen.map((s) => (s as [string, { event?: string }])[1].event)).toEqual([undefined, 'x', 'y', 'z']);
  });

  it('a trigger with an event name only matches pushes with that event', () => {
    const seen: unknown[] = [];
    w.adobeDataLayer = [{ event: 'cart' }, { event: 'other' }];
    attach([recorder(seen, 'cart only', 'cart'), recorder(seen, 'any')]);
    (w.adobeDataLayer as unknown[]).push({ event: 'cart', sku: 1 }, { noEvent: true });
    expect(seen).toEqual([
      ['cart only', { event: 'cart' }],
      ['any', { event: 'cart' }],
      ['any', { event: 'other' }],
      ['cart only', { event: 'cart', sku: 1 }],
      ['any', { event: 'cart', sku: 1 }],
      ['any', { noEvent: true }],
    ]);
  });

  it('ignores pushes that are not objects with a warning, before and after start', () => {
    w.adobeDataLayer = ['early string', { event: 'ok1' }];
    const seen: unknown[] = [];
    attach([recorder(seen, 'all')]);
    const dl = w.adobeDataLayer as unknown[];
    expect(dl.push(42, null, [1, 2], () => 'fn', { event: 'ok2' })).toBe(7);
    expect(seen).toEqual([
      ['all', { event: 'ok1' }],
      ['all', { event: 'ok2' }],
    ]);
    expect(log.lines('warn')).toHaveLength(5);
    expect(log.lines('warn')[0]).toContain('not an object');
  });

  it('gives rules a frozen copy of the item', () => {
    const seen: unknown[] = [];
    attach([recorder(seen, 'all')]);
    const item = { event: 'e', v: 1 };
    (w.adobeDataLayer as unknown[]).push(item);
    const detail = (seen[0] as [string, Record<string, unknown>])[1];
    expect(detail).toEqual(item);
    expect(detail).not.toBe(item);
    expect(Object.isFrozen(detail)).toBe(true);
  });

  it('a failing rule does not break the page push', () => {
    attach([
      {
        name: 'bad',
        events: [{ type: 'dataLayerPush' }],
        actions: [
          action('boom', () => {
            throw new Error('x');
          }),
        ],
      },
    ]);
    expect(() => (w.adobeDataLayer as unknown[]).push({ event: 'e' })).not.toThrow();
    expect((w.adobeDataLayer as unknown[]).length).toBe(1);
  });

  it('does not touch the array when no rule listens for data-layer pushes', () => {
    const dl: unknown[] = [];
    const nativePush = dl.push;
    w.adobeDataLayer = dl;
    attach([{ name: 'r', events: [{ type: 'pageBottom' }], actions: [] }]);
    expect(dl.push).toBe(nativePush);
  });
});

describe('readDataLayer', () => {
  it('merges the pushed state by path, nested objects merged, later values winning', () => {
    w.adobeDataLayer = [
      { page: { title: 'Home', lang: 'en', meta: { a: 1 } } },
      { user: { loginStatus: 'anon' } },
      { page: { title: 'About', meta: { b: 2 } } },
    ];
    expect(readDataLayer('page.title')).toBe('About');
    expect(readDataLayer('page.lang')).toBe('en');
    expect(readDataLayer('page.meta')).toEqual({ a: 1, b: 2 });
    expect(readDataLayer('user.loginStatus')).toBe('anon');
    expect(readDataLayer('user.missing.deeper')).toBeUndefined();
    expect(readDataLayer('nothing')).toBeUndefined();
  });

  it('leaves event and eventInfo out of the state', () => {
    w.adobeDataLayer = [{ event: 'pageView', eventInfo: { path: 'x' }, page: { title: 'T' } }];
    expect(readDataLayer('event')).toBeUndefined();
    expect(readDataLayer('eventInfo')).toBeUndefined();
    expect(readDataLayer('page.title')).toBe('T');
  });

  it('sees items pushed later (through the wrapped push) and replaces non-objects wholesale', () => {
    attach([{ name: 'r', events: [{ type: 'dataLayerPush' }], actions: [] }]);
    const dl = w.adobeDataLayer as unknown[];
    dl.push({ list: [1, 2], page: 'flat' });
    expect(readDataLayer('page')).toBe('flat');
    dl.push({ list: [3], page: { title: 'obj' } });
    expect(readDataLayer('list')).toEqual([3]);
    expect(readDataLayer('page.title')).toBe('obj');
  });

  it('a page array replaced by another of the same length is read afresh', () => {
    w.adobeDataLayer = [{ page: { title: 'First' } }];
    expect(readDataLayer('page.title')).toBe('First');
    w.adobeDataLayer = [{ page: { title: 'Second' } }];
    expect(readDataLayer('page.title')).toBe('Second');
  });

  it('the page mutating an object after pushing it does not rewrite the merged state, even after later pushes', () => {
    const pushed = { page: { title: 'Original', lang: 'en' } };
    w.adobeDataLayer = [pushed];
    expect(readDataLayer('page.title')).toBe('Original');
    pushed.page.title = 'Mutated';
    expect(readDataLayer('page.title')).toBe('Original');
    (w.adobeDataLayer as unknown[]).push({ page: { lang: 'fr' } });
    expect(readDataLayer('page.lang')).toBe('fr');
    expect(readDataLayer('page.title')).toBe('Original');
  });

  it('a page array that shrank (e.g. cleared) is read afresh', () => {
    const dl: unknown[] = [{ a: 1 }, { b: 2 }];
    w.adobeDataLayer = dl;
    expect(readDataLayer('b')).toBe(2);
    dl.length = 0;
    dl.push({ c: 3 });
    expect(readDataLayer('b')).toBeUndefined();
    expect(readDataLayer('c')).toBe(3);
  });

  it('a __proto__ (or constructor/prototype) key in a pushed object does not pollute Object.prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "yes"}, "page": {"__proto__": {"alsoPolluted": "yes"}, "title": "safe"}}');
    const hostile2 = JSON.parse('{"constructor": {"prototype": {"viaCtor": "yes"}}}');
    w.adobeDataLayer = [hostile, hostile2];
    expect(readDataLayer('page.title')).toBe('safe');
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(probe.alsoPolluted).toBeUndefined();
    expect(probe.viaCtor).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(readDataLayer('polluted')).toBeUndefined();
  });

  it('skips items that are not objects', () => {
    w.adobeDataLayer = ['x', 5, null, { page: { title: 'ok' } }];
    expect(readDataLayer('page.title')).toBe('ok');
  });
});

describe('data-layer items that could harm the state', () => {
  const cyclic = () => {
    const user: Record<string, unknown> = { loginStatus: '2' };
    user.self = user;
    const item: Record<string, unknown> = { event: 'login', user, list: [user] };
    return item;
  };

  it('a cyclic item keeps its readable values, and every later value reads as pushed', () => {
    attach([recorder([], 'all')]);
    const dl = w.adobeDataLayer as unknown[];
    dl.push(cyclic());
    expect(readDataLayer('user.loginStatus')).toBe('2');
    expect(readDataLayer('user.self')).toBeUndefined();
    dl.push({ user: { loginStatus: '1' } });
    expect(readDataLayer('user.loginStatus')).toBe('1');
    expect(log.lines('warn').some((line) => /copied without user\.self \(cycle\)/.test(line))).toBe(true);
  });

  it('copies each item once: later reads do not touch it again (a read costs its path)', () => {
    let reads = 0;
    const item = { page: { title: 'T' } };
    Object.defineProperty(item, 'counted', { enumerable: true, get: () => ++reads });
    w.adobeDataLayer = [item, cyclic()];
    for (let i = 0; i < 100; i++) readDataLayer('page.title');
    expect(reads).toBe(1);
    expect(readDataLayer('counted')).toBe(1);
  });

  it('a getter or proxy that throws loses only its own key; the rules still see the item', () => {
    const seen: unknown[] = [];
    attach([recorder(seen, 'all')]);
    const item = { event: 'formSubmit', form: { name: 'Apply' } } as Record<string, unknown>;
    Object.defineProperty(item, 'secret', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    (w.adobeDataLayer as unknown[]).push(item, { event: 'x', bad: proxy }, { page: { lang: 'fr' } });
    expect(seen.map((entry) => (entry as [string, { event?: string }])[1].event)).toEqual(['formSubmit', 'x', undefined]);
    expect(readDataLayer('form.name')).toBe('Apply');
    expect(readDataLayer('secret')).toBeUndefined();
    expect(readDataLayer('page.lang')).toBe('fr');
  });

  it('a huge item is copied only up to its bounds; deep nesting stops at depth 10', () => {
    const huge: Record<string, unknown> = { event: 'big' };
    for (let i = 0; i < 100_000; i++) huge[`k${i}`] = i;
    let deep: Record<string, unknown> = { leaf: 'bottom' };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    w.adobeDataLayer = [huge, { deep }, { after: 'ok' }];
    expect(readDataLayer('k10')).toBe(10);
    expect(readDataLayer('k99999')).toBeUndefined();
    expect(readDataLayer(`deep${'.next'.repeat(8)}`)).toBeDefined();
    expect(readDataLayer(`deep${'.next'.repeat(20)}.leaf`)).toBeUndefined();
    expect(readDataLayer('after')).toBe('ok');
  });

  it('class instances and DOM nodes are kept as values, never walked', () => {
    const node = document.createElement('div');
    w.adobeDataLayer = [{ page: { node, when: new Date(0) } }];
    expect(readDataLayer('page.node')).toBe(node);
    expect(readDataLayer('page.when')).toEqual(new Date(0));
  });
});
