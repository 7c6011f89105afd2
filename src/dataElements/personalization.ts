/**
 * The test-offer metadata of the latest personalization offer shown (requirements PV-17): tag-target.js
 * pushes each rendered offer's response tokens to the data layer as `{event: 'targetOffer',
 * target: {...}}` (personalization/offers.ts); these elements read the merged state, so a rule
 * or page code (`_satellite.getVar('targetActivityName')`) sees the offer shown last.
 */
import type { DataElement } from '../engine/types';
import type { DataElementName } from './names';
import { dataLayerText, el } from './read';

const fromOffer = (name: DataElementName, field: string) => el(name, () => dataLayerText(`target.${field}`), '');

export const personalizationDataElements: DataElement[] = [
  fromOffer('targetActivityName', 'activityName'),
  fromOffer('targetActivityId', 'activityId'),
  fromOffer('targetExperienceName', 'experienceName'),
  fromOffer('targetExperienceId', 'experienceId'),
  fromOffer('targetOfferName', 'offerName'),
  fromOffer('targetOfferId', 'offerId'),
  fromOffer('targetMbox', 'mbox'),
  // Activity, experience and offer ids in one value, as Analytics for Target reports them.
  el(
    'targetIds',
    () =>
      ['activityId', 'experienceId', 'offerId']
        .map((field) => dataLayerText(`target.${field}`))
        .join(':')
        .replace(/^::$/, ''),
    '',
  ),
];
