/**
 * Page widgets (requirements CL-9): expand/collapse, expand all, tab open and the data-table
 * filter. Markup is WET/GCWeb's: `details > summary`, `.wb-toggle[data-toggle]`,
 * `.wb-tabs [role=tab]`, DataTables' filter box and WET's filter plugin; and the GC Design
 * System's `<gcds-details>` and `<gcds-table>`. Loaded on demand, on pages that have such a widget.
 */
import type { CanadaRuleContext } from '../dataElements/names';
import type { Condition, Rule } from '../engine/types';
import { sendLinkBeacon } from './lib/beacons';
import { elementIs, elementOf, not, notExempt, pathIsOneOf, when } from './lib/conditions';
import { isVisible, labelOf, pick } from './lib/dom';
import { click, domEvent, rule } from './lib/rule';
import type { RuleDependencies } from './deps';
import { EXPAND, EXPAND_ALL_CLICK, TAB_OPEN, TABLE_FILTER_NAME } from './interactions';

/** Expanding these is not content: page details, tabs (tab open covers them) and menus. */
export const EXPAND_EXCLUDED = '.pagedetails, .wb-tabs, nav, [role=menu], [role=menubar], .gcweb-menu';
export const EXPAND_ALL = '.wb-toggle[data-toggle]';
export const TAB = '.wb-tabs [role=tab]';
export const TABLE_FILTER = '.dataTables_filter input, input.wb-fltr-inpt';
/** The design system's expand/collapse: its summary is a button in its shadow root. */
export const GCDS_DETAILS = 'gcds-details';
/**
 * The design system's data table. Its filter is typed in a dialog in its shadow root; once
 * applied, the table announces the rows it shows, with the filter, by this event (composed).
 */
export const GCDS_TABLE = 'gcds-table';
export const GCDS_TABLE_CHANGE = 'gcdsTableStateChange';
/** What this area's rules act on (areas.ts loads it when a page has some); a filter box appears once its table script runs. */
export const WIDGETS = `details, .wb-toggle, .wb-tabs, .wb-tables, .wb-filter, ${TABLE_FILTER}, ${GCDS_DETAILS}, ${GCDS_TABLE}`;
/**
 * Expand/collapse panels no rule of this area reports, so that they alone do not load it: every
 * GCWeb content page has one, report a problem in its page details.
 */
export const UNTRACKED_DETAILS = EXPAND_EXCLUDED.split(', ')
  .map((container) => `${container} details`)
  .join(', ');
/** Pages whose filter text is never recorded (the block-list flag is 'yes' there): staff directories. */
export const FILTER_BLOCKLIST = ['/en/privy-council/corporate/employee-directory.html', '/fr/conseil-prive/organisation/repertoire-employes.html'];
/**
 * The tariff product lists: visitors type tariff item numbers (8703.23.00.00, 8703230000), which
 * the personal-information filter would take for phone numbers or long digit runs, so there the
 * filter text gets the product-code redaction (redactCodes) instead.
 */
export const TARIFF_PAGES = ['/en/department-finance/programs/tariff-product-list.html', '/fr/ministere-finances/programmes/liste-produits-tarifaires.html'];

/** The filter a design-system table announces ('' for none, or for a detail of another shape). */
const announcedFilter = (ctx: CanadaRuleContext) => {
  const filter = pick(ctx.event.detail, 'filterValue');
  return typeof filter === 'string' ? filter.trim() : '';
};

export function widgetsRules({ tracker }: RuleDependencies): Rule[] {
  const onTariffPage = pathIsOneOf(TARIFF_PAGES);
  const notBlockListed = not(pathIsOneOf(FILTER_BLOCKLIST), "block-list flag is 'no'");
  /** The filter text a visitor applied, scrubbed (only the tariff pages keep product codes). */
  const sendFilter = (ctx: CanadaRuleContext, filterText: string) =>
    // Tariff item numbers are the point of that page's filter: they are kept, e-mails and the like are not.
    onTariffPage.check(ctx)
      ? sendLinkBeacon(tracker, ctx, TABLE_FILTER_NAME, { filterText }, { codes: ['filterText'] })
      : sendLinkBeacon(tracker, ctx, TABLE_FILTER_NAME, { filterText });
  /**
   * The filter each design-system table shows: its page's own (`filter-value`) until a visitor
   * applies another. The table also announces its rows for a new page or sort, with the same filter.
   */
  const shownFilters = new WeakMap<Element, string>();
  /** A click (not exempt) that passes `conditions` reports the element's label, scrubbed, as the interaction title. */
  const clickRule = (name: string, selector: string, ...conditions: Condition[]) =>
    rule(name, click(selector), [notExempt, ...conditions], (ctx) =>
      sendLinkBeacon(tracker, ctx, name, { interactionTitle: labelOf(elementOf(ctx)) }, { click: true }),
    );
  return [
    clickRule(
      EXPAND,
      'details > summary',
      // The click runs before the browser toggles: closed now means opening.
      elementIs('opening', (summary) => !summary.parentElement!.hasAttribute('open')),
      elementIs('visible', isVisible),
      elementIs('not in details, tabs, menus', (summary) => !summary.closest(EXPAND_EXCLUDED)),
    ),
    rule(
      EXPAND,
      click(GCDS_DETAILS),
      [
        notExempt,
        // A click on the panel's own content targets that content; on the summary, the host itself.
        when('on its summary', (ctx) => ctx.event.target === ctx.event.element),
        elementIs('opening', (details) => !details.hasAttribute('open')),
      ],
      (ctx) => sendLinkBeacon(tracker, ctx, EXPAND, { interactionTitle: elementOf(ctx).getAttribute('details-title') || '' }, { click: true }),
    ),
    // WET's toggle opens everything when its type is "on" ("off" closes, "toggle" flips one).
    clickRule(
      EXPAND_ALL_CLICK,
      EXPAND_ALL,
      elementIs('toggle type is "on"', (toggle) => /"type"\s*:\s*"on"/.test(toggle.getAttribute('data-toggle')!)),
    ),
    clickRule(
      TAB_OPEN,
      TAB,
      elementIs('not the active tab', (tab) => tab.getAttribute('aria-selected') !== 'true' && !tab.parentElement!.classList.contains('active')),
      elementIs('not in a carousel', (tab) => !tab.closest('[class*=carousel]')),
    ),
    rule(
      TABLE_FILTER_NAME,
      domEvent('change', TABLE_FILTER),
      [notExempt, elementIs('not blank', (input) => (input as HTMLInputElement).value.trim() !== ''), notBlockListed],
      (ctx) => sendFilter(ctx, elementOf<HTMLInputElement>(ctx).value.trim()),
    ),
    rule(
      TABLE_FILTER_NAME,
      domEvent(GCDS_TABLE_CHANGE, GCDS_TABLE),
      [
        notExempt,
        when('a filter other than the one shown', (ctx) => {
          const table = elementOf(ctx);
          const shown = shownFilters.get(table) ?? (table.getAttribute('filter-value') || '').trim();
          const filter = announcedFilter(ctx);
          shownFilters.set(table, filter);
          return filter !== shown;
        }),
        when('not blank', (ctx) => announcedFilter(ctx) !== ''),
        notBlockListed,
      ],
      (ctx) => sendFilter(ctx, announcedFilter(ctx)),
    ),
  ];
}
