import type { RuleDependencies } from './deps';
import type { Rule } from '../engine/types';
import { addPageViewEvents, setPageVariables } from './lib/page';

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
            addPageViewEvents(tracker, ctx);
            return tracker.t();
          },
        },
        { name: 'Clear variables', run: () => tracker.clearVars() },
      ],
    },
  ];
}
