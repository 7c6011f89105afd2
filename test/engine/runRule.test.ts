import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TIMEOUT_MS, runRule } from '../../src/engine/runRule';
import type { Rule, RuleContext } from '../../src/engine/types';
import { action, condition, flushMicrotasks, recordingLogger, type RecordingLogger } from './helpers';

let log: RecordingLogger;
let ctx: RuleContext;

beforeEach(() => {
  log = recordingLogger();
  ctx = {
    event: Object.freeze({ type: 'directCall' as const, id: 1, identifier: 'x', timeStamp: 0 }),
    ruleName: 'r',
    getVar: () => undefined,
    log,
  };
});

afterEach(() => {
  vi.useRealTimers();
});

function rule(partial: Partial<Rule>): Rule {
  return { name: 'r', events: [{ type: 'directCall', identifier: 'x' }], actions: [], ...partial };
}

describe('runRule', () => {
  it('uses a 2000 ms component time-out by default', () => {
    expect(COMPONENT_TIMEOUT_MS).toBe(2000);
  });

  it('runs a rule made only of synchronous parts synchronously, conditions before actions, in order', () => {
    const seen: string[] = [];
    const outcome = runRule(
      rule({
        conditions: [condition('c1', () => (seen.push('c1'), true)), condition('c2', () => (seen.push('c2'), true))],
        actions: [action('a1', () => seen.push('a1')), action('a2', () => seen.push('a2'))],
      }),
      ctx,
      log,
    );
    expect(outcome).toBe('fired');
    expect(seen).toEqual(['c1', 'c2', 'a1', 'a2']);
  });

  it('passes the rule context to conditions and actions', () => {
    const check = vi.fn(() => true);
    const run = vi.fn();
    runRule(rule({ conditions: [{ name: 'c', check }], actions: [{ name: 'a', run }] }), ctx, log);
    expect(check).toHaveBeenCalledWith(ctx);
    expect(run).toHaveBeenCalledWith(ctx);
  });

  it('a condition returning false stops the rule before its actions and later conditions; the log says which, when it is on', () => {
    const later = vi.fn(() => true);
    const run = vi.fn();
    const stopped = rule({ conditions: [condition('no', () => false), condition('later', later)], actions: [action('a', run)] });
    expect(runRule(stopped, ctx, log)).toBe('conditionNotMet');
    expect(later).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    // Most rules of a click stop at a condition: with the log off, the line is not even made.
    expect(log.lines('log')).toEqual([]);
    log.setEnabled(true);
    expect(runRule(stopped, ctx, log)).toBe('conditionNotMet');
    expect(log.lines('log').some((l) => l.includes('condition "no" not met'))).toBe(true);
    expect(log.lines('error')).toEqual([]);
  });

  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
    [true, true, false],
  ])('negate=%s with check result %s lets the actions run: %s', (negate, result, runs) => {
    const run = vi.fn();
    const outcome = runRule(rule({ conditions: [condition('c', () => result, negate)], actions: [action('a', run)] }), ctx, log);
    expect(run).toHaveBeenCalledTimes(runs ? 1 : 0);
    expect(outcome).toBe(runs ? 'fired' : 'conditionNotMet');
  });

  it('negate also applies to an asynchronous condition', async () => {
    const run = vi.fn();
    const outcome = runRule(rule({ conditions: [condition('c', () => Promise.resolve(false), true)], actions: [action('a', run)] }), ctx, log);
    expect(outcome).toBeInstanceOf(Promise);
    await expect(outcome).resolves.toBe('fired');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for an asynchronous condition before running the actions', async () => {
    let release!: (v: boolean) => void;
    const run = vi.fn();
    const outcome = runRule(
      rule({ conditions: [condition('later', () => new Promise<boolean>((r) => (release = r)))], actions: [action('a', run)] }),
      ctx,
      log,
    );
    await flushMicrotasks();
    expect(run).not.toHaveBeenCalled();
    release(true);
    await expect(outcome).resolves.toBe('fired');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('an asynchronous action makes the next action of the same rule wait for it', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const outcome = runRule(
      rule({
        actions: [
          action('first', () => new Promise<void>((r) => (release = () => (seen.push('first done'), r())))),
          action('second', () => seen.push('second')),
        ],
      }),
      ctx,
      log,
    );
    await flushMicrotasks();
    expect(seen).toEqual([]);
    release();
    await expect(outcome).resolves.toBe('fired');
    expect(seen).toEqual(['first done', 'second']);
  });

  it('ends a condition that never resolves at exactly the time-out, logs an error and runs no action', async () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const outcome = runRule(
      rule({ name: 'hung', conditions: [condition('never', () => new Promise<boolean>(() => {}))], actions: [action('a', run)] }),
      ctx,
      log,
    );
    let settled: unknown = 'pending';
    void Promise.resolve(outcome).then((o) => (settled = o));

    await vi.advanceTimersByTimeAsync(COMPONENT_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    expect(log.lines('error')).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('failed');
    expect(run).not.toHaveBeenCalled();
    const errors = log.lines('error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Rule "hung"');
    expect(errors[0]).toContain('condition "never"');
    expect(errors[0]).toContain(`timed out after ${COMPONENT_TIMEOUT_MS} ms`);
  });

  it('honours a component time-out of its own and the runner-wide time-out', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<boolean>(() => {});
    const own = runRule(rule({ conditions: [{ name: 'c', check: never, timeoutMs: 100 }], actions: [] }), ctx, log);
    const wide = runRule(rule({ conditions: [{ name: 'c', check: never }], actions: [] }), ctx, log, 500);
    const states: Record<string, unknown> = { own: 'pending', wide: 'pending' };
    void Promise.resolve(own).then((o) => (states.own = o));
    void Promise.resolve(wide).then((o) => (states.wide = o));
    await vi.advanceTimersByTimeAsync(99);
    expect(states).toEqual({ own: 'pending', wide: 'pending' });
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual({ own: 'failed', wide: 'pending' });
    await vi.advanceTimersByTimeAsync(400);
    expect(states).toEqual({ own: 'failed', wide: 'failed' });
  });

  it('an action that never settles times out and stops only the rest of this rule', async () => {
    vi.useFakeTimers();
    const after = vi.fn();
    const outcome = runRule(rule({ actions: [action('stuck', () => new Promise(() => {})), action('after', after)] }), ctx, log);
    await vi.advanceTimersByTimeAsync(COMPONENT_TIMEOUT_MS);
    await expect(outcome).resolves.toBe('failed');
    expect(after).not.toHaveBeenCalled();
    expect(log.lines('error')[0]).toContain('action "stuck"');
  });

  it('a synchronous throw in an action ends the rule with a logged error instead of throwing', () => {
    const after = vi.fn();
    let outcome: unknown;
    expect(() => {
      outcome = runRule(
        rule({
          actions: [
            action('boom', () => {
              throw new Error('kaput');
            }),
            action('after', after),
          ],
        }),
        ctx,
        log,
      );
    }).not.toThrow();
    expect(outcome).toBe('failed');
    expect(after).not.toHaveBeenCalled();
    expect(log.lines('error')).toEqual([expect.stringContaining('action "boom" failed: kaput')]);
  });

  it('a throwing condition ends the rule with a logged error', () => {
    const run = vi.fn();
    const outcome = runRule(
      rule({
        conditions: [
          condition('bad', () => {
            throw new TypeError('nope');
          }),
        ],
        actions: [action('a', run)],
      }),
      ctx,
      log,
    );
    expect(outcome).toBe('failed');
    expect(run).not.toHaveBeenCalled();
    expect(log.lines('error')[0]).toContain('condition "bad" failed: nope');
  });

  it('a rejected promise ends the rule with a logged error and the outcome promise still resolves', async () => {
    const after = vi.fn();
    const outcome = runRule(rule({ actions: [action('reject', () => Promise.reject(new Error('refused'))), action('after', after)] }), ctx, log);
    await expect(outcome).resolves.toBe('failed');
    expect(after).not.toHaveBeenCalled();
    expect(log.lines('error')[0]).toContain('action "reject" failed: refused');
  });

  it('a thenable whose then() throws is treated as a failure, not an exception', async () => {
    const bad = {
      // biome-ignore lint/suspicious/noThenProperty: the case under test is a thenable whose then() throws
      then: () => {
        throw new Error('bad thenable');
      },
    };
    const outcome = runRule(rule({ actions: [action('weird', () => bad)] }), ctx, log);
    await expect(outcome).resolves.toBe('failed');
    expect(log.lines('error')[0]).toContain('bad thenable');
  });

  it('clears the time-out once a promise settles, so no late error is logged', async () => {
    vi.useFakeTimers();
    const outcome = runRule(rule({ actions: [action('quick', () => Promise.resolve('ok'))] }), ctx, log);
    await expect(outcome).resolves.toBe('fired');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(COMPONENT_TIMEOUT_MS * 2);
    expect(log.lines('error')).toEqual([]);
  });
});
