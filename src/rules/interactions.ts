/**
 * Other interactions (SPEC §1, §4, §5): expand/collapse, expand all, tab open, data-table
 * filter, the survey pop-up's impression and yes click, and the screen id. Markup is WET/GCWeb's:
 * `details > summary`, `.wb-toggle[data-toggle]`, `.wb-tabs [role=tab]`, DataTables' filter box
 * and WET's filter plugin. The pop-up (src/survey) reports itself through direct calls.
 */
import type { Rule, RuleContext } from '../engine/types';
import { slotsOf } from '../dataElements/sdr';
import { redactText } from '../privacy';
import { sendLinkBeacon } from './lib/beacons';
import { not, notExempt, pathIsOneOf, when } from './lib/conditions';
import { isVisible, labelOf } from './lib/dom';
import type { RuleDependencies } from './deps';

/** Link names shared with the data-layer rules, so both report the same interaction alike. */
export const INTERACTION_NAMES = {
  expand: 'Expand/Collapse',
  expandAll: 'Expand All Click',
  tabOpen: 'Tab Open',
  filter: 'Data Table Filter',
} as const;

/** Expanding these is not content: page details, tabs (tab open covers them) and menus. */
export const EXPAND_EXCLUDED = '.pagedetails, .wb-tabs, nav, [role=menu], [role=menubar], .gcweb-menu';
export const EXPAND_ALL = '.wb-toggle[data-toggle]';
export const TAB = '.wb-tabs [role=tab]';
export const TABLE_FILTER = '.dataTables_filter input, input.wb-fltr-inpt';
/** Pages whose filter text is never recorded (the block-list flag is 'yes' there): staff directories. */
export const FILTER_BLOCKLIST = ['/en/privy-council/corporate/employee-directory.html', '/fr/conseil-prive/organisation/repertoire-employes.html'];
/**
 * The tariff product lists: visitors type tariff item numbers (8703.23.00.00, 8703230000), which
 * the personal-information filter would take for long digit runs, so the rule records them raw.
 */
export const TARIFF_PAGES = [
  '/en/department-finance/programs/tariff-product-list.html',
  '/fr/ministere-finances/programmes/liste-produits-tarifaires.html',
];
/** Screen ids: a `[data-gc-screen-id]` attribute, else the "Screen identifier" entry of page details (WET's #wb-dtmd). */
const SCREEN_LABEL = /^(screen id|identifi\w* d.[ée]cran)/i;

const elementOf = (ctx: RuleContext) => ctx.event.element!;

export function screenIdOf(): string {
  const tagged = document.querySelector('[data-gc-screen-id]')?.getAttribute('data-gc-screen-id');
  if (tagged?.trim()) return tagged.trim();
  const label = Array.from(document.querySelectorAll('#wb-dtmd dt')).find((dt) => SCREEN_LABEL.test(labelOf(dt)));
  return labelOf(label?.nextElementSibling);
}

const popupName = (ctx: RuleContext) => {
  const name = (ctx.event.detail as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
};

export function interactionsRules({ tracker }: RuleDependencies): Rule[] {
  const onTariffPage = pathIsOneOf(TARIFF_PAGES);
  const filterFlag = pathIsOneOf(FILTER_BLOCKLIST);
  const send = (ctx: RuleContext, name: string, title: string, click = true) =>
    sendLinkBeacon(tracker, ctx, { type: 'o', name, values: name === INTERACTION_NAMES.filter ? { filterText: title } : { interactionTitle: title }, click });
  return [
    {
      name: INTERACTION_NAMES.expand,
      events: [{ type: 'click', selector: 'details > summary' }],
      conditions: [
        notExempt,
        // The click runs before the browser toggles: closed now means opening.
        when('opening', (ctx) => !elementOf(ctx).parentElement!.hasAttribute('open')),
        when('visible', (ctx) => isVisible(elementOf(ctx))),
        when('not in page details, tabs or menus', (ctx) => !elementOf(ctx).closest(EXPAND_EXCLUDED)),
      ],
      actions: [{ name: 'send', run: (ctx) => send(ctx, INTERACTION_NAMES.expand, redactText(labelOf(elementOf(ctx)))) }],
    },
    {
      name: INTERACTION_NAMES.expandAll,
      events: [{ type: 'click', selector: EXPAND_ALL }],
      // WET's toggle opens everything when its type is "on" ("off" closes, "toggle" flips one).
      conditions: [notExempt, when('toggle type is "on"', (ctx) => /"type"\s*:\s*"on"/.test(elementOf(ctx).getAttribute('data-toggle')!))],
      actions: [{ name: 'send', run: (ctx) => send(ctx, INTERACTION_NAMES.expandAll, redactText(labelOf(elementOf(ctx)))) }],
    },
    {
      name: INTERACTION_NAMES.tabOpen,
      events: [{ type: 'click', selector: TAB }],
      conditions: [
        notExempt,
        when('not the active tab', (ctx) => {
          const tab = elementOf(ctx);
          return tab.getAttribute('aria-selected') !== 'true' && !tab.parentElement!.classList.contains('active');
        }),
        when('not in a carousel', (ctx) => !elementOf(ctx).closest('[class*=carousel]')),
      ],
      actions: [{ name: 'send', run: (ctx) => send(ctx, INTERACTION_NAMES.tabOpen, redactText(labelOf(elementOf(ctx)))) }],
    },
    {
      name: INTERACTION_NAMES.filter,
      events: [{ type: 'change', selector: TABLE_FILTER }],
      conditions: [
        notExempt,
        when('not blank', (ctx) => (elementOf(ctx) as HTMLInputElement).value.trim() !== ''),
        { ...not(filterFlag), name: "block-list flag is 'no'" },
      ],
      actions: [
        {
          name: 'send',
          run: (ctx) => {
            const text = (elementOf(ctx) as HTMLInputElement).value.trim();
            return send(ctx, INTERACTION_NAMES.filter, onTariffPage.check(ctx) ? text : redactText(text), false);
          },
        },
      ],
    },
    {
      name: 'Pop-up Impression',
      events: [{ type: 'directCall', identifier: 'popUpImpression' }],
      actions: [{ name: 'send', run: (ctx) => sendLinkBeacon(tracker, ctx, { type: 'o', name: 'Pop-up Impression', values: { popupName: popupName(ctx) } }) }],
    },
    {
      name: 'Popup yes click',
      events: [{ type: 'directCall', identifier: 'popupYesClick' }],
      actions: [
        { name: 'send', run: (ctx) => sendLinkBeacon(tracker, ctx, { type: 'o', name: 'Popup yes click', values: { popupName: popupName(ctx) }, click: true }) },
      ],
    },
    {
      // SPEC §4 page-bottom setters (order 80): the page view at 100 then carries the screen id.
      name: 'Screen ID',
      order: 80,
      events: [{ type: 'pageBottom' }],
      conditions: [when('the page shows a screen id', () => screenIdOf() !== '')],
      actions: [{ name: 'set eVar64', run: () => slotsOf('screenId').forEach((slot) => tracker.set(slot, screenIdOf())) }],
    },
  ];
}
