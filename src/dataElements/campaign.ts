/**
 * Campaign parameters (SPEC §3, §5): utm_source, utm_medium, utm_campaign, utm_term,
 * utm_content and the social-tool id are recorded only when the address carries one of them
 * AND differs from the campaign URL remembered in a 30-minute cookie, so that reloading or
 * coming back to a campaign landing page within the visit does not count the campaign twice.
 * The send rule calls `rememberCampaignUrl()` after its beacon.
 */
import { cookies } from '../engine/cookies';
import type { DataElement } from '../engine/types';
import { recordablePageUrl } from '../privacy/url';
import { href, queryParam, safely } from './read';

/** The cookie holding the last campaign URL, and its life (SPEC §9: 0.0208333 days). */
export const CAMPAIGN_COOKIE = 'gc_campaign_url';
export const CAMPAIGN_COOKIE_DAYS = 0.0208333;

/**
 * The social-media management tool's post id: Hootsuite adds `hootPostID` to every link it
 * shortens, which is how the department's social posts are told apart from other referrals.
 */
export const SOCIAL_TOOL_PARAM = 'hootPostID';

export const CAMPAIGN_PARAMS = {
  source: 'utm_source',
  medium: 'utm_medium',
  name: 'utm_campaign',
  term: 'utm_term',
  content: 'utm_content',
  socialToolId: SOCIAL_TOOL_PARAM,
} as const;
type CampaignField = keyof typeof CAMPAIGN_PARAMS;
const FIELDS = Object.keys(CAMPAIGN_PARAMS) as CampaignField[];

/** SPEC §3: the parameter-presence string when the address has no campaign parameter. */
export const NO_CAMPAIGN_PARAMETERS = 'no-parameter:n:n:n:n:n:n';

const search = () => safely(() => location.search, '');

/** True when the address carries any utm parameter or the social-tool id. */
export function hasCampaignParameters(query: string = search()): boolean {
  return FIELDS.some((field) => queryParam(CAMPAIGN_PARAMS[field], query) !== '');
}

/** The URL a campaign is remembered by: the recordable (scrubbed) page URL, never the raw one. */
const campaignUrl = () => recordablePageUrl(href());

/** True when the campaign values of this address are to be recorded now. */
export function isNewCampaign(): boolean {
  return hasCampaignParameters() && cookies.get(CAMPAIGN_COOKIE) !== campaignUrl();
}

/**
 * Remembers this address as the last campaign URL for ~30 minutes. Does nothing (and gives
 * false) when the address carries no campaign parameter.
 */
export function rememberCampaignUrl(): boolean {
  if (!hasCampaignParameters()) return false;
  return cookies.set(CAMPAIGN_COOKIE, campaignUrl(), { days: CAMPAIGN_COOKIE_DAYS });
}

/**
 * Which campaign parameters the address carries, in the order source, medium, name, term,
 * content, social-tool id: 'parameter:y:y:y:n:n:n', or 'no-parameter:n:n:n:n:n:n'.
 */
export function campaignParameterFlags(query: string = search()): string {
  const flags = FIELDS.map((field) => (queryParam(CAMPAIGN_PARAMS[field], query) ? 'y' : 'n'));
  return flags.includes('y') ? `parameter:${flags.join(':')}` : NO_CAMPAIGN_PARAMETERS;
}

const campaignValue = (field: CampaignField) => () => (isNewCampaign() ? queryParam(CAMPAIGN_PARAMS[field]) : '');

export const campaignDataElements: DataElement[] = [
  { name: 'campaignSource', get: campaignValue('source'), cleanText: true, defaultValue: '' },
  { name: 'campaignMedium', get: campaignValue('medium'), cleanText: true, defaultValue: '' },
  { name: 'campaignName', get: campaignValue('name'), cleanText: true, defaultValue: '' },
  { name: 'campaignTerm', get: campaignValue('term'), cleanText: true, defaultValue: '' },
  { name: 'campaignContent', get: campaignValue('content'), cleanText: true, defaultValue: '' },
  { name: 'socialToolId', get: campaignValue('socialToolId'), cleanText: true, defaultValue: '' },
  { name: 'campaignParameters', get: () => (isNewCampaign() ? campaignParameterFlags() : NO_CAMPAIGN_PARAMETERS) },
];
