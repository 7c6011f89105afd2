/**
 * Where scroll depth is tracked (SPEC §2): pages whose URL contains one of about 69 fragments
 * (contact pages, public-safety and heritage campaign pages, and the funding programmes of
 * Canada Economic Development for Quebec Regions with their applicant guides, EN and FR), except
 * the Canada Day and Winterlude campaign pages. Scroll beacons cost server calls, so the list
 * names the pages whose owners asked for them instead of tracking every page.
 */
import type { DataElement } from '../engine/types';
import { href } from './read';

/** [English slug, French slug] of each funding programme; each has a page and an applicant guide. */
const PROGRAMMES: ReadonlyArray<readonly [string, string]> = [
  ['quebec-economic-development-program', 'programme-developpement-economique-quebec'],
  ['regional-economic-growth-through-innovation', 'croissance-economique-regionale-innovation'],
  ['jobs-growth-fund', 'fonds-emplois-croissance'],
  ['canada-community-revitalization-fund', 'fonds-canadien-revitalisation-communautes'],
  ['tourism-relief-fund', 'fonds-aide-tourisme'],
  ['women-entrepreneurship-strategy', 'strategie-femmes-entrepreneuriat'],
  ['black-entrepreneurship-program', 'programme-entrepreneuriat-communautes-noires'],
  ['community-futures-program', 'programme-developpement-collectivites'],
  ['regional-quantum-initiative', 'initiative-quantique-regionale'],
  ['regional-artificial-intelligence-initiative', 'initiative-regionale-intelligence-artificielle'],
];
const AGENCY = {
  en: ['/en/economic-development-quebec-regions/programs', 'applicant-guide'],
  fr: ['/fr/developpement-economique-regions-quebec/programmes', 'guide-demandeur'],
} as const;

export const SCROLL_DEPTH_FRAGMENTS: readonly string[] = [
  // Contact pages.
  '/en/contact.html',
  '/fr/contact.html',
  '/en/revenue-agency/corporate/contact-information.html',
  '/fr/agence-revenu/organisation/coordonnees.html',
  '/en/immigration-refugees-citizenship/corporate/contact-ircc.html',
  '/fr/immigration-refugies-citoyennete/organisation/contactez-ircc.html',
  '/en/employment-social-development/corporate/contact.html',
  '/fr/emploi-developpement-social/ministere/coordonnees.html',
  '/en/public-safety-canada/corporate/contact-us.html',
  '/fr/securite-publique-canada/organisation/contactez-nous.html',
  // Public-safety campaigns.
  '/en/campaign/don-t-drive-high',
  '/fr/campagne/ne-conduisez-pas-gele',
  '/en/campaign/know-more-opioids',
  '/fr/campagne/en-savoir-plus-sur-les-opioides',
  '/en/campaign/emergency-preparedness-week',
  '/fr/campagne/semaine-protection-civile',
  '/en/public-safety-canada/campaigns/human-trafficking',
  '/fr/securite-publique-canada/campagnes/traite-personnes',
  '/en/public-safety-canada/campaigns/get-prepared',
  '/fr/securite-publique-canada/campagnes/preparez-vous',
  '/en/public-safety-canada/campaigns/cyber-security',
  '/fr/securite-publique-canada/campagnes/cybersecurite',
  '/en/public-safety-canada/campaigns/firearms',
  '/fr/securite-publique-canada/campagnes/armes-feu',
  // Heritage campaigns (Canada Day and Winterlude are carved out below).
  '/en/canadian-heritage/campaigns/',
  '/fr/patrimoine-canadien/campagnes/',
  // The agency's programme overview, then each programme page and its guide.
  `${AGENCY.en[0]}.html`,
  `${AGENCY.fr[0]}.html`,
  ...PROGRAMMES.flatMap((pair) =>
    (['en', 'fr'] as const).flatMap((lang, i) => {
      const [base, guide] = AGENCY[lang];
      return [`${base}/${pair[i]}.html`, `${base}/${pair[i]}/${guide}`];
    }),
  ),
];

/** Campaign pages that must not send scroll beacons even though a fragment above matches. */
export const SCROLL_DEPTH_EXCLUSIONS: readonly string[] = ['/canada-day', '/fete-canada', '/winterlude', '/bal-de-neige'];

/** 'yes' when the address is on the scroll list and not excluded. */
export function runScrollDepth(url: string = href()): 'yes' | 'no' {
  const u = url.toLowerCase();
  const has = (fragment: string) => u.includes(fragment);
  return SCROLL_DEPTH_FRAGMENTS.some(has) && !SCROLL_DEPTH_EXCLUSIONS.some(has) ? 'yes' : 'no';
}

export const scrollDataElements: DataElement[] = [{ name: 'runScrollDepth', get: () => runScrollDepth() }];
