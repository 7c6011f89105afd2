/**
 * Errors the page reports (requirements ER-2): `adobeDataLayer.push({ event: 'error', error: { name } })`
 * sends 'Error Event' with the error type dimension and event 100. Error pages (404/403/500)
 * are page views, described by the error-page data element; no-results searches are in search.ts.
 */
import { EVENTS } from '../dataElements/sdr';
import type { Rule } from '../engine/types';
import { sendLinkBeacon } from './lib/beacons';
import { when } from './lib/conditions';
import { pick } from './lib/dom';
import { pushed, rule } from './lib/rule';
import type { RuleDependencies } from './deps';

const errorName = (detail: unknown): string => {
  const name = pick(pick(detail, 'error'), 'name');
  return typeof name === 'string' ? name.trim() : '';
};

export function errorsRules({ tracker }: RuleDependencies): Rule[] {
  return [
    rule('Error Event', [pushed('error')], [when('error named', (ctx) => errorName(ctx.event.detail) !== '')], (ctx) =>
      sendLinkBeacon(tracker, ctx, 'Error Event', { errorType: errorName(ctx.event.detail) }, { events: [EVENTS.error] }),
    ),
  ];
}
