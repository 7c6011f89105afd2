import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataElementResolver } from '../../src/engine/dataElements';
import { createDispatcher } from '../../src/engine/dispatcher';
import { COMPONENT_TIMEOUT_MS } from '../../src/engine/runRule';
import type { DataElement, EventContext, Rule } from '../../src/engine/types';
import { action, condition, flushMicrotasks, realTick, recordingLogger, recordingRule, watchPageErrors, type RecordingLogger } from './helpers';

let log: RecordingLogger;

function setup(rules: Rule[], dataElements: DataElement[] = [], allowed = () => true) {
  const resolver = createDataElementResolver(dataElements, log);
  return createDispatcher(rules, resolver, log, allowed);
}

const direct = (identifier: string) => [{ type: 'directCall' as const, identifier }];
const byIdentifier = (id: string) => (trigger: { identifier: string }) => (trigger.identifier === id ? null : false);

beforeEach(() => {
  log = recordingLogger();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rule order', () => {
  it('starts the rules of one event by order value, lower first, default 50, ties in declaration order', () => {
    const seen: string[] = [];
    const ev = [{ type: 'pageBottom' as const }];
    const d = setup([
      recordingRule('default-1', ev, seen),
      recordingRule('late', ev, seen, { order: 90 }),
      recordingRule('early-1', ev, seen, { order: 10 }),
      recordingRule('fifty', ev, seen, { order: 50 }),
      recordingRule('early-2', ev, seen, { order: 10 }),
      recordingRule('default-2', ev, seen),
      recordingRule('first', ev, seen, { order: -5 }),
    ]);
    d.dispatch('pageBottom', {});
    expect(seen).toEqual(['first', 'early-1', 'early-2', 'default-1', 'fifty', 'default-2', 'late']);
  });

  it('finishes an all-synchronous rule (every condition and action) before the next rule starts', () => {
    const seen: string[] = [];
    const ev = [{ type: 'pageBottom' as const }];
    const shared = { value: '' };
    const d = setup([
      {
        name: 'second',
        order: 2,
        events: ev,
        actions: [action('read', () => seen.push(`second sees ${shared.value}`))],
      },
      {
        name: 'first',
        order: 1,
        events: ev,
        conditions: [condition('c', () => (seen.push('first condition'), true))],
        actions: [action('a1', () => seen.push('first a1')), action('a2', () => ((shared.value = 'set by first'), seen.push('first a2')))],
      },
    ]);
    d.dispatch('pageBottom', {});
    expect(seen).toEqual(['first condition', 'first a1', 'first a2', 'second sees set by first']);
  });

  it('an asynchronous condition delays only its own rule', async () => {
    const seen: string[] = [];
    let release!: (v: boolean) => void;
    const ev = [{ type: 'pageBottom' as const }];
    const d = setup([
      {
        name: 'async',
        order: 1,
        events: ev,
        conditions: [condition('wait', () => new Promise<boolean>((r) => (release = r)))],
        actions: [action('a', () => seen.push('async'))],
      },
      recordingRule('sync', ev, seen, { order: 2 }),
    ]);
    const outcomes = d.dispatch('pageBottom', {});
    expect(seen).toEqual(['sync']);
    expect(outcomes[1]).toBe('fired');
    release(true);
    await expect(outcomes[0]).resolves.toBe('fired');
    expect(seen).toEqual(['sync', 'async']);
  });

  it('a condition that never resolves does not delay another rule of the same event, and ends by the time-out', async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const hungAction = vi.fn();
    const ev = direct('go');
    const d = setup([
      {
        name: 'hung',
        order: 1,
        events: ev,
        conditions: [condition('forever', () => new Promise<boolean>(() => {}))],
        actions: [action('never', hungAction)],
      },
      recordingRule('other', ev, seen, { order: 2 }),
    ]);
    const outcomes = d.dispatch('directCall', { identifier: 'go' }, byIdentifier('go'));
    // The other rule ran during dispatch, before any timer or microtask.
    expect(seen).toEqual(['other']);
    expect(outcomes[1]).toBe('fired');

    let hung: unknown = 'pending';
    void Promise.resolve(outcomes[0]).then((o) => (hung = o));
    await vi.advanceTimersByTimeAsync(COMPONENT_TIMEOUT_MS - 1);
    expect(hung).toBe('pending');
    expect(log.lines('error')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(hung).toBe('failed');
    expect(hungAction).not.toHaveBeenCalled();
    expect(log.lines('error')).toEqual([expect.stringMatching(/Rule "hung": condition "forever" failed: timed out after 2000 ms/)]);
  });

  it('a rule marked startsTask runs, with the rules after it, when `later` runs them: in order, with the same event and data-element cache', () => {
    const seen: string[] = [];
    const ev = [{ type: 'pageBottom' as const }];
    const events: EventContext[] = [];
    let computed = 0;
    const keep = (ctx: { event: EventContext; getVar(name: string): unknown }) => {
      events.push(ctx.event);
      ctx.getVar('counted');
    };
    const tasks: Array<() => void> = [];
    const resolver = createDataElementResolver([{ name: 'counted', get: () => ++computed }], log);
    const d = createDispatcher(
      [
        recordingRule('view', ev, seen, { order: 100, body: keep }),
        recordingRule('variables', ev, seen, { order: 90, startsTask: true, body: keep }),
        recordingRule('setter', ev, seen, { order: 50, body: keep }),
      ],
      resolver,
      log,
      () => true,
      undefined,
      (run) => tasks.push(run),
    );
    d.dispatch('pageBottom', {});
    expect(seen).toEqual(['setter']);
    expect(tasks).toHaveLength(1);
    tasks[0]!();
    expect(seen).toEqual(['setter', 'variables', 'view']);
    expect(new Set(events).size).toBe(1);
    expect(computed).toBe(1);
  });

  it('without `later`, a rule marked startsTask runs at once in its place', () => {
    const seen: string[] = [];
    const ev = [{ type: 'pageBottom' as const }];
    const d = setup([
      recordingRule('b', ev, seen, { order: 90, startsTask: true }),
      recordingRule('a', ev, seen, { order: 10 }),
      recordingRule('c', ev, seen, { order: 100 }),
    ]);
    d.dispatch('pageBottom', {});
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('runs a rule once per event even when several of its triggers match', () => {
    const seen: string[] = [];
    const d = setup([recordingRule('twice', [...direct('x'), ...direct('x')], seen)]);
    d.dispatch('directCall', { identifier: 'x' }, byIdentifier('x'));
    expect(seen).toEqual(['twice']);
  });

  it('only looks at rules of the dispatched type, and reports their triggers', () => {
    const seen: string[] = [];
    const d = setup([recordingRule('click', [{ type: 'click', selector: 'a' }], seen), recordingRule('dom', [{ type: 'domReady' }], seen)]);
    expect(d.dispatch('windowLoaded', {})).toEqual([]);
    expect(d.triggers('click')).toEqual([{ type: 'click', selector: 'a' }]);
    expect(d.triggers('change')).toEqual([]);
    d.dispatch('domReady', {});
    expect(seen).toEqual(['dom']);
  });
});

describe('failures stay inside their rule', () => {
  it('a throwing action and a rejected action stop neither other rules nor their later actions, and nothing reaches the page', async () => {
    const page = watchPageErrors();
    try {
      const seen: string[] = [];
      const ev = direct('go');
      const d = setup([
        {
          name: 'throws',
          order: 1,
          events: ev,
          actions: [
            action('boom', () => {
              throw new Error('sync boom');
            }),
          ],
        },
        {
          name: 'rejects',
          order: 2,
          events: ev,
          actions: [action('reject', () => Promise.reject(new Error('async boom'))), action('after reject', () => seen.push('never'))],
        },
        {
          name: 'healthy',
          order: 3,
          events: ev,
          actions: [action('one', () => seen.push('healthy 1')), action('two', () => seen.push('healthy 2'))],
        },
        recordingRule('last', ev, seen, { order: 4 }),
      ]);
      let outcomes: unknown[] = [];
      expect(() => (outcomes = d.dispatch('directCall', { identifier: 'go' }, byIdentifier('go')))).not.toThrow();
      expect(seen).toEqual(['healthy 1', 'healthy 2', 'last']);
      expect(await Promise.all(outcomes)).toEqual(['failed', 'failed', 'fired', 'fired']);
      await flushMicrotasks();
      await realTick(5);
      expect(seen).toEqual(['healthy 1', 'healthy 2', 'last']);
      expect(log.lines('error')).toEqual([
        expect.stringContaining('Rule "throws": action "boom" failed: sync boom'),
        expect.stringContaining('Rule "rejects": action "reject" failed: async boom'),
      ]);
      expect(page.onerror).not.toHaveBeenCalled();
      expect(page.errorListener).not.toHaveBeenCalled();
      expect(page.rejectionListener).not.toHaveBeenCalled();
      expect(page.nodeRejection).not.toHaveBeenCalled();
    } finally {
      page.stop();
    }
  });

  it('the page-error probe does see an unhandled rejection (control for the test above)', async () => {
    const page = watchPageErrors();
    try {
      void Promise.reject(new Error('control'));
      await flushMicrotasks();
      await realTick(5);
      expect(page.nodeRejection).toHaveBeenCalledTimes(1);
    } finally {
      page.stop();
    }
  });

  it('a throwing matcher skips that rule with a logged error; an invalid selector is logged and matches nothing', () => {
    const seen: string[] = [];
    document.body.innerHTML = '<button id="b">x</button>';
    const d = setup([
      recordingRule('bad selector', [{ type: 'click', selector: '[[[' }], seen),
      recordingRule('good', [{ type: 'click', selector: '#b' }], seen),
    ]);
    const target = document.getElementById('b');
    expect(() => d.dispatch('click', { target }, (trigger, closest) => (trigger.selector ? (closest(trigger.selector) ?? false) : null))).not.toThrow();
    expect(seen).toEqual(['good']);
    expect(log.lines('error')).toEqual([expect.stringContaining('Invalid selector "[[["')]);

    const d2 = setup([recordingRule('a', direct('x'), seen), recordingRule('b', direct('x'), seen)]);
    d2.dispatch('directCall', { identifier: 'x' }, (trigger) => {
      if (trigger === d2.triggers('directCall')[0]) throw new Error('matcher broke');
      return null;
    });
    expect(seen).toEqual(['good', 'b']);
    expect(log.lines('error')[1]).toContain('Rule "a": event matching failed:');
  });
});

describe('tracking gate', () => {
  it('rules require tracking by default; with tracking off only requiresTracking:false rules run', () => {
    const seen: string[] = [];
    let allowed = false;
    const ev = [{ type: 'pageBottom' as const }];
    const d = setup(
      [
        recordingRule('default', ev, seen),
        recordingRule('explicit', ev, seen, { requiresTracking: true }),
        recordingRule('always', ev, seen, { requiresTracking: false }),
      ],
      [],
      () => allowed,
    );
    d.dispatch('pageBottom', {});
    expect(seen).toEqual(['always']);
    allowed = true;
    d.dispatch('pageBottom', {});
    expect(seen).toEqual(['always', 'default', 'explicit', 'always']);
  });
});

describe('event context', () => {
  it('is frozen, and strict-mode writes to it throw', () => {
    let event: EventContext | undefined;
    const d = setup([{ name: 'r', events: direct('x'), actions: [action('grab', (ctx) => (event = ctx.event))] }]);
    d.dispatch('directCall', { identifier: 'x', detail: { a: 1 } }, byIdentifier('x'));
    expect(event).toBeDefined();
    expect(Object.isFrozen(event)).toBe(true);
    expect(() => {
      (event as { identifier: string }).identifier = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (event as unknown as Record<string, unknown>).extra = 1;
    }).toThrow(TypeError);
    expect(event!.identifier).toBe('x');
    expect(event!.type).toBe('directCall');
  });

  it('a rule cannot change what the next rule sees', () => {
    const seen: unknown[] = [];
    const d = setup([
      {
        name: 'vandal',
        order: 1,
        events: direct('x'),
        actions: [
          action('mutate', (ctx) => {
            (ctx.event as { identifier: string }).identifier = 'vandalised';
          }),
        ],
      },
      { name: 'reader', order: 2, events: direct('x'), actions: [action('read', (ctx) => seen.push(ctx.event.identifier))] },
    ]);
    d.dispatch('directCall', { identifier: 'x' }, byIdentifier('x'));
    expect(seen).toEqual(['x']);
    expect(log.lines('error')[0]).toContain('Rule "vandal"');
  });

  it('is the same object for all rules matched on the same element, and a new one per event', () => {
    document.body.innerHTML = '<div class="card"><button class="buy">Buy</button></div>';
    const events: EventContext[] = [];
    const grab = (name: string, selector: string): Rule => ({
      name,
      events: [{ type: 'click', selector }],
      actions: [action('grab', (ctx) => events.push(ctx.event))],
    });
    const d = setup([grab('buy 1', 'button.buy'), grab('buy 2', 'button.buy'), grab('same element', '.card .buy'), grab('card', '.card')]);
    const target = document.querySelector('button')!;
    const match = (trigger: { selector?: string }, closest: (s: string) => Element | null) => (trigger.selector ? (closest(trigger.selector) ?? false) : null);
    d.dispatch('click', { target }, match);
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(events[0]);
    expect(events[2]).toBe(events[0]);
    expect(events[3]).not.toBe(events[0]);
    expect(events[0]!.element).toBe(target);
    expect(events[3]!.element).toBe(document.querySelector('.card'));
    expect(events[3]!.id).toBe(events[0]!.id);

    d.dispatch('click', { target }, match);
    expect(events).toHaveLength(8);
    expect(events[4]).not.toBe(events[0]);
    expect(events[4]!.id).toBeGreaterThan(events[0]!.id);
  });

  it("offers the event's own closest(): each selector is looked up once per event for every rule, and the browser is asked about a descendant selector only when its leading name is found above", () => {
    document.body.innerHTML = '<main class="card"><p><button class="buy">Buy</button></p></main><aside class="promo"><a href="/x">x</a></aside>';
    const asked: string[] = [];
    const closest = Element.prototype.closest;
    const spy = vi.spyOn(Element.prototype, 'closest').mockImplementation(function (this: Element, selector: string) {
      asked.push(selector);
      return closest.call(this, selector);
    });
    const found: Array<Element | null | undefined> = [];
    const rule = (name: string, selector: string, lookFor: string): Rule => ({
      name,
      events: [{ type: 'click', selector }],
      actions: [action('look', (ctx) => found.push(ctx.event.closest?.(lookFor)))],
    });
    try {
      const d = setup([rule('buy', '.card .buy', '.card p'), rule('again', '.card .buy', '.card p'), rule('promo', '.promo a[href]', '.card')]);
      const target = document.querySelector('button')!;
      d.dispatch('click', { target }, (trigger, lookup) => (trigger.selector ? (lookup(trigger.selector) ?? false) : null));
      expect(found).toEqual([document.querySelector('p'), document.querySelector('p')]);
      // '.promo' is found nowhere above the button: '.promo a[href]' itself is never matched.
      expect(asked.sort()).toEqual(['.card', '.card .buy', '.card p', '.promo']);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers each event's closest() for its own element, also when a rule asks after later events have looked up the same selectors", async () => {
    document.body.innerHTML =
      '<section class="card" id="one"><p><button>One</button></p></section><section class="card" id="two"><p><a href="/x">Two</a></p></section>';
    const later: Array<() => Element | null> = [];
    const seen: Array<Element | null> = [];
    const d = setup([
      {
        name: 'card',
        events: [{ type: 'click', selector: '.card p' }],
        conditions: [condition('wait a task', () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)))],
        actions: [action('look again', (ctx) => void seen.push(ctx.event.closest!('.card')))],
      },
      { name: 'asker', events: [{ type: 'click' }], actions: [action('keep', (ctx) => void later.push(() => ctx.event.closest!('.card')))] },
    ]);
    const match = (trigger: { selector?: string }, closest: (s: string) => Element | null) => (trigger.selector ? (closest(trigger.selector) ?? false) : null);
    const one = d.dispatch('click', { target: document.querySelector('button') }, match);
    const two = d.dispatch('click', { target: document.querySelector('a') }, match);
    expect(later.map((ask) => ask()?.id)).toEqual(['one', 'two']);
    expect(later.map((ask) => ask()?.id)).toEqual(['one', 'two']);
    await Promise.all([...one, ...two]);
    expect(seen.map((element) => element?.id)).toEqual(['one', 'two']);
  });
});

describe('data elements per event', () => {
  it('computes a data element at most once per event, even when several rules and data elements read it; a new event recomputes it', () => {
    let n = 0;
    const counter = vi.fn(() => `v${++n}`);
    const seen: unknown[] = [];
    const dataElements: DataElement[] = [
      { name: 'base', get: counter },
      { name: 'derivedA', get: (c) => `A(${String(c.getVar('base'))})` },
      { name: 'derivedB', get: (c) => `B(${String(c.getVar('base'))},${String(c.getVar('derivedA'))})` },
    ];
    const reader = (name: string, vars: string[]): Rule => ({
      name,
      events: direct('x'),
      actions: [action('read', (ctx) => seen.push(vars.map((v) => ctx.getVar(v)).join(' ')))],
    });
    const d = setup([reader('r1', ['base', 'derivedA']), reader('r2', ['derivedB', 'base']), reader('r3', ['derivedA'])], dataElements);

    d.dispatch('directCall', { identifier: 'x' }, byIdentifier('x'));
    expect(counter).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['v1 A(v1)', 'B(v1,A(v1)) v1', 'A(v1)']);

    d.dispatch('directCall', { identifier: 'x' }, byIdentifier('x'));
    expect(counter).toHaveBeenCalledTimes(2);
    expect(seen.slice(3)).toEqual(['v2 A(v2)', 'B(v2,A(v2)) v2', 'A(v2)']);
  });

  it('an asynchronous rule still reads the value cached for its own event', async () => {
    let n = 0;
    const seen: unknown[] = [];
    let release!: (v: boolean) => void;
    const d = setup(
      [
        {
          name: 'late reader',
          events: direct('x'),
          conditions: [condition('wait', () => new Promise<boolean>((r) => (release = r)))],
          actions: [action('read', (ctx) => seen.push(ctx.getVar('n')))],
        },
        { name: 'early reader', order: 60, events: direct('x'), actions: [action('read', (ctx) => seen.push(ctx.getVar('n')))] },
      ],
      [{ name: 'n', get: () => ++n }],
    );
    const first = d.dispatch('directCall', { identifier: 'x' }, byIdentifier('x'));
    const releaseFirst = release;
    d.dispatch('directCall', { identifier: 'x' }, byIdentifier('x'));
    releaseFirst(true);
    await first[0];
    // Event 1 computed n=1, event 2 computed n=2; the late reader of event 1 still sees 1.
    expect(seen).toEqual([1, 2, 1]);
  });
});
