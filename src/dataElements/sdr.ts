/**
 * The solution design reference: which analytics slot carries which value. Rules fill slots
 * from this table, the logdtm console and the beacon inspector name parameters with it, and
 * `npm run sdr` prints it to docs/sdr.md, so the three cannot drift apart. No DOM here: node
 * code (the docs script, the demo server) imports it.
 */
import { paramOf, type SlotName } from '../analytics/slots';
import type { DataElementName } from './names';

/** Values that only exist during an interaction; the rule that tracks it supplies them. */
export type InteractionValue =
  | 'linkText'
  | 'linkUrl'
  | 'fileType'
  | 'linkPosition'
  | 'mediaTitle'
  | 'mediaType'
  | 'mediaFormat'
  | 'formName'
  | 'formList'
  | 'formError'
  | 'surveyTaskEn'
  | 'surveyTaskFr'
  | 'exitSurvey'
  | 'popupName'
  | 'screenId'
  | 'errorType'
  | 'interactionTitle'
  | 'filterText'
  | 'internalCampaigns';

export type SdrSource = { dataElement: DataElementName } | { interaction: InteractionValue };

export interface SdrVariable {
  slot: SlotName;
  /** What analysts call it in reports; the log and the inspector show it too. */
  label: string;
  source: SdrSource;
  /** Carries a URL: gets the URL variant of redaction (ids kept, e-mails still removed). */
  url?: true;
}

export interface SdrEvent {
  event: number;
  label: string;
}

// Examples and notes for analysts live in sdrNotes.ts, which only the docs script reads, so the
// tag carries no documentation text.
const page = (slot: SlotName, label: string, dataElement: DataElementName, url?: true): SdrVariable => ({
  slot,
  label,
  source: { dataElement },
  ...(url ? { url } : {}),
});
const interaction = (slot: SlotName, label: string, value: InteractionValue, url?: true): SdrVariable => ({
  slot,
  label,
  source: { interaction: value },
  ...(url ? { url } : {}),
});

export const SDR_VARIABLES: readonly SdrVariable[] = [
  page('pageName', 'Page name', 'pageTitle'),
  page('pageURL', 'Page URL', 'pageUrl', true),
  page('referrer', 'Referrer', 'referrer', true),
  page('channel', 'Institution (channel)', 'pageCreator'),
  page('server', 'Host', 'hostname'),
  page('eVar1', 'Page title', 'pageTitle'),
  page('prop1', 'Page title (traffic)', 'pageTitle'),
  page('eVar2', 'Page URL', 'pageUrl', true),
  page('prop2', 'Page URL (traffic)', 'pageUrl', true),
  page('eVar3', 'Page language', 'pageLanguage'),
  page('prop3', 'Page language (traffic)', 'pageLanguage'),
  page('eVar4', 'Institution', 'pageCreator'),
  page('eVar5', 'Theme', 'theme'),
  page('prop5', 'Theme (traffic)', 'theme'),
  page('eVar6', 'Page id', 'pageId'),
  page('eVar7', 'Issued date', 'issuedDate'),
  page('eVar8', 'Content age (days)', 'contentAge'),
  page('eVar9', 'Page type', 'pageType'),
  page('eVar10', 'Login status', 'loginStatus'),
  page('prop10', 'Login status (label)', 'loginStatusLabel'),
  page('eVar11', 'App name', 'appName'),
  page('eVar12', 'Device type', 'deviceType'),
  page('eVar13', 'User agent', 'userAgent'),
  page('eVar14', 'Local day', 'localDay'),
  page('eVar15', 'Local hour', 'localHour'),
  page('eVar16', 'Library version', 'libraryVersion'),
  page('eVar17', 'Query string', 'queryString'),
  page('eVar18', 'Previous page URL', 'previousPageUrl', true),
  page('eVar19', 'Previous page title', 'previousPageTitle'),
  page('eVar20', 'Previous page query string', 'previousPageQueryString'),
  page('eVar21', 'Previous page institution', 'previousPageCreator'),
  page('eVar22', 'Previous page theme', 'previousPageTheme'),
  page('eVar23', 'URL folder', 'urlFolder'),
  page('eVar24', 'URL file name', 'urlFilename'),
  page('eVar25', 'Program', 'program'),
  page('eVar26', 'Owner', 'owner'),
  page('eVar27', 'Topic level', 'topicLevel'),
  page('eVar28', 'Error page type', 'errorPageType'),
  page('eVar30', 'Search term', 'searchTerm'),
  page('prop30', 'Search query', 'searchQuery'),
  page('eVar31', 'Search type', 'searchType'),
  page('eVar32', 'Search result count', 'searchResultCount'),
  page('eVar33', 'Search date filter', 'searchDateFilter'),
  page('eVar34', 'Search field scope', 'searchFieldScope'),
  page('eVar35', 'Campaign source (utm_source)', 'campaignSource'),
  page('eVar36', 'Campaign medium (utm_medium)', 'campaignMedium'),
  page('eVar37', 'Campaign name (utm_campaign)', 'campaignName'),
  page('eVar38', 'Campaign term (utm_term)', 'campaignTerm'),
  page('eVar39', 'Campaign content (utm_content)', 'campaignContent'),
  page('eVar40', 'Social-tool id', 'socialToolId'),
  page('campaign', 'Campaign parameters', 'campaignParameters'),
  page('eVar41', 'Single-page app', 'singlePageApp'),
  page('eVar42', 'Page load time (s)', 'pageLoadTime'),
  page('eVar43', 'First contentful paint (ms)', 'firstContentfulPaint'),
  page('eVar44', 'Largest contentful paint (ms)', 'largestContentfulPaint'),
  page('eVar49', 'Previous page load time (s)', 'previousPageLoadTime'),
  page('eVar68', 'New or repeat visitor', 'newRepeat'),
  page('eVar69', 'Days since last visit', 'daysSinceLastVisit'),
  page('prop40', 'Bot flag', 'botFlag'),
  page('prop41', 'Bot attribute', 'botAttribute'),
  page('eVar45', 'Clicked link text (previous page)', 'clickText'),
  page('eVar46', 'Clicked link URL (previous page)', 'clickUrl', true),
  page('eVar47', 'Click source URL', 'clickSourceUrl', true),
  page('eVar48', 'Click source page', 'clickSourcePage'),
  interaction('eVar50', 'Link text / interaction name', 'linkText'),
  interaction('eVar51', 'Link URL', 'linkUrl', true),
  interaction('eVar52', 'File type', 'fileType'),
  interaction('eVar53', 'Link position', 'linkPosition'),
  interaction('eVar54', 'Media title', 'mediaTitle'),
  interaction('eVar55', 'Media type', 'mediaType'),
  interaction('eVar56', 'Media format', 'mediaFormat'),
  interaction('eVar57', 'Form name', 'formName'),
  interaction('eVar58', 'Form options', 'formList'),
  interaction('eVar59', 'Form error', 'formError'),
  interaction('eVar60', 'Survey task (English)', 'surveyTaskEn'),
  interaction('eVar61', 'Survey task (French)', 'surveyTaskFr'),
  interaction('eVar62', 'Exit survey', 'exitSurvey'),
  interaction('eVar63', 'Pop-up name', 'popupName'),
  interaction('eVar64', 'Screen id', 'screenId'),
  interaction('eVar65', 'Error type', 'errorType'),
  interaction('eVar66', 'Expanded or opened title', 'interactionTitle'),
  interaction('eVar67', 'Filter text', 'filterText'),
  interaction('eVar70', 'Internal campaigns shown', 'internalCampaigns'),
];

export const SDR_EVENTS: readonly SdrEvent[] = [
  { event: 9, label: 'Page load' },
  { event: 11, label: 'Page view' },
  { event: 12, label: 'Content age' },
  { event: 41, label: 'Download' },
  { event: 42, label: 'Outbound link' },
  { event: 50, label: 'Search' },
  { event: 52, label: 'Search result click' },
  { event: 79, label: 'Form submit' },
  { event: 82, label: 'Media play' },
  { event: 84, label: 'Media progress' },
  { event: 85, label: 'Scroll depth' },
  { event: 100, label: 'Error' },
  { event: 104, label: 'Time to complete' },
  { event: 110, label: 'Survey' },
  { event: 500, label: 'Tracked click' },
];

const labels = new Map<string, string>();
for (const row of SDR_VARIABLES) if (!labels.has(paramOf(row.slot))) labels.set(paramOf(row.slot), row.label);

/** The report name of a beacon parameter (`v5` → 'Theme'), for logs and the inspector. */
export function describeParam(param: string): string | undefined {
  return labels.get(param);
}

export function eventLabel(event: number): string | undefined {
  return SDR_EVENTS.find((row) => row.event === event)?.label;
}

/** Slots whose values are URLs. */
export const URL_SLOTS: readonly SlotName[] = SDR_VARIABLES.filter((row) => row.url).map((row) => row.slot);

/** The rows a page view fills from data elements. */
export const PAGE_VIEW_ROWS = SDR_VARIABLES.filter(
  (row): row is SdrVariable & { source: { dataElement: DataElementName } } => 'dataElement' in row.source,
);

/** The slot(s) that carry an interaction value. */
export function slotsOf(value: InteractionValue): SlotName[] {
  return SDR_VARIABLES.filter((row) => 'interaction' in row.source && row.source.interaction === value).map((row) => row.slot);
}
