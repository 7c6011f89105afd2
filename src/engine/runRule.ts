/**
 * Runs one rule: its conditions, then its actions, in order.
 *
 * Synchronous components run synchronously, so a rule made only of synchronous parts has
 * finished before the next rule of the same event starts (page-bottom order values rely on
 * this). The first component that returns a promise makes the rest of *this rule* wait for it,
 * bounded by a time-out; no other rule waits. Any error or time-out ends this rule only, is
 * logged, and never reaches the host page.
 */
import { reason } from './logger';
import type { Action, Condition, Logger, Rule, RuleContext } from './types';

export const COMPONENT_TIMEOUT_MS = 2000;

export type RuleOutcome = 'fired' | 'conditionNotMet' | 'failed';

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

/** A condition passes when its result is truthy (falsy when negated); an action always does. */
const passes = (condition: Condition | undefined, result: unknown) => !condition || Boolean(result) !== Boolean(condition.negate);
const label = (component: Condition | Action, isCondition: boolean) => `${isCondition ? 'condition' : 'action'} "${component.name}"`;

function failed(rule: Rule, component: Condition | Action, isCondition: boolean, log: Logger, error: unknown): RuleOutcome {
  log.error(`Rule "${rule.name}": ${label(component, isCondition)} failed:`, reason(error));
  return 'failed';
}

function notMet(rule: Rule, condition: Condition, log: Logger): RuleOutcome {
  // Most rules of a click stop here: the line is not even built unless the log is on.
  if (log.enabled) log.log(`Rule "${rule.name}" did not fire: ${label(condition, true)} not met.`);
  return 'conditionNotMet';
}

/**
 * Runs the rule's components from the one at index `at` on (conditions, then actions). The
 * synchronous path builds nothing per component: a click runs dozens of rules, most stopped by
 * their first condition.
 */
export function runRule(rule: Rule, ctx: RuleContext, log: Logger, timeoutMs: number = COMPONENT_TIMEOUT_MS, at = 0): RuleOutcome | Promise<RuleOutcome> {
  const conditions = rule.conditions ?? [];
  for (; at < conditions.length + rule.actions.length; at++) {
    const condition = at < conditions.length ? conditions[at] : undefined;
    const component: Condition | Action = condition ?? rule.actions[at - conditions.length]!;
    let result: unknown;
    try {
      result = condition ? condition.check(ctx) : (component as Action).run(ctx);
    } catch (error) {
      return failed(rule, component, !!condition, log, error);
    }
    if (isThenable(result)) {
      const next = at + 1;
      return withTimeout(result, component.timeoutMs ?? timeoutMs).then(
        (value) => (passes(condition, value) ? runRule(rule, ctx, log, timeoutMs, next) : notMet(rule, condition!, log)),
        (error: unknown) => failed(rule, component, !!condition, log, error),
      );
    }
    if (!passes(condition, result)) return notMet(rule, condition!, log);
  }
  log.log(`Rule "${rule.name}" fired.`);
  return 'fired';
}
