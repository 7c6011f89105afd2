/**
 * Other interactions (SPEC §1, §4, §5): expand/collapse, expand all, tab open, data-table
 * filter, the survey pop-up's impression and yes click, and the screen id. Markup is WET/GCWeb's:
 * `details > summary`, `.wb-toggle[data-toggle]`, `.wb-tabs [role=tab]`, DataTables' filter box
 * and WET's filter plugin. The pop-up (src/survey) reports itself through direct calls.
 */
import type { Condition, Rule } from '../engine/types';
import { slotsOf } from '../dataElements/sdr';
import { redactText } from '../privacy';
import { sendLinkBeacon } from './lib/beacons';
import { elementIs, elementOf, not, notExempt, pathIsOneOf, when } from './lib/conditions';
import { all, attrText, isVisible, labelOf, pick } from './lib/dom';
import { called, click, domEvent, PAGE_BOTTOM, rule } from './lib/rule';
import type { RuleDependencies } from './deps';

/** Link names shared with the data-layer rules, so both report the same interaction alike. */
export const EXPAND = 'Expand/Collapse';
export const EXPAND_ALL_CLICK = 'Expand All Click';
export const TAB_OPEN = 'Tab Open';
export const TABLE_FILTER_NAME = 'Data Table Filter';

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

export function screenIdOf(): string {
  const tagged = document.querySelector('[data-gc-screen-id]');
  const id = tagged && attrText(tagged, 'data-gc-screen-id');
  if (id) return id;
  const label = all('#wb-dtmd dt').find((dt) => SCREEN_LABEL.test(labelOf(dt)));
  return labelOf(label && label.nextElementSibling);
}

export function interactionsRules({ tracker }: RuleDependencies): Rule[] {
  const onTariffPage = pathIsOneOf(TARIFF_PAGES);
  /** A click (not exempt) that passes `conditions` reports the element's label, scrubbed, as the interaction title. */
  const clickRule = (name: string, selector: string, ...conditions: Condition[]) =>
    rule(name, click(selector), [notExempt, ...conditions], (ctx) =>
      sendLinkBeacon(tracker, ctx, name, { interactionTitle: redactText(labelOf(elementOf(ctx))) }, [], true),
    );
  const popupRule = (name: string, identifier: string, click?: boolean) =>
    rule(name, [called(identifier)], [], (ctx) => {
      const popupName = pick(ctx.event.detail, 'name');
      return sendLinkBeacon(tracker, ctx, name, { popupName: typeof popupName === 'string' ? popupName : undefined }, [], click);
    });
  return [
    clickRule(
      EXPAND,
      'details > summary',
      // The click runs before the browser toggles: closed now means opening.
      elementIs('opening', (summary) => !summary.parentElement!.hasAttribute('open')),
      elementIs('visible', isVisible),
      elementIs('not in details, tabs, menus', (summary) => !summary.closest(EXPAND_EXCLUDED)),
    ),
    // WET's toggle opens everything when its type is "on" ("off" closes, "toggle" flips one).
    clickRule(EXPAND_ALL_CLICK, EXPAND_ALL, elementIs('toggle type is "on"', (toggle) => /"type"\s*:\s*"on"/.test(toggle.getAttribute('data-toggle')!))),
    clickRule(
      TAB_OPEN,
      TAB,
      elementIs('not the active tab', (tab) => tab.getAttribute('aria-selected') !== 'true' && !tab.parentElement!.classList.contains('active')),
      elementIs('not in a carousel', (tab) => !tab.closest('[class*=carousel]')),
    ),
    rule(
      TABLE_FILTER_NAME,
      domEvent('change', TABLE_FILTER),
      [
        notExempt,
        elementIs('not blank', (input) => (input as HTMLInputElement).value.trim() !== ''),
        not(pathIsOneOf(FILTER_BLOCKLIST), "block-list flag is 'no'"),
      ],
      (ctx) => {
        const text = elementOf<HTMLInputElement>(ctx).value.trim();
        return sendLinkBeacon(tracker, ctx, TABLE_FILTER_NAME, { filterText: onTariffPage.check(ctx) ? text : redactText(text) });
      },
    ),
    popupRule('Pop-up Impression', 'popUpImpression'),
    popupRule('Popup yes click', 'popupYesClick', true),
    // SPEC §4 page-bottom setters (order 80): the page view at 100 then carries the screen id.
    rule(
      'Screen ID',
      [PAGE_BOTTOM],
      [when('has a screen id', () => screenIdOf() !== '')],
      () => slotsOf('screenId').forEach((slot) => tracker.set(slot, screenIdOf())),
      80,
      'set eVar64',
    ),
  ];
}
