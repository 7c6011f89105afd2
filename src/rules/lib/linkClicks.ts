/**
 * Tracked clicks on links and Canada.ca blocks, shared by links.ts (every page) and blocks.ts
 * (pages with those blocks): each click's link kind, worked out once per event, and the beacon.
 */
import type { CanadaRuleContext } from '../../dataElements/names';
import type { Tracker } from '../../analytics/tracker';
import { saveClickContext } from '../../dataElements/clickContext';
import { EVENTS, type InteractionValue } from '../../dataElements/sdr';
import type { Condition, EventContext, Rule } from '../../engine/types';
import { type LinkOptions, sendLinkBeacon } from './beacons';
import { ownerOf, type ClickOwner } from './clickOwners';
import { elementOf, notExempt, when } from './conditions';
import { labelOf } from './dom';
import * as L from './links';
import { click, rule } from './rule';

export type Values = Partial<Record<InteractionValue, string>>;

export const linkValues = (el: Element): Values => ({ linkText: labelOf(el), linkUrl: L.linkAddress(el) });

export interface ClickOptions {
  /** The family the rule belongs to: it sends only for clicks that family owns. */
  owner: ClickOwner;
  /** Further conditions. */
  when?: Condition[];
  /** The Download rule itself. */
  download?: boolean;
}

/**
 * The click belongs to `owner`, worked out once per click: rules that matched different elements
 * of it have contexts of their own, but share its native event and target.
 */
let owned: readonly [click: object, owner: ClickOwner] | undefined;
const owns = (owner: ClickOwner) =>
  when(`click owned by ${owner} rules`, ({ event }) => {
    const click = event.nativeEvent ?? event;
    // The rules of one click run one after another: the last click's owner is the one asked for.
    if (owned?.[0] !== click) owned = [click, ownerOf(event.target, event.closest)];
    return owned[1] === owner;
  });

export function createLinkClicks(tracker: Tracker) {
  // One click starts a dozen rules on the same link: its kind is worked out once per event.
  let known: readonly [event: EventContext, kind: L.LinkKind] | undefined;
  const kindOf = ({ event }: CanadaRuleContext): L.LinkKind => {
    if (known?.[0] !== event) known = [event, event.element ? L.linkKind(event.element) : 'none'];
    return known[1];
  };
  const is = (kind: L.LinkKind) => when(`link is ${kind}`, (ctx) => kindOf(ctx) === kind);

  /** Sends a link beacon; a click that loads another page of this host first leaves its context for that page. */
  const send = (
    ctx: CanadaRuleContext,
    name: string,
    values: Values,
    { click = true, type = 'o', events = [] }: Pick<LinkOptions, 'click' | 'type' | 'events'> = {},
  ) => {
    const el = ctx.event.element;
    if (click && el && L.leadsToPageHere(el, kindOf(ctx))) saveClickContext({ url: values.linkUrl || L.linkAddress(el), text: values.linkText || labelOf(el) });
    // The link URL (pev1) is the interaction's own address when it has one.
    return sendLinkBeacon(tracker, ctx, name, values, { events, click, type, url: values.linkUrl || undefined });
  };

  /**
   * One tracked click (not on exempt elements), sent only when its `owner` family owns the click
   * (see clickOwners.ts). The Download rule names its beacon 'Download Link - url' (requirements CL-3),
   * type d with event 41; any other owner's beacon is type d with event 41 when the link is a
   * download, and type e with event 42 when it leaves for another site (an exit), except follow
   * and share links.
   */
  const clickRule = (name: string, selector: string, valuesOf: (el: Element, ctx: CanadaRuleContext) => Values, options: ClickOptions): Rule =>
    // The rule's own conditions first: a click on a plain link fails the download, exit, e-mail…
    // rules on its kind, worked out once, without finding which family owns it.
    rule(name, click(selector), [...(options.when ?? []), notExempt, owns(options.owner)], (ctx) => {
      const el = elementOf(ctx);
      const values = valuesOf(el, ctx);
      const kind = kindOf(ctx);
      if (options.download) return send(ctx, `${name} - ${values.linkUrl}`, values, { type: 'd', events: [EVENTS.download] });
      const rides = options.owner !== 'follow' && options.owner !== 'share';
      const withUrl = { ...values, linkUrl: values.linkUrl || L.linkAddress(el) };
      if (rides && kind === 'download') return send(ctx, name, withUrl, { type: 'd', events: [EVENTS.download] });
      if (rides && kind === 'outbound') return send(ctx, name, withUrl, { type: 'e', events: [EVENTS.exit] });
      return send(ctx, name, values);
    });

  return { is, send, clickRule };
}
