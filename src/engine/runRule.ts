/**
 * Runs one rule: its conditions, then its actions, in order.
 *
 * Synchronous components run synchronously, so a rule made only of synchronous parts has
 * finished before the next rule of the same event starts (page-bottom order values rely on
 * this). The first component that returns a promise makes the rest of *this rule* wait for it,
 * bounded by a time-out; no other rule waits. Any error or time-out ends this rule only, is
 * logged, and never reaches the host page.
 */
import type { Action, Condition, Logger, Rule, RuleContext } from './types';

export const COMPONENT_TIMEOUT_MS = 2000;

export type RuleOutcome = 'fired' | 'conditionNotMet' | 'failed';

interface Step {
  label: string;
  timeoutMs: number;
  call(): unknown;
  /** False stops the rule without an error (a condition that did not pass). */
  passes(result: unknown): boolean;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function withTimeout(value: PromiseLike<unknown>, ms: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    // Promise.resolve adopts any thenable, even one whose then() throws.
    Promise.resolve(value).then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function conditionStep(condition: Condition, ctx: RuleContext, fallbackMs: number): Step {
  return {
    label: `condition "${condition.name}"`,
    timeoutMs: condition.timeoutMs ?? fallbackMs,
    call: () => condition.check(ctx),
    passes: (result) => Boolean(result) !== Boolean(condition.negate),
  };
}

function actionStep(action: Action, ctx: RuleContext, fallbackMs: number): Step {
  return { label: `action "${action.name}"`, timeoutMs: action.timeoutMs ?? fallbackMs, call: () => action.run(ctx), passes: () => true };
}

export function runRule(rule: Rule, ctx: RuleContext, log: Logger, timeoutMs: number = COMPONENT_TIMEOUT_MS): RuleOutcome | Promise<RuleOutcome> {
  const steps: Step[] = [...(rule.conditions ?? []).map((c) => conditionStep(c, ctx, timeoutMs)), ...rule.actions.map((a) => actionStep(a, ctx, timeoutMs))];

  const fail = (step: Step, error: unknown): RuleOutcome => {
    log.error(`Rule "${rule.name}": ${step.label} failed:`, error instanceof Error ? error.message : error);
    return 'failed';
  };
  const stopped = (index: number): RuleOutcome => {
    log.log(`Rule "${rule.name}" did not fire: ${steps[index]!.label} not met.`);
    return 'conditionNotMet';
  };

  const from = (start: number): RuleOutcome | Promise<RuleOutcome> => {
    for (let i = start; i < steps.length; i++) {
      const step = steps[i]!;
      let result: unknown;
      try {
        result = step.call();
      } catch (error) {
        return fail(step, error);
      }
      if (isThenable(result)) {
        return withTimeout(result, step.timeoutMs).then(
          (value) => (step.passes(value) ? from(i + 1) : stopped(i)),
          (error: unknown) => fail(step, error),
        );
      }
      if (!step.passes(result)) return stopped(i);
    }
    log.log(`Rule "${rule.name}" fired.`);
    return 'fired';
  };
  return from(0);
}
