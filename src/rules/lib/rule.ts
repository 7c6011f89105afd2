/**
 * Builders that keep each Canada.ca rule one line of data. Property names survive minification,
 * so a rule spelled out as an object literal costs a hundred bytes of keys in the tag; these
 * build the very same Rule objects from positional arguments.
 */
import type { CanadaRuleContext } from '../../dataElements/names';
import type { Condition, Rule, Trigger } from '../../engine/types';

/** A rule with one action: its `order` among the rules of its event, and its action's name (only the logdtm log shows it). */
export const rule = (
  name: string,
  events: Trigger[],
  conditions: Condition[],
  run: (ctx: CanadaRuleContext) => unknown,
  { order, action = 'send' }: { order?: number; action?: string } = {},
): Rule => ({
  name,
  order,
  events,
  conditions,
  actions: [{ name: action, run }],
});

export const click = (selector: string): Trigger[] => [{ type: 'click', selector }];
/** A DOM event the engine hears in the capture phase on elements matching `selector`. */
export const domEvent = (name: string, selector: string): Trigger[] => [{ type: 'customEvent', name, selector }];
export const pushed = (event: string): Trigger => ({ type: 'dataLayerPush', event });
export const called = (identifier: string): Trigger => ({ type: 'directCall', identifier });
export const PAGE_BOTTOM: Trigger = { type: 'pageBottom' };
