/**
 * Campaign parameters (requirements PV-4): utm_source, utm_medium, utm_campaign, utm_term,
 * utm_content, the social-tool id and the advertising-agency ids (the click ids ad platforms
 * append) are recorded only when the address carries one of them AND differs from the campaign
 * URL remembered in a 30-minute cookie, so that reloading or coming back to a campaign landing
 * page within the visit does not count the campaign twice. Every page view calls
 * `rememberCampaignUrl()` after its beacon (rules/lib/page.ts, `pageViewSent`).
 *
 * The tracking code (`campaign`, v0) is the campaign's name: a real code or nothing, since any
 * value there takes last-touch credit. The parameter-presence string goes to a traffic variable.
 */
import { siteCookies } from '../engine/cookies';
import type { DataElement } from '../engine/types';
import { recordablePageUrl } from '../privacy/url';
import { el, href, locationSearch, queryParam, queryParams } from './read';
import { VISIT_DAYS } from './visitLength';

/** The cookie holding the last campaign URL, and its life (PV-4: about 30 minutes). */
export const CAMPAIGN_COOKIE = 'gc_campaign_url';
export const CAMPAIGN_COOKIE_DAYS = VISIT_DAYS;

/**
 * The campaign parameters, in the order source, medium, name, term, content, social-tool id.
 * The last is the social-media management tool's post id: Hootsuite adds `hootPostID` to every
 * link it shortens, which is how the department's social posts are told apart from other
 * referrals.
 */
const CAMPAIGN_PARAMS = 'utm_source utm_medium utm_campaign utm_term utm_content hootPostID'.split(' ');

/**
 * The click ids ad platforms append to their ads' landing URLs: Google Ads (gclid, and gbraid /
 * wbraid on iOS), Campaign Manager / Display & Video (dclid), Microsoft Advertising (msclkid),
 * Meta (fbclid), LinkedIn (li_fat_id), X (twclid), TikTok (ttclid).
 */
export const AD_CLICK_IDS = 'gclid gbraid wbraid dclid msclkid fbclid li_fat_id twclid ttclid'.split(' ');

const CAMPAIGN_KEYS = new Set([...CAMPAIGN_PARAMS, ...AD_CLICK_IDS].map((param) => param.toLowerCase()));

/** PV-4: the parameter-presence string when the address has no campaign parameter. */
export const NO_CAMPAIGN_PARAMETERS = 'no-parameter:n:n:n:n:n:n';

/** True when the address carries any utm parameter, the social-tool id or an ad click id. */
export function hasCampaignParameters(query: string = locationSearch()): boolean {
  // One parse of the query for all fifteen names (queryParam would parse it once per name, and
  // every campaign data element asks): a name in any case, with a value that is not blank.
  for (const [key, value] of queryParams(query)) if (CAMPAIGN_KEYS.has(key.toLowerCase()) && value.trim()) return true;
  return false;
}

/** The URL a campaign is remembered by: the recordable (scrubbed) page URL, never the raw one. */
const campaignUrl = () => recordablePageUrl(href());

/** True when the campaign values of this address are to be recorded now. */
export const isNewCampaign = (): boolean => hasCampaignParameters() && siteCookies.get(CAMPAIGN_COOKIE) !== campaignUrl();

/**
 * Remembers this address as the last campaign URL for ~30 minutes. Does nothing (and gives
 * false) when the address carries no campaign parameter.
 */
export const rememberCampaignUrl = (): boolean => hasCampaignParameters() && siteCookies.set(CAMPAIGN_COOKIE, campaignUrl(), { days: CAMPAIGN_COOKIE_DAYS });

/**
 * Which campaign parameters the address carries, in the order source, medium, name, term,
 * content, social-tool id: 'parameter:y:y:y:n:n:n' ('parameter:n:n:n:n:n:n' for an ad click id
 * alone), or 'no-parameter:n:n:n:n:n:n'.
 */
export function campaignParameterFlags(query: string = locationSearch()): string {
  const flags = CAMPAIGN_PARAMS.map((param) => (queryParam(param, query) ? 'y' : 'n')).join(':');
  return hasCampaignParameters(query) ? `parameter:${flags}` : NO_CAMPAIGN_PARAMETERS;
}

/** The ad click ids the address carries, as 'gclid:{id};msclkid:{id}'. */
export const adClickIds = (query: string = locationSearch()): string =>
  AD_CLICK_IDS.map((param) => queryParam(param, query) && `${param}:${queryParam(param, query)}`)
    .filter(Boolean)
    .join(';');

/** A campaign parameter's value, only while the campaign is new. */
const campaignValue = (i: number) => () => (isNewCampaign() ? queryParam(CAMPAIGN_PARAMS[i]!) : '');

export const campaignDataElements: DataElement[] = [
  ...(['campaignSource', 'campaignMedium', 'campaignName', 'campaignTerm', 'campaignContent', 'socialToolId'] as const).map((name, i) =>
    el(name, campaignValue(i), '', { clean: true }),
  ),
  el('adClickIds', () => (isNewCampaign() ? adClickIds() : ''), ''),
  el('trackingCode', (ctx) => ctx.getVar('campaignName'), ''),
  el('campaignParameters', () => (isNewCampaign() ? campaignParameterFlags() : NO_CAMPAIGN_PARAMETERS)),
];
