/** Conditions that Canada.ca rules share. Each is a plain Condition object, so rules stay data. */
import type { Condition, RuleContext } from '../../engine/types';
import { isExempt } from './dom';

/** A condition from a predicate; the name is what the logdtm log shows when it fails. */
export const when = (name: string, check: (ctx: RuleContext) => boolean): Condition => ({ name, check });

/** The element the rule matched is not inside an analytics-exempt block. */
export const notExempt: Condition = when('not analytics-exempt', (ctx) => !isExempt(ctx.event.element ?? ctx.event.target));

/** The page path (case-insensitive) is one of `paths`. */
export const pathIsOneOf = (paths: readonly string[]): Condition => {
  const wanted = new Set(paths.map((p) => p.toLowerCase()));
  return when(`path is one of ${paths.join(', ')}`, () => wanted.has(location.pathname.toLowerCase()));
};

/** The page path matches `pattern`. */
export const pathMatches = (pattern: RegExp): Condition => when(`path matches ${pattern}`, () => pattern.test(location.pathname));

/** The same condition, passing when it fails. */
export const not = (condition: Condition): Condition => ({ ...condition, name: `not (${condition.name})`, negate: !condition.negate });
