import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adClickIds,
  CAMPAIGN_COOKIE,
  CAMPAIGN_COOKIE_DAYS,
  campaignParameterFlags,
  hasCampaignParameters,
  isNewCampaign,
  NO_CAMPAIGN_PARAMETERS,
  rememberCampaignUrl,
} from '../../src/dataElements/campaign';
import { cookies, siteCookies } from '../../src/engine/cookies';
import { openPage, readAll, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const CAMPAIGN_NAMES = ['campaignSource', 'campaignMedium', 'campaignName', 'campaignTerm', 'campaignContent', 'socialToolId', 'campaignParameters'] as const;

const BLANK = {
  campaignSource: '',
  campaignMedium: '',
  campaignName: '',
  campaignTerm: '',
  campaignContent: '',
  socialToolId: '',
  campaignParameters: NO_CAMPAIGN_PARAMETERS,
};

const EN_CAMPAIGN =
  'https://www.canada.ca/en/services/benefits/ei.html?utm_source=newsletter&utm_medium=email&utm_campaign=ei-2025&utm_term=benefits&utm_content=button';
const FR_SOCIAL = 'https://www.canada.ca/fr/services/prestations/ae.html?utm_source=facebook&utm_medium=social&hootPostID=a1b2c3d4e5';

describe('campaign parameters', () => {
  it('a page without campaign parameters has blank utm values and the no-parameter string', () => {
    openPage({ url: 'https://www.canada.ca/en/services/benefits/ei.html?page=2' });
    expect(readAll(CAMPAIGN_NAMES)).toEqual(BLANK);
    expect(NO_CAMPAIGN_PARAMETERS).toBe('no-parameter:n:n:n:n:n:n');
  });

  it.each([
    {
      lang: 'English',
      url: EN_CAMPAIGN,
      expected: {
        campaignSource: 'newsletter',
        campaignMedium: 'email',
        campaignName: 'ei-2025',
        campaignTerm: 'benefits',
        campaignContent: 'button',
        socialToolId: '',
        campaignParameters: 'parameter:y:y:y:y:y:n',
      },
    },
    {
      lang: 'French',
      url: FR_SOCIAL,
      expected: {
        campaignSource: 'facebook',
        campaignMedium: 'social',
        campaignName: '',
        campaignTerm: '',
        campaignContent: '',
        socialToolId: 'a1b2c3d4e5',
        campaignParameters: 'parameter:y:y:n:n:n:y',
      },
    },
  ])('a first visit to a $lang campaign URL records it', ({ url, expected }) => {
    openPage({ url });
    expect(readAll(CAMPAIGN_NAMES)).toEqual(expected);
  });

  it('the social-tool id alone makes a campaign', () => {
    openPage({ url: 'https://www.canada.ca/en.html?hootPostID=998877' });
    expect(readAll(['socialToolId', 'campaignParameters'])).toEqual({ socialToolId: '998877', campaignParameters: 'parameter:n:n:n:n:n:y' });
  });

  it('the same URL within the cookie is not recorded again; a different URL is', () => {
    openPage({ url: EN_CAMPAIGN });
    expect(readAll(['campaignSource'])).toEqual({ campaignSource: 'newsletter' });
    expect(rememberCampaignUrl()).toBe(true);

    // Reload within 30 minutes.
    openPage({ url: EN_CAMPAIGN });
    expect(readAll(CAMPAIGN_NAMES)).toEqual(BLANK);
    expect(isNewCampaign()).toBe(false);

    // The same landing page from another campaign link.
    openPage({ url: EN_CAMPAIGN.replace('utm_content=button', 'utm_content=banner') });
    expect(readAll(['campaignSource', 'campaignContent'])).toEqual({ campaignSource: 'newsletter', campaignContent: 'banner' });
  });

  it('the fragment does not make a different campaign URL', () => {
    openPage({ url: EN_CAMPAIGN });
    rememberCampaignUrl();
    openPage({ url: `${EN_CAMPAIGN}#how-to-apply` });
    expect(readAll(['campaignSource'])).toEqual({ campaignSource: '' });
  });

  it('after the cookie expires, the same URL is a campaign again', () => {
    openPage({ url: EN_CAMPAIGN });
    rememberCampaignUrl();
    siteCookies.remove(CAMPAIGN_COOKIE);
    openPage({ url: EN_CAMPAIGN });
    expect(readAll(['campaignName'])).toEqual({ campaignName: 'ei-2025' });
  });

  it('the cookie lasts 0.0208333 days and holds the scrubbed URL', () => {
    openPage({ url: `${EN_CAMPAIGN}&q=my+search#x` });
    const set = vi.spyOn(cookies, 'set');
    rememberCampaignUrl();
    expect(set).toHaveBeenCalledWith(CAMPAIGN_COOKIE, EN_CAMPAIGN, expect.objectContaining({ days: CAMPAIGN_COOKIE_DAYS }));
    expect(CAMPAIGN_COOKIE_DAYS).toBe(0.0208333);
  });

  it('rememberCampaignUrl does nothing on a page without campaign parameters', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(rememberCampaignUrl()).toBe(false);
    expect(cookies.get(CAMPAIGN_COOKIE)).toBeUndefined();
  });

  it('parameter names are matched case-insensitively, empty values do not count', () => {
    expect(hasCampaignParameters('?UTM_Source=x')).toBe(true);
    expect(hasCampaignParameters('?utm_source=&utm_medium=')).toBe(false);
    expect(hasCampaignParameters('?hootpostid=1')).toBe(true);
    expect(campaignParameterFlags('?utm_term=a')).toBe('parameter:n:n:n:y:n:n');
    expect(campaignParameterFlags('')).toBe(NO_CAMPAIGN_PARAMETERS);
  });

  it.each([
    ['gclid', 'EAIaIQobChMI2Ljq8-Lz-QIVAQ2tBh0yZgUgEAAYASAAEgL9APD_BwE'],
    ['msclkid', 'd8c9a2f44e0b1e4f8f2b6c2e0f3a9b71'],
    ['fbclid', 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvm6Y_Jx2cLk5_lY8bHBhfJKTYaF8'],
    ['dclid', 'CPaxu4Sxj_wCFUrBVAIdB3YOhw'],
  ])('an ad click id (%s) alone makes a campaign, recorded as name:id', (param, id) => {
    openPage({ url: `https://www.canada.ca/fr/services/prestations/ae.html?${param}=${id}` });
    expect(readAll(['adClickIds', 'campaignParameters', 'trackingCode'])).toEqual({
      adClickIds: `${param}:${id}`,
      campaignParameters: 'parameter:n:n:n:n:n:n',
      trackingCode: '',
    });
  });

  it('ad click ids follow the 30-minute rule too, and several are listed together', () => {
    const url = `${EN_CAMPAIGN}&gclid=abc&msclkid=def`;
    openPage({ url });
    expect(adClickIds()).toBe('gclid:abc;msclkid:def');
    expect(readAll(['adClickIds'])).toEqual({ adClickIds: 'gclid:abc;msclkid:def' });
    rememberCampaignUrl();
    openPage({ url });
    expect(readAll(['adClickIds'])).toEqual({ adClickIds: '' });
  });

  it('the tracking code is the campaign name of a new campaign, and nothing otherwise (never the sampling string)', () => {
    openPage({ url: EN_CAMPAIGN });
    expect(readAll(['trackingCode'])).toEqual({ trackingCode: 'ei-2025' });
    rememberCampaignUrl();
    openPage({ url: EN_CAMPAIGN });
    expect(readAll(['trackingCode', 'campaignParameters'])).toEqual({ trackingCode: '', campaignParameters: NO_CAMPAIGN_PARAMETERS });
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(readAll(['trackingCode'])).toEqual({ trackingCode: '' });
  });
});
