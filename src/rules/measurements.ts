/**
 * Page-level measurements that must be written down for later: the visit cookies are written
 * after the page variables have read them (order 95, between the page variables at 90 and the
 * send at 100), on a page bottom and on an app's virtual page views. The page's timings are
 * watched from the page-bottom sequence (page.ts, order 10) and saved when the page is left; the
 * bot checks are pure data elements.
 */
import { saveVisit } from '../dataElements';
import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';
import { PAGE_BOTTOM_ORDER } from './lib/pageBottomOrder';
import { called, PAGE_BOTTOM, pushed, rule } from './lib/rule';

export function measurementsRules(_deps: RuleDependencies): Rule[] {
  return [
    // After the virtual page views of dataLayer.ts (CUSTOM_PAGE_LOAD, an app's pageLoad push) too.
    rule('Visit cookies', [PAGE_BOTTOM, called('CUSTOM_PAGE_LOAD'), pushed('pageLoad')], [], () => saveVisit(), {
      order: PAGE_BOTTOM_ORDER.visitCookies,
      action: 'Save visit',
    }),
  ];
}
