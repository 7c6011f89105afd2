/** Conditions that Canada.ca rules share. Each is a plain Condition object, so rules stay data. */
import type { CanadaRuleContext } from '../../dataElements/names';
import type { Condition } from '../../engine/types';
import { isExempt } from './dom';

/** A condition from a predicate; the name is what the logdtm log shows when it fails. */
export const when = (name: string, check: (ctx: CanadaRuleContext) => ReturnType<Condition['check']>): Condition => ({ name, check });

/** Whether an element is exempt, as found for the event (its id) that last asked. */
const exemptions = new WeakMap<Element, readonly [eventId: number, exempt: boolean]>();

/**
 * The element the rule matched is not inside an analytics-exempt block. Most click rules ask it
 * of the same element: the page is looked at once per event.
 */
export const notExempt: Condition = when('not analytics-exempt', ({ event }) => {
  const element = event.element || event.target;
  if (!element) return true;
  const known = exemptions.get(element);
  if (known && known[0] === event.id) return !known[1];
  const exempt = isExempt(element);
  exemptions.set(element, [event.id, exempt]);
  return !exempt;
});

/** The page path (case-insensitive) is one of `paths`. */
export const pathIsOneOf = (paths: readonly string[]): Condition =>
  when(`path is one of ${paths}`, () => paths.some((path) => path.toLowerCase() === location.pathname.toLowerCase()));

/** The same condition, passing when it fails; `name` says what passing means. */
export const not = (condition: Condition, name = `not (${condition.name})`): Condition => ({ ...condition, name, negate: !condition.negate });

/** The element the rule's selector matched, typed as the rule knows it to be. */
export const elementOf = <E extends Element = Element>(ctx: CanadaRuleContext) => ctx.event.element as E;

/** A condition on the element the rule matched. */
export const elementIs = (name: string, check: (element: Element) => boolean): Condition => when(name, (ctx) => check(elementOf(ctx)));
