import { afterEach, describe, expect, it } from 'vitest';
import { fromOffer, OFFER_EVENT, publishTokens, toOffer } from '../../src/personalization/offers';

afterEach(() => {
  delete (window as { adobeDataLayer?: unknown }).adobeDataLayer;
});

describe('offers as getOffer hands them to the page', () => {
  it('turns each option into at.js items, and applyOffer takes them back', () => {
    const decision = {
      options: [
        { type: 'json' as const, content: { a: 1 } },
        { type: 'redirect' as const, content: 'https://www.canada.ca/en.html' },
        { type: 'actions' as const, content: [{ type: 'setHtml', selector: '#x', content: '<p>Hi</p>' }] },
        { type: 'html' as const, content: '<p>Offer</p>' },
      ],
    };
    const items = toOffer(decision);
    expect(items).toEqual([
      { action: 'setJson', content: [{ a: 1 }] },
      { action: 'redirect', url: 'https://www.canada.ca/en.html' },
      { type: 'setHtml', selector: '#x', content: '<p>Hi</p>', action: 'setHtml' },
      { action: 'setContent', content: '<p>Offer</p>', type: 'html' },
    ]);
    expect(items.map(fromOffer).map((option) => option.type)).toEqual(['json', 'redirect', 'actions', 'html']);
    expect(toOffer(undefined)).toEqual([]);
  });

  it('leaves the test-offer metadata of a rendered option in the data layer, and nothing without tokens', () => {
    publishTokens(
      { type: 'html', content: '', responseTokens: { 'activity.name': 'Banner', 'activity.id': 900101, 'geo.city': 'ottawa' } },
      'target-global-mbox',
    );
    publishTokens({ type: 'html', content: '' }, 'target-global-mbox');
    expect((window as { adobeDataLayer?: unknown[] }).adobeDataLayer).toEqual([
      {
        event: OFFER_EVENT,
        target: expect.objectContaining({ activityName: 'Banner', activityId: '900101', geoCity: 'ottawa', mbox: 'target-global-mbox' }),
      },
    ]);
  });
});
