/**
 * Interactions of every page (requirements CL-1, CL-12): the survey pop-up's impression and yes click (the
 * pop-up in src/survey reports itself through direct calls) and the screen id. The names of the
 * page widgets' interactions (widgets.ts) are here, shared with the data-layer rules.
 */
import type { Rule } from '../engine/types';
import { slotsOf } from '../dataElements/sdr';
import { sendLinkBeacon } from './lib/beacons';
import { when } from './lib/conditions';
import { all, attrText, labelOf, pick } from './lib/dom';
import { PAGE_BOTTOM_ORDER } from './lib/pageBottomOrder';
import { called, PAGE_BOTTOM, rule } from './lib/rule';
import type { RuleDependencies } from './deps';

/** Link names shared with the data-layer rules, so both report the same interaction alike. */
export const EXPAND = 'Expand/Collapse';
export const EXPAND_ALL_CLICK = 'Expand All Click';
export const TAB_OPEN = 'Tab Open';
export const TABLE_FILTER_NAME = 'Data Table Filter';

/** Screen ids: a `[data-gc-screen-id]` attribute, else the "Screen identifier" entry of page details (WET's #wb-dtmd). */
const SCREEN_LABEL = /^(screen id|identifi\w* d.[ée]cran)/i;

export function screenIdOf(): string {
  const tagged = document.querySelector('[data-gc-screen-id]');
  const id = tagged && attrText(tagged, 'data-gc-screen-id');
  if (id) return id;
  const label = all('#wb-dtmd dt').find((dt) => SCREEN_LABEL.test(labelOf(dt)));
  return labelOf(label?.nextElementSibling);
}

export function interactionsRules({ tracker }: RuleDependencies): Rule[] {
  const popupRule = (name: string, identifier: string, { click = false } = {}) =>
    rule(name, [called(identifier)], [], (ctx) => {
      const popupName = pick(ctx.event.detail, 'name');
      return sendLinkBeacon(tracker, ctx, name, { popupName: typeof popupName === 'string' ? popupName : undefined }, { click });
    });
  return [
    popupRule('Pop-up Impression', 'popUpImpression'),
    popupRule('Popup yes click', 'popupYesClick', { click: true }),
    // A page-bottom setter (PB-1): the page view, later in the sequence, carries the screen id.
    rule(
      'Screen ID',
      [PAGE_BOTTOM],
      [when('has a screen id', () => screenIdOf() !== '')],
      () => slotsOf('screenId').forEach((slot) => tracker.set(slot, screenIdOf())),
      { order: PAGE_BOTTOM_ORDER.screenId, action: 'set eVar64' },
    ),
  ];
}
