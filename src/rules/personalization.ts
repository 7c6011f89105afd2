/**
 * Personalization offers in analytics: each offer tag-target.js renders is pushed to the data
 * layer with its test-offer metadata (`{event: 'targetOffer', target: {...}}`); this rule reports
 * it in a 'Personalization Offer' link call, the activity, experience, offer, their ids and where
 * it was shown in their SDR slots (eVar72–76), read through the personalization data elements.
 */
import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';
import { sendLinkBeacon } from './lib/beacons';
import { pushed, rule } from './lib/rule';

export const PERSONALIZATION_OFFER = 'Personalization Offer';
/** The data-layer event tag-target.js pushes (personalization/offers.ts OFFER_EVENT). */
const OFFER_PUSH = 'targetOffer';

export function personalizationRules({ tracker }: RuleDependencies): Rule[] {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return [
    rule('Personalization offer', [pushed(OFFER_PUSH)], [], (ctx) =>
      sendLinkBeacon(tracker, ctx, PERSONALIZATION_OFFER, {
        targetActivity: text(ctx.getVar('targetActivityName')),
        targetExperience: text(ctx.getVar('targetExperienceName')),
        targetOffer: text(ctx.getVar('targetOfferName')),
        targetIds: text(ctx.getVar('targetIds')),
        targetMbox: text(ctx.getVar('targetMbox')),
      }),
    ),
  ];
}
