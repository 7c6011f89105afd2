import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, debugSwitch } from '../../src/engine/logger';
import type { Satellite } from '../../src/engine/satellite';
import type { Rule } from '../../src/engine/types';
import { action, recordingLogger } from './helpers';
import { DEBUG_KEY, resetPage, start } from './runtimeHelpers';

type StubWindow = { _satellite?: unknown };
const w = window as unknown as StubWindow;
const sat = () => w._satellite as Satellite;

/** The one-line stub a page pastes before the tag: each call is queued as [method, arguments]. */
function installStub(methods: string[]) {
  const q: unknown[] = [];
  const stub: Record<string, unknown> = { q };
  for (const m of methods) {
    stub[m] = function () {
      // biome-ignore lint/complexity/noArguments: the one-line stub pages paste pushes `arguments` itself
      q.push([m, arguments]);
    };
  }
  w._satellite = stub;
  return stub as unknown as Record<string, (...args: unknown[]) => void>;
}

beforeEach(resetPage);
afterEach(resetPage);

const directRule = (identifier: string, seen: unknown[], read: (ctx: Parameters<Rule['actions'][0]['run']>[0]) => unknown = () => identifier): Rule => ({
  name: `direct ${identifier}`,
  events: [{ type: 'directCall', identifier }],
  actions: [action('record', (ctx) => seen.push(read(ctx)))],
});

describe('stub queue', () => {
  it('replays calls made before the tag loaded, in order, after library loaded', () => {
    const stub = installStub(['setVar', 'track', 'pageBottom', 'getVar']);
    stub.setVar!('user', 'ann');
    stub.track!('a', { n: 1 });
    stub.track!('b');
    stub.pageBottom!();
    stub.getVar!('user');

    const seen: unknown[] = [];
    const lifecycle = (type: 'libraryLoaded' | 'pageBottom' | 'domReady'): Rule => ({
      name: type,
      events: [{ type }],
      actions: [action('record', () => seen.push(type))],
    });
    start({
      rules: [
        lifecycle('pageBottom'),
        lifecycle('domReady'),
        lifecycle('libraryLoaded'),
        directRule('a', seen, (ctx) => `a user=${String(ctx.getVar('user'))} n=${String((ctx.event.detail as { n: number }).n)}`),
        directRule('b', seen, (ctx) => `b user=${String(ctx.getVar('user'))}`),
      ],
    });
    expect(seen).toEqual(['libraryLoaded', 'a user=ann n=1', 'b user=ann', 'pageBottom', 'domReady']);
    expect(sat().getVar('user')).toBe('ann');
  });

  it('replaces the stub with the real _satellite', () => {
    const stub = installStub(['track']);
    start({});
    expect(w._satellite).not.toBe(stub);
    expect(typeof sat().track).toBe('function');
    expect(sat().buildInfo).toBeDefined();
  });

  it('skips unknown queued methods with a warning and goes on with the rest', () => {
    const stub = installStub(['notAMethod', 'track', 'buildInfo']);
    stub.notAMethod!(1);
    stub.buildInfo!();
    stub.track!('after');
    const seen: unknown[] = [];
    const log = recordingLogger();
    start({ rules: [directRule('after', seen)] }, { logger: log });
    expect(seen).toEqual(['after']);
    const warnings = log.lines('warn');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('_satellite.notAMethod()');
    expect(warnings[1]).toContain('_satellite.buildInfo()');
  });

  it('ignores malformed queue entries and a stub without a queue', () => {
    w._satellite = { q: ['track', ['track'], [42, []], ['track', ['ok']], null] };
    const seen: unknown[] = [];
    start({ rules: [directRule('ok', seen)] });
    expect(seen).toEqual(['ok']);

    resetPage();
    w._satellite = { q: 'not an array' };
    expect(() => start({})).not.toThrow();
  });

  it('a queued call that fails is logged and does not stop the replay', () => {
    const stub = installStub(['setVar', 'track']);
    stub.setVar!({
      get broken(): never {
        throw new Error('getter');
      },
    });
    stub.track!('x');
    const seen: unknown[] = [];
    const log = recordingLogger();
    start({ rules: [directRule('x', seen)] }, { logger: log });
    expect(seen).toEqual(['x']);
    expect(log.lines('error')[0]).toContain('Replaying _satellite.setVar() failed');
  });
});

describe('_satellite API', () => {
  it('getVar reads data elements and custom vars; setVar takes a name and value or an object', () => {
    let n = 0;
    start({ dataElements: [{ name: 'counter', get: () => ++n }] });
    expect(sat().getVar('counter')).toBe(1);
    expect(sat().getVar('counter')).toBe(2);
    expect(sat().getVar('nope')).toBeUndefined();
    sat().setVar('one', 1);
    sat().setVar({ two: 'zwei', three: { x: 3 } });
    expect(sat().getVar('one')).toBe(1);
    expect(sat().getVar('two')).toBe('zwei');
    expect(sat().getVar('three')).toEqual({ x: 3 });
  });

  it('setVar values are visible to rules and data elements', () => {
    const seen: unknown[] = [];
    start({
      dataElements: [{ name: 'greeting', get: (c) => `hello ${String(c.getVar('who'))}` }],
      rules: [directRule('greet', seen, (ctx) => ctx.getVar('greeting'))],
    });
    sat().setVar({ who: 'world' });
    sat().track('greet');
    expect(seen).toEqual(['hello world']);
  });

  it('track runs the direct-call rules of that identifier with the detail', () => {
    const seen: unknown[] = [];
    start({
      rules: [
        directRule('form:submit', seen, (ctx) => [ctx.event.type, ctx.event.identifier, ctx.event.detail, ctx.getVar('event.detail.formName')]),
        directRule('other', seen),
      ],
    });
    const detail = { formName: 'contact' };
    sat().track('form:submit', detail);
    expect(seen).toEqual([['directCall', 'form:submit', detail, 'contact']]);
    expect((seen[0] as unknown[])[2]).toBe(detail);
    sat().track('unknown');
    expect(seen).toHaveLength(1);
  });

  it('track without an identifier string warns and runs nothing', () => {
    const seen: unknown[] = [];
    const log = recordingLogger();
    start({ rules: [directRule('', seen)] }, { logger: log });
    sat().track('');
    (sat().track as (x: unknown) => void)(undefined);
    (sat().track as (x: unknown) => void)(5);
    expect(seen).toEqual([]);
    expect(log.lines('warn')).toHaveLength(3);
  });

  it('exposes the build info and environment', () => {
    start({});
    expect(sat().buildInfo.turbineVersion).toBe('28.0.0');
    expect(sat().buildInfo.buildDate).toContain('2025-09-17');
    expect(sat().environment.stage).toBe(sat().buildInfo.environment);
  });

  it('setDebug(true) turns logging on and remembers it for the visit; setDebug(false) undoes both', () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => {});
    const logger = createLogger('[tag]', false);
    start({}, { logger });
    sat().logger.log('before');
    expect(consoleLog).not.toHaveBeenCalled();

    sat().setDebug(true);
    expect(logger.enabled).toBe(true);
    expect(localStorage.getItem(DEBUG_KEY)).toBe('true');
    expect(debugSwitch('logdtm', DEBUG_KEY, '')).toBe(true);
    sat().logger.log('on');
    expect(consoleLog).toHaveBeenCalledWith('[tag]', 'on');

    sat().setDebug(false);
    expect(logger.enabled).toBe(false);
    expect(localStorage.getItem(DEBUG_KEY)).toBeNull();
    expect(debugSwitch('logdtm', DEBUG_KEY, '')).toBe(false);
    sat().logger.log('off');
    expect(consoleLog).toHaveBeenCalledTimes(1);
  });

  it('logger forwards each level', () => {
    const log = recordingLogger();
    start({}, { logger: log });
    sat().logger.log('l');
    sat().logger.info('i');
    sat().logger.warn('w');
    sat().logger.error('e');
    expect(log.entries.slice(-4)).toEqual([
      { level: 'log', text: 'l' },
      { level: 'info', text: 'i' },
      { level: 'warn', text: 'w' },
      { level: 'error', text: 'e' },
    ]);
  });

  it('cookie get, set (expires in days) and remove', () => {
    start({});
    expect(sat().cookie.get('sat_c')).toBeUndefined();
    sat().cookie.set('sat_c', 'v 1', { expires: 1 });
    expect(sat().cookie.get('sat_c')).toBe('v 1');
    expect(document.cookie).toContain('sat_c=');
    sat().cookie.remove('sat_c');
    expect(sat().cookie.get('sat_c')).toBeUndefined();
    sat().cookie.set('sat_gone', 'x', { expires: -1 });
    expect(sat().cookie.get('sat_gone')).toBeUndefined();
  });

  it('cookie methods do not throw when cookies are blocked', () => {
    start({});
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => {
        throw new Error('blocked');
      },
      set: () => {
        throw new Error('blocked');
      },
    });
    try {
      expect(() => sat().cookie.set('a', 'b')).not.toThrow();
      expect(sat().cookie.get('a')).toBeUndefined();
      expect(() => sat().cookie.remove('a')).not.toThrow();
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });
});
