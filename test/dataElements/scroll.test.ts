import { beforeEach, describe, expect, it } from 'vitest';
import { runScrollDepth, scrollDepthFragments } from '../../src/dataElements/scroll';
import { openPage, reader, resetWindow } from './helpers';

const SCROLL_DEPTH_FRAGMENTS = scrollDepthFragments();

beforeEach(() => resetWindow());

describe('run scroll depth (SC-3)', () => {
  it('lists about 69 fragments, each once, in English and French', () => {
    expect(SCROLL_DEPTH_FRAGMENTS.length).toBeGreaterThanOrEqual(60);
    expect(SCROLL_DEPTH_FRAGMENTS.length).toBeLessThanOrEqual(75);
    expect(new Set(SCROLL_DEPTH_FRAGMENTS).size).toBe(SCROLL_DEPTH_FRAGMENTS.length);
    const en = SCROLL_DEPTH_FRAGMENTS.filter((f) => f.startsWith('/en/')).length;
    const fr = SCROLL_DEPTH_FRAGMENTS.filter((f) => f.startsWith('/fr/')).length;
    expect(en).toBe(fr);
    expect(en + fr).toBe(SCROLL_DEPTH_FRAGMENTS.length);
  });

  it.each([
    ['https://www.canada.ca/en/contact.html', 'yes'],
    ['https://www.canada.ca/fr/contact.html', 'yes'],
    ['https://www.canada.ca/EN/Contact.html?x=1#top', 'yes'],
    ['https://www.canada.ca/en/revenue-agency/corporate/contact-information.html', 'yes'],
    ['https://www.canada.ca/fr/agence-revenu/organisation/coordonnees.html', 'yes'],
    ['https://www.canada.ca/en/campaign/don-t-drive-high.html', 'yes'],
    ['https://www.canada.ca/fr/campagne/ne-conduisez-pas-gele/faits.html', 'yes'],
    ['https://www.canada.ca/en/public-safety-canada/campaigns/get-prepared.html', 'yes'],
    ['https://www.canada.ca/en/economic-development-quebec-regions/programs/jobs-growth-fund.html', 'yes'],
    ['https://www.canada.ca/en/economic-development-quebec-regions/programs/jobs-growth-fund/applicant-guide.html', 'yes'],
    ['https://www.canada.ca/fr/developpement-economique-regions-quebec/programmes/fonds-emplois-croissance/guide-demandeur.html', 'yes'],
    ['https://www.canada.ca/fr/developpement-economique-regions-quebec/programmes.html', 'yes'],
    ['https://www.canada.ca/en/canadian-heritage/campaigns/black-history-month.html', 'yes'],
    ['https://www.canada.ca/en/canadian-heritage/campaigns/canada-day.html', 'no'],
    ['https://www.canada.ca/fr/patrimoine-canadien/campagnes/fete-canada/activites.html', 'no'],
    ['https://www.canada.ca/en/canadian-heritage/campaigns/winterlude.html', 'no'],
    ['https://www.canada.ca/fr/patrimoine-canadien/campagnes/bal-de-neige.html', 'no'],
    ['https://www.canada.ca/en/services/benefits.html', 'no'],
    ['https://www.canada.ca/en.html', 'no'],
    ['https://www.canada.ca/en/contact-us-form-confirmation.html', 'no'],
  ])('%s → %s', (url, expected) => {
    expect(runScrollDepth(url)).toBe(expected);
    openPage({ url });
    expect(reader()('runScrollDepth')).toBe(expected);
  });
});
