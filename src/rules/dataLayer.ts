/**
 * Data-layer events and the custom direct calls (requirements DL-1, DL-2). A page reports an interaction the tag
 * cannot see by pushing `{ event, userEvent: { text, url, title, position, fileType, filter },
 * form: { name, list }, link: { customCall } }` (only what applies). `search` and `searchResult`
 * are handled in search.ts, `error` in errors.ts.
 *
 * - CUSTOM_TRACK takes the same object as its detail: `_satellite.track('CUSTOM_TRACK',
 *   { link: { customCall: 'Calculator used' }, userEvent: { text: 'Calculate' } })`.
 * - CUSTOM_PAGE_LOAD (and a `pageLoad` push on a single-page app, whose page-bottom view is
 *   skipped) sends a page view. A `pageLoad` push elsewhere is the page describing itself, not a
 *   new view, so it sends nothing.
 */
import type { LinkType } from '../analytics/wireFormat';
import { EVENTS, type InteractionValue } from '../dataElements/sdr';
import type { Rule } from '../engine/types';
import { sendLinkBeacon } from './lib/beacons';
import { when } from './lib/conditions';
import { isSinglePageApp } from './lib/page';
import { sendPageView } from './lib/pageView';
import { called, pushed, rule } from './lib/rule';
import { FORM_SUBMIT } from './forms';
import { EXPAND, EXPAND_ALL_CLICK, TAB_OPEN, TABLE_FILTER_NAME } from './interactions';
import { CUSTOM_CLICK, DOWNLOAD_LINK, NAVIGATION_MENU_INITIATE, NAVIGATION_TRACKING, OUTBOUND_LINK } from './links';
import type { RuleDependencies } from './deps';

/** [event, link type, link name, events, counts as a click] */
type Push = readonly [event: string, type: LinkType, name: string, events: number[], click: boolean];

/** A row: a click unless told, an 'o' link with no events unless told. */
const push = (event: string, name: string, { click = true, type = 'o', events = [] }: { click?: boolean; type?: LinkType; events?: number[] } = {}): Push => [
  event,
  type,
  name,
  events,
  click,
];

/** The interactions a page can push, named as the rules that see them name them. */
export const DATA_LAYER_PUSHES: readonly Push[] = [
  push('download', DOWNLOAD_LINK, { type: 'd', events: [EVENTS.download] }),
  push('exit', OUTBOUND_LINK, { type: 'e', events: [EVENTS.exit] }),
  push('customclick', CUSTOM_CLICK),
  push('customTracking', 'Custom Tracking', { click: false }),
  push('navigation', NAVIGATION_TRACKING),
  push('navMenu', NAVIGATION_MENU_INITIATE),
  push('expandAll', EXPAND_ALL_CLICK),
  push('expand', EXPAND),
  push('tabOpen', TAB_OPEN),
  push('filter', TABLE_FILTER_NAME, { click: false }),
  push('formSubmit', FORM_SUBMIT, { events: [EVENTS.formSubmit] }),
  push('pageTop', 'Page Top'),
];

/** Where each interaction value is read from in the pushed object. */
const FIELDS: ReadonlyArray<readonly [string, InteractionValue]> = [
  ['userEvent.text', 'linkText'],
  ['userEvent.url', 'linkUrl'],
  ['userEvent.title', 'interactionTitle'],
  ['userEvent.position', 'linkPosition'],
  ['userEvent.fileType', 'fileType'],
  ['userEvent.filter', 'filterText'],
  ['form.name', 'formName'],
  ['form.list', 'formList'],
];

/** A text or number at a dotted path of the pushed object. */
function read(detail: unknown, path: string): string | undefined {
  let value = detail;
  for (const key of path.split('.')) value = typeof value === 'object' && value ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : undefined;
}

export function dataLayerRules({ tracker }: RuleDependencies): Rule[] {
  return [
    ...DATA_LAYER_PUSHES.map(([event, type, name, events, click]) =>
      rule(`Data layer: ${event}`, event === 'customTracking' ? [pushed(event), called('CUSTOM_TRACK')] : [pushed(event)], [], (ctx) => {
        const detail = ctx.event.detail;
        const values = Object.fromEntries(FIELDS.map(([path, value]) => [value, read(detail, path)]).filter(([, v]) => v));
        return sendLinkBeacon(
          tracker,
          ctx,
          // A custom call names itself; a download is named by its address, as links.ts does.
          read(detail, 'link.customCall') ?? (type === 'd' && values.linkUrl ? `${name} - ${values.linkUrl}` : name),
          values,
          { events, click, type, url: values.linkUrl },
        );
      }),
    ),
    rule(
      'Custom page load',
      [called('CUSTOM_PAGE_LOAD'), pushed('pageLoad')],
      [when('direct call or SPA', (ctx) => ctx.event.type === 'directCall' || isSinglePageApp.check(ctx) === true)],
      (ctx) => sendPageView(tracker, ctx),
    ),
  ];
}
