/**
 * Tracked clicks on links and Canada.ca blocks, shared by links.ts (every page) and blocks.ts
 * (pages with those blocks): each click's link kind, worked out once per event, and the beacon.
 */
import type { Tracker } from '../../analytics/tracker';
import type { LinkType } from '../../analytics/wireFormat';
import { saveClickContext } from '../../dataElements/clickContext';
import type { InteractionValue } from '../../dataElements/sdr';
import type { Condition, EventContext, Rule, RuleContext } from '../../engine/types';
import { sendLinkBeacon } from './beacons';
import { elementOf, notExempt, when } from './conditions';
import { labelOf } from './dom';
import * as L from './links';
import { click, rule } from './rule';

export type Values = Partial<Record<InteractionValue, string>>;

export const DOWNLOAD_EVENT = 41;
export const EXIT_EVENT = 42;

export const linkValues = (el: Element): Values => ({ linkText: labelOf(el), linkUrl: L.linkAddress(el) });

export function createLinkClicks(tracker: Tracker) {
  // One click starts a dozen rules on the same link: its kind is worked out once per event.
  const kinds = new WeakMap<EventContext, L.LinkKind>();
  const kindOf = ({ event }: RuleContext): L.LinkKind => {
    if (!kinds.has(event)) kinds.set(event, event.element ? L.linkKind(event.element) : 'none');
    return kinds.get(event)!;
  };
  const is = (kind: L.LinkKind) => when(`link is ${kind}`, (ctx) => kindOf(ctx) === kind);

  /** Sends a link beacon; a click that loads another page of this host first leaves its context for that page. */
  const send = (ctx: RuleContext, name: string, values: Values, click = true, type: LinkType = 'o', events: number[] = []) => {
    const el = ctx.event.element;
    if (click && el && L.leadsToPageHere(el)) saveClickContext({ url: values.linkUrl || L.linkAddress(el), text: values.linkText || labelOf(el) });
    // The link URL (pev1) is the interaction's own address when it has one.
    return sendLinkBeacon(tracker, ctx, name, values, events, click, { type, url: values.linkUrl || undefined });
  };

  /**
   * One tracked click (not on exempt elements). A download is named 'Download Link - url' (SPEC
   * §7) with event 41; an exit is link type e with event 42 when the destination is another
   * site, else o.
   */
  const clickRule = (name: string, selector: string, valuesOf: (el: Element, ctx: RuleContext) => Values, conditions: Condition[] = [], kind?: 'download' | 'exit'): Rule =>
    rule(name, click(selector), [notExempt, ...conditions], (ctx) => {
      const values = valuesOf(elementOf(ctx), ctx);
      if (kind === 'download') return send(ctx, `${name} - ${values.linkUrl}`, values, true, 'd', [DOWNLOAD_EVENT]);
      return kind && kindOf(ctx) === 'outbound' ? send(ctx, name, values, true, 'e', [EXIT_EVENT]) : send(ctx, name, values);
    });

  return { is, send, clickRule };
}
