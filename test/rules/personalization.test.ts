import { describe, expect, it } from 'vitest';
import { personalizationRules, PERSONALIZATION_OFFER } from '../../src/rules/personalization';
import { canadaPage, LANGUAGES, openPage } from './beaconHarness';

const offer = {
  event: 'targetOffer',
  target: {
    activityName: 'Home page banner test',
    activityId: '900101',
    experienceName: 'Experience B',
    experienceId: '1',
    offerName: 'Banner offer B',
    offerId: '554',
    geoCity: 'ottawa',
    geoState: 'ontario',
    mbox: 'target-global-mbox',
  },
};

describe.each(LANGUAGES)('personalization offers in analytics (%s)', (lang) => {
  const url = `https://www.canada.ca/${lang}.html`;

  it("each offer shown is reported with its activity, experience, offer, ids and location; the visitor's city is not", () => {
    const page = openPage({ url, html: canadaPage(lang), rules: personalizationRules });
    page.push(offer);
    const [beacon] = page.links();
    expect(beacon!.name).toBe(PERSONALIZATION_OFFER);
    expect(beacon!.params).toMatchObject({
      pe: 'lnk_o',
      v72: 'Home page banner test',
      v73: 'Experience B',
      v74: 'Banner offer B',
      v75: '900101:1:554',
      v76: 'target-global-mbox',
    });
    expect(JSON.stringify(beacon!.params)).not.toMatch(/ottawa|ontario/);
  });

  it('an offer pushed before the tag loaded is reported too, and the data elements read the latest offer', () => {
    const page = openPage({ url, html: canadaPage(lang), rules: personalizationRules, dataLayer: [offer] });
    expect(page.links().map((b) => b.name)).toEqual([PERSONALIZATION_OFFER]);
    page.push({ event: 'targetOffer', target: { ...offer.target, experienceName: 'Experience C', experienceId: '2' } });
    expect(page.links()[1]!.params).toMatchObject({ v73: 'Experience C', v75: '900101:2:554' });
  });
});
