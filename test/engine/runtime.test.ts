import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Satellite } from '../../src/engine/satellite';
import type { Rule, TriggerType } from '../../src/engine/types';
import { action, condition, recordingLogger } from './helpers';
import { resetPage, setReadyState, start } from './runtimeHelpers';

const sat = () => (window as unknown as { _satellite: Satellite })._satellite;

beforeEach(resetPage);
afterEach(() => {
  resetPage();
  vi.useRealTimers();
});

type Lifecycle = 'libraryLoaded' | 'pageBottom' | 'domReady' | 'windowLoaded';
const lifecycleRules = (seen: string[], extra: Partial<Rule> = {}): Rule[] =>
  (['windowLoaded', 'domReady', 'pageBottom', 'libraryLoaded'] as Lifecycle[]).map((type) => ({
    name: type,
    events: [{ type }],
    actions: [action('record', () => seen.push(type))],
    ...extra,
  }));

/** The lifecycle rules, and a page-bottom page view that starts a task of its own (as tag.js's does). */
const withPageViewTask = (seen: string[]): Rule[] => [
  ...lifecycleRules(seen),
  { name: 'page view', order: 90, startsTask: true, events: [{ type: 'pageBottom' }], actions: [action('record', () => seen.push('page view'))] },
];

describe('page lifecycle', () => {
  it('runs library loaded, page bottom, DOM ready, window loaded in that order on a loaded page', () => {
    const seen: string[] = [];
    start({ rules: lifecycleRules(seen) });
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady', 'windowLoaded']);
  });

  it('keeps that order while the page is still parsing, following the browser events', () => {
    setReadyState('loading');
    const seen: string[] = [];
    start({ rules: lifecycleRules(seen) });
    expect(seen).toEqual(['libraryLoaded']);
    setReadyState('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady']);
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady', 'windowLoaded']);
    // The browser events do not repeat the lifecycle.
    document.dispatchEvent(new Event('DOMContentLoaded'));
    window.dispatchEvent(new Event('load'));
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady', 'windowLoaded']);
  });

  it('on an interactive page (DOM parsed, still loading resources) fires DOM ready at once and window loaded on load', () => {
    setReadyState('interactive');
    const seen: string[] = [];
    start({ rules: lifecycleRules(seen) });
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady']);
    window.dispatchEvent(new Event('load'));
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady', 'windowLoaded']);
  });

  it('on a parsed page, whenParsed decides when page bottom runs (tag.js gives it a task of its own); window loaded still follows it', () => {
    const seen: string[] = [];
    let later: (() => void) | undefined;
    start({ rules: lifecycleRules(seen) }, { whenParsed: (run) => (later = run) });
    expect(seen).toEqual(['libraryLoaded']);
    later!();
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady', 'windowLoaded']);
  });

  it('a page-bottom rule that starts a task of its own runs in `later`, and DOM ready waits for it', () => {
    const seen: string[] = [];
    const tasks: Array<() => void> = [];
    const rules = withPageViewTask(seen);
    start({ rules }, { later: (run) => tasks.push(run) });
    expect(seen).toEqual(['libraryLoaded', 'pageBottom']);
    while (tasks.length) tasks.shift()!();
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'page view', 'domReady', 'windowLoaded']);
  });

  it('afterDomReady is called once, after the DOM-ready rules, so after the page-bottom rules left for a later task', () => {
    const seen: string[] = [];
    const tasks: Array<() => void> = [];
    const rules = withPageViewTask(seen);
    start({ rules }, { later: (run) => tasks.push(run), afterDomReady: () => seen.push('after DOM ready') });
    while (tasks.length) tasks.shift()!();
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'page view', 'domReady', 'after DOM ready', 'windowLoaded']);
  });

  it('replays the queue of the early _satellite it is given, rather than whatever window._satellite is now', () => {
    const seen: unknown[] = [];
    const rules: Rule[] = [
      { name: 'direct', events: [{ type: 'directCall', identifier: 'queued' }], actions: [action('record', (ctx) => seen.push(ctx.event.detail))] },
    ];
    (window as unknown as { _satellite: unknown })._satellite = { not: 'the early _satellite' };
    start({ rules }, { early: { q: [['track', ['queued', { from: 'the early _satellite' }]]] } });
    expect(seen).toEqual([{ from: 'the early _satellite' }]);
  });

  it('page bottom fires once even if _satellite.pageBottom() is called again', () => {
    const seen: string[] = [];
    start({ rules: lifecycleRules(seen) });
    sat().pageBottom();
    sat().pageBottom();
    expect(seen.filter((s) => s === 'pageBottom')).toHaveLength(1);
  });

  it('_satellite.pageBottom() called early (before DOMContentLoaded) fires it then, and DOM ready does not fire it again', () => {
    setReadyState('loading');
    const seen: string[] = [];
    start({ rules: lifecycleRules(seen) });
    expect(seen).toEqual(['libraryLoaded']);
    sat().pageBottom();
    expect(seen).toEqual(['libraryLoaded', 'pageBottom']);
    setReadyState('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady']);
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(seen).toEqual(['libraryLoaded', 'pageBottom', 'domReady', 'windowLoaded']);
  });

  it('page-bottom rules keep their order values, each finishing before the next starts', () => {
    const seen: string[] = [];
    const state: string[] = [];
    const rule = (name: string, order?: number): Rule => ({
      name,
      ...(order === undefined ? {} : { order }),
      events: [{ type: 'pageBottom' }],
      actions: [action('a', () => state.push(`${name}:1`)), action('b', () => seen.push(`${name} after ${state.join(',')}`))],
    });
    start({ rules: [rule('default'), rule('late', 100), rule('early', 1)] });
    expect(seen).toEqual(['early after early:1', 'default after early:1,default:1', 'late after early:1,default:1,late:1']);
  });
});

describe('wiring', () => {
  it('installs _satellite and returns the resolver, dispatcher and satellite it uses', () => {
    const runtime = start({ dataElements: [{ name: 'x', get: () => 'value' }] });
    expect(sat()).toBe(runtime.satellite);
    expect(runtime.resolver.getVar('x')).toBe('value');
    expect(runtime.dispatcher.triggers('pageBottom')).toEqual([]);
  });

  it('with tracking off, only rules with requiresTracking: false run', () => {
    const seen: string[] = [];
    const rules: Rule[] = [
      ...lifecycleRules(seen).map((r) => ({ ...r, name: `${r.name} tracked` })),
      {
        name: 'always',
        requiresTracking: false,
        events: [{ type: 'pageBottom' }, { type: 'directCall', identifier: 'x' }],
        actions: [action('record', (ctx) => seen.push(`always ${ctx.event.type}`))],
      },
    ];
    start({ rules }, { isTrackingAllowed: () => false });
    sat().track('x');
    expect(seen).toEqual(['always pageBottom', 'always directCall']);
  });

  it('dispatches data-layer items pushed before the tag, and later pushes', () => {
    (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer = [{ event: 'early' }];
    const seen: unknown[] = [];
    start({
      rules: [{ name: 'dl', events: [{ type: 'dataLayerPush' }], actions: [action('r', (ctx) => seen.push((ctx.event.detail as { event: string }).event))] }],
    });
    expect(seen).toEqual(['early']);
    (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push({ event: 'later' });
    expect(seen).toEqual(['early', 'later']);
  });

  it('uses the component time-out it is given', async () => {
    vi.useFakeTimers();
    const log = recordingLogger();
    const ran = vi.fn();
    start(
      {
        rules: [
          {
            name: 'hung',
            events: [{ type: 'directCall', identifier: 'h' }],
            conditions: [condition('never', () => new Promise<boolean>(() => {}))],
            actions: [action('a', ran)],
          },
        ],
      },
      { logger: log, componentTimeoutMs: 300 },
    );
    sat().track('h');
    await vi.advanceTimersByTimeAsync(299);
    expect(log.lines('error')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log.lines('error')[0]).toContain('timed out after 300 ms');
    expect(ran).not.toHaveBeenCalled();
  });

  it('starts the event sources its rules need: clicks reach click rules', () => {
    document.body.innerHTML = '<button id="b">x</button>';
    const seen: TriggerType[] = [];
    start({ rules: [{ name: 'click', events: [{ type: 'click', selector: '#b' }], actions: [action('r', (ctx) => seen.push(ctx.event.type))] }] });
    document.getElementById('b')!.click();
    expect(seen).toEqual(['click']);
  });
});

describe('rules added after start (addRules)', () => {
  const recorder = (seen: string[], name: string, events: Rule['events'], extra: Partial<Rule> = {}): Rule => ({
    name,
    events,
    actions: [action('record', (ctx) => seen.push(`${name}:${ctx.event.type}`))],
    ...extra,
  });

  it('replays the lifecycle so far to the added rules only, in start-up order, data layer after library loaded', () => {
    const seen: string[] = [];
    (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer = [{ event: 'early' }];
    const runtime = start({ rules: lifecycleRules(seen) });
    seen.length = 0;
    runtime.addRules({
      dataElements: [],
      rules: [
        recorder(seen, 'late', [{ type: 'windowLoaded' }, { type: 'domReady' }, { type: 'pageBottom' }, { type: 'libraryLoaded' }, { type: 'dataLayerPush' }]),
      ],
    });
    // One rule, several triggers: each past occurrence runs it once.
    expect(seen).toEqual(['late:libraryLoaded', 'late:dataLayerPush', 'late:pageBottom', 'late:domReady', 'late:windowLoaded']);
  });

  it('replays only what has happened: a page still parsing gives DOM ready later, once', () => {
    setReadyState('loading');
    const seen: string[] = [];
    const runtime = start({ rules: [] });
    runtime.addRules({ dataElements: [], rules: [recorder(seen, 'late', [{ type: 'libraryLoaded' }, { type: 'domReady' }])] });
    expect(seen).toEqual(['late:libraryLoaded']);
    setReadyState('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(seen).toEqual(['late:libraryLoaded', 'late:domReady']);
  });

  it('gives the added rules later data-layer pushes and clicks, without running the earlier rules twice', () => {
    const seen: string[] = [];
    document.body.innerHTML = '<a id="go" href="#x">go</a>';
    const runtime = start({
      rules: [
        recorder(seen, 'early', [
          { type: 'click', selector: 'a' },
          { type: 'dataLayerPush', event: 'search' },
        ]),
      ],
    });
    runtime.addRules({
      dataElements: [],
      rules: [recorder(seen, 'late', [{ type: 'click', selector: '#go' }, { type: 'dataLayerPush', event: 'search' }, { type: 'change' }])],
    });
    document.getElementById('go')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    (window as unknown as { adobeDataLayer: unknown[] }).adobeDataLayer.push({ event: 'search' });
    expect(seen).toEqual(['early:click', 'late:click', 'early:dataLayerPush', 'late:dataLayerPush']);
  });

  it('replays DOM events the caller kept to the added rules only, matched by selector or custom name', () => {
    const seen: string[] = [];
    document.body.innerHTML = '<a id="go" href="#x">go</a><video id="v"></video>';
    const runtime = start({ rules: [recorder(seen, 'early', [{ type: 'click' }])] });
    const click = new MouseEvent('click', { bubbles: true });
    const playing = new Event('playing');
    document.getElementById('go')!.dispatchEvent(click);
    document.getElementById('v')!.dispatchEvent(playing);
    runtime.addRules(
      {
        dataElements: [],
        rules: [
          recorder(seen, 'late link', [{ type: 'click', selector: '#go' }]),
          recorder(seen, 'late button', [{ type: 'click', selector: 'button' }]),
          recorder(seen, 'late media', [{ type: 'customEvent', name: 'playing', selector: 'video' }]),
        ],
      },
      [click, playing],
    );
    expect(seen).toEqual(['early:click', 'late link:click', 'late media:customEvent']);
  });

  it('takes the order value into account among rules already there', () => {
    const seen: string[] = [];
    document.body.innerHTML = '<button>b</button>';
    const runtime = start({ rules: [recorder(seen, 'default order', [{ type: 'click' }])] });
    runtime.addRules({ dataElements: [], rules: [recorder(seen, 'order 10', [{ type: 'click' }], { order: 10 })] });
    document.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual(['order 10:click', 'default order:click']);
  });

  it('defines the added data elements', () => {
    const runtime = start({ rules: [] });
    expect(runtime.resolver.getVar('late value')).toBeUndefined();
    runtime.addRules({ dataElements: [{ name: 'late value', get: () => 'here' }], rules: [] });
    expect(sat().getVar('late value')).toBe('here');
  });

  it('counts time on page from the start of the page, and runs at once for a delay already reached', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const runtime = start({ rules: [recorder(seen, 'early', [{ type: 'timeOnPage', seconds: 2 }])] });
    vi.advanceTimersByTime(2500);
    expect(seen).toEqual(['early:timeOnPage']);
    runtime.addRules({
      dataElements: [],
      rules: [recorder(seen, 'late 2 s', [{ type: 'timeOnPage', seconds: 2 }]), recorder(seen, 'late 3 s', [{ type: 'timeOnPage', seconds: 3 }])],
    });
    expect(seen).toEqual(['early:timeOnPage', 'late 2 s:timeOnPage']);
    vi.advanceTimersByTime(499);
    expect(seen).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['early:timeOnPage', 'late 2 s:timeOnPage', 'late 3 s:timeOnPage']);
  });
});

describe('cookie reads per event', () => {
  it('the rules of one event read the cookie store once between them', () => {
    document.cookie = 'visit=1; path=/';
    const real = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    let reads = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => (reads++, real.get!.call(document)),
      set: (v: string) => real.set!.call(document, v),
    });
    try {
      const seen: unknown[] = [];
      document.body.innerHTML = '<button>b</button>';
      const readCookies = (name: string): Rule => ({
        name,
        events: [{ type: 'click' }],
        actions: [action('read', () => seen.push(sat().cookie.get('visit'), sat().cookie.get('other')))],
      });
      start({ rules: [readCookies('one'), readCookies('two'), readCookies('three')] });
      reads = 0;
      document.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      expect(seen).toEqual(['1', undefined, '1', undefined, '1', undefined]);
      expect(reads).toBe(1);
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });
});
