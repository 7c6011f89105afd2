/**
 * Where scroll depth is tracked (requirements SC-3): pages whose URL contains one of about 69 fragments
 * (contact pages, public-safety and heritage campaign pages, and the funding programmes of
 * Canada Economic Development for Quebec Regions with their applicant guides, EN and FR), except
 * the Canada Day and Winterlude campaign pages. Scroll beacons cost server calls, so the list
 * names the pages whose owners asked for them instead of tracking every page.
 */
import type { DataElement } from '../engine/types';
import { el, href } from './read';

/**
 * English and French forms, in pairs: each 'english:french' of `slugs` (space-separated)
 * under the English and the French folder.
 */
const pairs = (enFolder: string, frFolder: string, slugs: string) =>
  slugs.split(' ').flatMap((pair) => {
    const [en, fr] = pair.split(':');
    return [enFolder + en, frFolder + fr];
  });

/** The funding programmes of the agency, 'english:french' slugs; each has a page and an applicant guide. */
const PROGRAMMES =
  'quebec-economic-development-program:programme-developpement-economique-quebec ' +
  'regional-economic-growth-through-innovation:croissance-economique-regionale-innovation ' +
  'jobs-growth-fund:fonds-emplois-croissance ' +
  'canada-community-revitalization-fund:fonds-canadien-revitalisation-communautes ' +
  'tourism-relief-fund:fonds-aide-tourisme ' +
  'women-entrepreneurship-strategy:strategie-femmes-entrepreneuriat ' +
  'black-entrepreneurship-program:programme-entrepreneuriat-communautes-noires ' +
  'community-futures-program:programme-developpement-collectivites ' +
  'regional-quantum-initiative:initiative-quantique-regionale ' +
  'regional-artificial-intelligence-initiative:initiative-regionale-intelligence-artificielle';
const AGENCY_EN = '/en/economic-development-quebec-regions/programs';
const AGENCY_FR = '/fr/developpement-economique-regions-quebec/programmes';

let fragments: readonly string[] | undefined;

/**
 * The list, built when first asked for: only pages looked at after their page view ask
 * (areas.ts, the scroll rules), and building it costs a millisecond of start-up.
 */
export const scrollDepthFragments = (): readonly string[] =>
  (fragments ??= [
    // Contact pages.
    ...pairs(
      '/en/',
      '/fr/',
      'contact.html:contact.html ' +
        'revenue-agency/corporate/contact-information.html:agence-revenu/organisation/coordonnees.html ' +
        'immigration-refugees-citizenship/corporate/contact-ircc.html:immigration-refugies-citoyennete/organisation/contactez-ircc.html ' +
        'employment-social-development/corporate/contact.html:emploi-developpement-social/ministere/coordonnees.html ' +
        'public-safety-canada/corporate/contact-us.html:securite-publique-canada/organisation/contactez-nous.html',
    ),
    // Public-safety campaigns.
    ...pairs(
      '/en/campaign/',
      '/fr/campagne/',
      'don-t-drive-high:ne-conduisez-pas-gele know-more-opioids:en-savoir-plus-sur-les-opioides emergency-preparedness-week:semaine-protection-civile',
    ),
    ...pairs(
      '/en/public-safety-canada/campaigns/',
      '/fr/securite-publique-canada/campagnes/',
      'human-trafficking:traite-personnes get-prepared:preparez-vous cyber-security:cybersecurite firearms:armes-feu',
    ),
    // Heritage campaigns (Canada Day and Winterlude are carved out below).
    ...pairs('/en/canadian-heritage/campaigns/', '/fr/patrimoine-canadien/campagnes/', ':'),
    // The agency's programme overview, then each programme page and its guide.
    ...pairs(AGENCY_EN, AGENCY_FR, '.html:.html'),
    ...PROGRAMMES.split(' ').flatMap((pair) => {
      const [en, fr] = pair.split(':');
      return [`${AGENCY_EN}/${en}.html`, `${AGENCY_EN}/${en}/applicant-guide`, `${AGENCY_FR}/${fr}.html`, `${AGENCY_FR}/${fr}/guide-demandeur`];
    }),
  ]);

/** Campaign pages that must not send scroll beacons even though a fragment above matches. */
const SCROLL_DEPTH_EXCLUSIONS = /\/(?:canada-day|fete-canada|winterlude|bal-de-neige)/;

/** 'yes' when the address is on the scroll list and not excluded. */
export function runScrollDepth(url: string = href()): 'yes' | 'no' {
  const u = url.toLowerCase();
  return scrollDepthFragments().some((fragment) => u.includes(fragment)) && !SCROLL_DEPTH_EXCLUSIONS.test(u) ? 'yes' : 'no';
}

export const scrollDataElements: DataElement[] = [el('runScrollDepth', () => runScrollDepth())];
