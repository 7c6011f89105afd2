import type { Tracker } from '../analytics/tracker';
import type { Rule } from '../engine/types';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function pageRules(tracker: Tracker): Rule[] {
  return [
    {
      name: 'Page view',
      order: 100,
      events: [{ type: 'pageBottom' }],
      actions: [
        {
          name: 'Send the page-view beacon',
          run: (ctx) => {
            tracker.set('pageName', text(ctx.getVar('pageTitle')));
            tracker.set('pageURL', text(ctx.getVar('pageUrl')));
            tracker.set('referrer', text(ctx.getVar('referrer')));
            tracker.set('server', text(ctx.getVar('hostname')));
            tracker.addEvent(9);
            tracker.addEvent(11);
            return tracker.t();
          },
        },
        { name: 'Clear variables', run: () => tracker.clearVars() },
      ],
    },
  ];
}
