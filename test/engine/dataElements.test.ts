import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataElementResolver, MAX_REFERENCE_DEPTH, type Scope } from '../../src/engine/dataElements';
import type { DataElement, EventContext } from '../../src/engine/types';
import { recordingLogger, type RecordingLogger } from './helpers';

let log: RecordingLogger;

beforeEach(() => {
  log = recordingLogger();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

const resolverOf = (definitions: DataElement[]) => createDataElementResolver(definitions, log);
const scopeOf = (event?: EventContext): Scope => ({ event, cache: new Map() });

describe('default value', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ["''", ''],
  ])('replaces %s', (_label, raw) => {
    const r = resolverOf([{ name: 'x', get: () => raw, defaultValue: 'fallback' }]);
    expect(r.getVar('x')).toBe('fallback');
  });

  it.each([
    ['0', 0],
    ['false', false],
    ["'0'", '0'],
    ["' '", ' '],
  ])('keeps the non-empty value %s', (_label, raw) => {
    const r = resolverOf([{ name: 'x', get: () => raw, defaultValue: 'fallback' }]);
    expect(r.getVar('x')).toBe(raw);
  });

  it('gives undefined when empty and there is no default', () => {
    expect(resolverOf([{ name: 'x', get: () => '' }]).getVar('x')).toBeUndefined();
  });
});

describe('text shaping', () => {
  it('cleanText trims and folds runs of white space', () => {
    const r = resolverOf([{ name: 'x', get: () => '  Hello \n\t  big   world  ', cleanText: true }]);
    expect(r.getVar('x')).toBe('Hello big world');
  });

  it('leaves text alone without cleanText', () => {
    const r = resolverOf([{ name: 'x', get: () => '  a  b ' }]);
    expect(r.getVar('x')).toBe('  a  b ');
  });

  it('forceLowerCase lower-cases, and combines with cleanText', () => {
    const r = resolverOf([
      { name: 'lower', get: () => 'ÉTÉ Page', forceLowerCase: true },
      { name: 'both', get: () => '  Mixed   CASE ', forceLowerCase: true, cleanText: true },
    ]);
    expect(r.getVar('lower')).toBe('été page');
    expect(r.getVar('both')).toBe('mixed case');
  });

  it('does not touch values that are not strings', () => {
    const value = { A: 'B' };
    const r = resolverOf([{ name: 'x', get: () => value, forceLowerCase: true, cleanText: true }]);
    expect(r.getVar('x')).toBe(value);
  });

  it('white space only becomes empty after cleanText and so takes the default', () => {
    const r = resolverOf([{ name: 'x', get: () => ' \n ', cleanText: true, defaultValue: 'none' }]);
    expect(r.getVar('x')).toBe('none');
  });
});

describe('storage durations', () => {
  function sequence(values: unknown[]) {
    let i = 0;
    return () => values[i++];
  }

  it('pageview keeps the last non-empty value for the life of the resolver only', () => {
    const def: DataElement = { name: 'pv', get: sequence(['a', 'b', '', undefined, null]), storage: 'pageview', defaultValue: 'dflt' };
    const r = resolverOf([def]);
    expect([r.getVar('pv'), r.getVar('pv'), r.getVar('pv'), r.getVar('pv'), r.getVar('pv')]).toEqual(['a', 'b', 'b', 'b', 'b']);
    expect(Object.keys({ ...localStorage })).toEqual([]);
    expect(Object.keys({ ...sessionStorage })).toEqual([]);
    // A new page view starts empty.
    const next = resolverOf([{ ...def, get: () => '' }]);
    expect(next.getVar('pv')).toBe('dflt');
  });

  it('session keeps the value in sessionStorage under tag.de.<name> and gives it back on a later page', () => {
    const r = resolverOf([{ name: 'sess', get: sequence(['first', 'second', '']), storage: 'session' }]);
    expect(r.getVar('sess')).toBe('first');
    expect(sessionStorage.getItem('tag.de.sess')).toBe(JSON.stringify('first'));
    expect(r.getVar('sess')).toBe('second');
    expect(r.getVar('sess')).toBe('second');
    expect(sessionStorage.getItem('tag.de.sess')).toBe(JSON.stringify('second'));
    expect(localStorage.getItem('tag.de.sess')).toBeNull();

    const nextPage = resolverOf([{ name: 'sess', get: () => undefined, storage: 'session', defaultValue: 'dflt' }]);
    expect(nextPage.getVar('sess')).toBe('second');
  });

  it('visitor keeps the value in localStorage, objects included', () => {
    const r = resolverOf([{ name: 'vis', get: () => ({ tier: 'gold' }), storage: 'visitor' }]);
    expect(r.getVar('vis')).toEqual({ tier: 'gold' });
    expect(localStorage.getItem('tag.de.vis')).toBe('{"tier":"gold"}');
    expect(sessionStorage.getItem('tag.de.vis')).toBeNull();
    const later = resolverOf([{ name: 'vis', get: () => null, storage: 'visitor', defaultValue: 'dflt' }]);
    expect(later.getVar('vis')).toEqual({ tier: 'gold' });
  });

  it('stored values take precedence over the default, and the default is used when nothing is stored', () => {
    const r = resolverOf([{ name: 's', get: () => '', storage: 'session', defaultValue: 'dflt' }]);
    expect(r.getVar('s')).toBe('dflt');
    expect(sessionStorage.getItem('tag.de.s')).toBeNull();
  });

  it("'none' and no storage remember nothing", () => {
    const r = resolverOf([
      { name: 'none', get: sequence(['a', '']), storage: 'none' },
      { name: 'plain', get: sequence(['a', '']) },
    ]);
    expect([r.getVar('none'), r.getVar('none')]).toEqual(['a', undefined]);
    expect([r.getVar('plain'), r.getVar('plain')]).toEqual(['a', undefined]);
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('stores the shaped value', () => {
    const r = resolverOf([{ name: 's', get: sequence(['  Big  NEWS ', '']), storage: 'visitor', cleanText: true, forceLowerCase: true }]);
    expect(r.getVar('s')).toBe('big news');
    expect(r.getVar('s')).toBe('big news');
    expect(localStorage.getItem('tag.de.s')).toBe('"big news"');
  });
});

describe('references between data elements', () => {
  function chain(references: number, leaf: (c: { getVar(n: string): unknown }) => unknown = () => 'leaf'): DataElement[] {
    const list: DataElement[] = [];
    for (let i = 0; i < references; i++) list.push({ name: `e${i}`, get: (c) => c.getVar(`e${i + 1}`) });
    list.push({ name: `e${references}`, get: leaf });
    return list;
  }

  it('the nesting limit is 10', () => {
    expect(MAX_REFERENCE_DEPTH).toBe(10);
  });

  it('a chain of exactly MAX_REFERENCE_DEPTH references still resolves', () => {
    const r = resolverOf(chain(MAX_REFERENCE_DEPTH));
    expect(r.getVar('e0')).toBe('leaf');
    expect(log.lines('error')).toEqual([]);
  });

  it('a chain one level deeper ends with a logged error and no value', () => {
    const defs = chain(MAX_REFERENCE_DEPTH + 1);
    defs[0] = { ...defs[0]!, defaultValue: 'too deep' };
    const r = resolverOf(defs);
    expect(r.getVar('e0')).toBe('too deep');
    const errors = log.lines('error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`"e${MAX_REFERENCE_DEPTH + 1}"`);
    expect(errors[0]).toContain(`more than ${MAX_REFERENCE_DEPTH} deep`);
  });

  it('the limit counts data elements: the deepest allowed element may still read a built-in or a custom var', () => {
    const event = Object.freeze({ type: 'directCall' as const, id: 1, timeStamp: 0, identifier: 'deep' });
    const viaBuiltIn = resolverOf(chain(MAX_REFERENCE_DEPTH, (c) => c.getVar('event.identifier')));
    expect(viaBuiltIn.getVar('e0', scopeOf(event))).toBe('deep');
    const viaCustom = resolverOf(chain(MAX_REFERENCE_DEPTH, (c) => c.getVar('customVar')));
    viaCustom.setVar('customVar', 'custom');
    expect(viaCustom.getVar('e0')).toBe('custom');
    expect(log.lines('error')).toEqual([]);
  });

  it('a circular reference (A → B → A) ends with a logged error instead of a stack overflow', () => {
    const getA = vi.fn((c: { getVar(n: string): unknown }) => c.getVar('B'));
    const getB = vi.fn((c: { getVar(n: string): unknown }) => c.getVar('A'));
    const r = resolverOf([
      { name: 'A', get: getA, defaultValue: 'a-default' },
      { name: 'B', get: getB },
    ]);
    let value: unknown;
    expect(() => (value = r.getVar('A'))).not.toThrow();
    expect(value).toBe('a-default');
    expect(log.lines('error')).toEqual([expect.stringContaining('circular reference')]);
    // Bounded work: no more getter calls than the depth allows.
    expect(getA.mock.calls.length + getB.mock.calls.length).toBeLessThanOrEqual(MAX_REFERENCE_DEPTH + 1);
  });

  it('a self-reference also ends with a logged error', () => {
    const r = resolverOf([{ name: 'me', get: (c) => c.getVar('me') }]);
    expect(() => r.getVar('me')).not.toThrow();
    expect(log.lines('error')).toHaveLength(1);
  });
});

describe('failures', () => {
  it('a throwing getter is logged and falls back to the default', () => {
    const r = resolverOf([
      {
        name: 'broken',
        get: () => {
          throw new Error('no such node');
        },
        defaultValue: 'dflt',
      },
    ]);
    expect(() => r.getVar('broken')).not.toThrow();
    expect(r.getVar('broken')).toBe('dflt');
    expect(log.lines('error')[0]).toContain('Data element "broken" failed: no such node');
  });

  it('a throwing getter falls back to the stored value before the default', () => {
    let fail = false;
    const r = resolverOf([
      {
        name: 'flaky',
        storage: 'session',
        defaultValue: 'dflt',
        get: () => {
          if (fail) throw new Error('flaky');
          return 'good';
        },
      },
    ]);
    expect(r.getVar('flaky')).toBe('good');
    fail = true;
    expect(r.getVar('flaky')).toBe('good');
    expect(log.lines('error')).toHaveLength(1);
  });
});

describe('custom vars and built-ins', () => {
  it('setVar values are read back by getVar, and has() knows them', () => {
    const r = resolverOf([{ name: 'de', get: () => 'x' }]);
    expect(r.has('custom')).toBe(false);
    r.setVar('custom', { a: 1 });
    expect(r.getVar('custom')).toEqual({ a: 1 });
    expect(r.has('custom')).toBe(true);
    expect(r.has('de')).toBe(true);
    expect(r.has('missing')).toBe(false);
    r.setVar('custom', 'replaced');
    expect(r.getVar('custom')).toBe('replaced');
  });

  it('a data element can read a custom var', () => {
    const r = resolverOf([{ name: 'greeting', get: (c) => `hi ${String(c.getVar('user'))}` }]);
    r.setVar('user', 'ann');
    expect(r.getVar('greeting')).toBe('hi ann');
  });

  it('unknown names give undefined', () => {
    expect(resolverOf([]).getVar('nothing')).toBeUndefined();
    expect(resolverOf([]).getVar('this.id')).toBeUndefined();
  });

  it('this.x, target.x and event.x read the matched element, the event target and the event', () => {
    document.body.innerHTML = '<a id="link" class="cta" data-track="hero"><span id="inner">Go</span></a>';
    const element = document.getElementById('link')!;
    const target = document.getElementById('inner')!;
    const event = Object.freeze({
      type: 'click' as const,
      id: 7,
      timeStamp: 1,
      element,
      target,
      detail: { product: { sku: 'S1' } },
    });
    const r = resolverOf([{ name: 'viaDE', get: (c) => c.getVar('this.dataset.track') }]);
    const scope = scopeOf(event);
    expect(r.getVar('this.id', scope)).toBe('link');
    expect(r.getVar('this.dataset.track', scope)).toBe('hero');
    expect(r.getVar('target.id', scope)).toBe('inner');
    expect(r.getVar('target.textContent', scope)).toBe('Go');
    expect(r.getVar('event.type', scope)).toBe('click');
    expect(r.getVar('event.id', scope)).toBe(7);
    expect(r.getVar('event.detail.product.sku', scope)).toBe('S1');
    expect(r.getVar('event.detail.missing.deeper', scope)).toBeUndefined();
    expect(r.getVar('viaDE', scope)).toBe('hero');
    expect(r.getVar('other.id', scope)).toBeUndefined();
  });

  it('the data element getter receives the event', () => {
    const get = vi.fn(() => 'v');
    const event = Object.freeze({ type: 'pageBottom' as const, id: 3, timeStamp: 0 });
    resolverOf([{ name: 'x', get }]).getVar('x', scopeOf(event));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ event }));
  });

  it('caches within a scope but computes afresh outside an event', () => {
    const get = vi.fn(() => 'v');
    const r = resolverOf([{ name: 'x', get }]);
    const scope = scopeOf();
    r.getVar('x', scope);
    r.getVar('x', scope);
    expect(get).toHaveBeenCalledTimes(1);
    r.getVar('x');
    r.getVar('x');
    expect(get).toHaveBeenCalledTimes(3);
  });
});
