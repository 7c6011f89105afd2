import type { Tracker } from '../analytics/tracker';
import type { RuleDependencies } from './deps';
import { PAGE_VIEW_ROWS } from '../dataElements/sdr';
import type { Rule, RuleContext } from '../engine/types';

/** Data-element values are strings in beacons; a missing value leaves its slot empty. */
const asText = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** Fills every page-level slot of the solution design reference from its data element. */
export function setPageVariables(tracker: Tracker, ctx: RuleContext): void {
  for (const row of PAGE_VIEW_ROWS) tracker.set(row.slot, asText(ctx.getVar(row.source.dataElement)));
}

export function pageRules({ tracker }: RuleDependencies): Rule[] {
  return [
    {
      name: 'Page variables',
      order: 90,
      events: [{ type: 'pageBottom' }],
      actions: [{ name: 'Set page variables from the solution design reference', run: (ctx) => setPageVariables(tracker, ctx) }],
    },
    {
      name: 'Page view',
      order: 100,
      events: [{ type: 'pageBottom' }],
      actions: [
        {
          name: 'Send the page-view beacon',
          run: (ctx) => {
            tracker.addEvent(9);
            tracker.addEvent(11);
            const age = asText(ctx.getVar('contentAge'));
            if (age && Number.isFinite(Number(age))) tracker.addEvent(12, Number(age));
            return tracker.t();
          },
        },
        { name: 'Clear variables', run: () => tracker.clearVars() },
      ],
    },
  ];
}
