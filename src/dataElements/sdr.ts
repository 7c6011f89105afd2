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
  | 'filterText';

export type SdrSource = { dataElement: DataElementName } | { interaction: InteractionValue };

export interface SdrVariable {
  slot: SlotName;
  /** What analysts call it in reports. */
  label: string;
  source: SdrSource;
  example: string;
  /** Language notes and anything else an analyst must know to read it. */
  notes?: string;
  /** Carries a URL: gets the URL variant of redaction (ids kept, e-mails still removed). */
  url?: true;
}

export interface SdrEvent {
  event: number;
  label: string;
  /** When a beacon carries it. */
  when: string;
}

const page = (slot: SlotName, label: string, dataElement: DataElementName, example: string, notes?: string, url?: true): SdrVariable => ({
  slot,
  label,
  source: { dataElement },
  example,
  ...(notes ? { notes } : {}),
  ...(url ? { url } : {}),
});
const interaction = (slot: SlotName, label: string, value: InteractionValue, example: string, notes?: string, url?: true): SdrVariable => ({
  slot,
  label,
  source: { interaction: value },
  example,
  ...(notes ? { notes } : {}),
  ...(url ? { url } : {}),
});

const BILINGUAL = 'As written on the page: English on English pages, French on French pages.';

export const SDR_VARIABLES: readonly SdrVariable[] = [
  page('pageName', 'Page name', 'pageTitle', 'Apply for Employment Insurance', `${BILINGUAL} 'Page Not Found' on 404 pages.`),
  page('pageURL', 'Page URL', 'pageUrl', 'https://www.canada.ca/en/services/benefits/ei.html', "Search parameters removed; 'removed: email' replaces a query with an e-mail; 'Invalid URL' for non-web pages.", true),
  page('referrer', 'Referrer', 'referrer', 'https://www.google.com/', 'Query string removed; webmail referrers become /redacted-referrer.', true),
  page('channel', 'Institution (channel)', 'pageCreator', 'Employment and Social Development Canada', BILINGUAL),
  page('server', 'Host', 'hostname', 'www.canada.ca'),
  page('eVar1', 'Page title', 'pageTitle', 'Apply for Employment Insurance', BILINGUAL),
  page('prop1', 'Page title (traffic)', 'pageTitle', 'Apply for Employment Insurance', 'Last 100 characters.'),
  page('eVar2', 'Page URL', 'pageUrl', 'https://www.canada.ca/en/services/benefits/ei.html', 'Last 255 characters.', true),
  page('prop2', 'Page URL (traffic)', 'pageUrl', 'canada.ca/en/services/benefits/ei.html', 'Last 100 characters.', true),
  page('eVar3', 'Page language', 'pageLanguage', 'en', "'en' or 'fr'."),
  page('prop3', 'Page language (traffic)', 'pageLanguage', 'fr'),
  page('eVar4', 'Institution', 'pageCreator', 'Emploi et Développement social Canada', BILINGUAL),
  page('eVar5', 'Theme', 'theme', 'benefits', 'From /en/services/{theme}/ or /fr/services/{theme}/; blank elsewhere.'),
  page('prop5', 'Theme (traffic)', 'theme', 'immigration-citizenship'),
  page('eVar6', 'Page id', 'pageId', '1234567'),
  page('eVar7', 'Issued date', 'issuedDate', '2025-09-17'),
  page('eVar8', 'Content age (days)', 'contentAge', '42', 'Whole days since dcterms.modified; also the value of event12.'),
  page('eVar9', 'Page type', 'pageType', 'news releases', 'Only backgrounders, media advisories, news releases, speeches, statements, readouts (EN or FR forms).'),
  page('eVar10', 'Login status', 'loginStatus', '2', '1 Authenticated, 2 Public, 3 Intranet.'),
  page('prop10', 'Login status (label)', 'loginStatusLabel', 'Public', "Authenticated/Authentifié, Public, Intranet; 'invalid login status' otherwise."),
  page('eVar11', 'App name', 'appName', 'canada', "'MP Service Portal' / its French name on the info-share portal."),
  page('eVar12', 'Device type', 'deviceType', 'mobile', 'mobile, tablet or desktop.'),
  page('eVar13', 'User agent', 'userAgent', 'Mozilla/5.0 (X11; Linux x86_64) …'),
  page('eVar14', 'Local day', 'localDay', 'Wednesday'),
  page('eVar15', 'Local hour', 'localHour', '09'),
  page('eVar16', 'Library version', 'libraryVersion', '28.0.0'),
  page('eVar17', 'Query string', 'queryString', 'utm_source=newsletter', "Search parameters removed; 'blank query string' when there is none."),
  page('eVar18', 'Previous page URL', 'previousPageUrl', 'https://www.canada.ca/en/services/benefits.html', 'From the gpv_url cookie.', true),
  page('eVar19', 'Previous page title', 'previousPageTitle', 'Benefits'),
  page('eVar20', 'Previous page query string', 'previousPageQueryString', 'blank query string'),
  page('eVar21', 'Previous page institution', 'previousPageCreator', 'Service Canada'),
  page('eVar22', 'Previous page theme', 'previousPageTheme', 'benefits'),
  page('eVar23', 'URL folder', 'urlFolder', '/en/services/benefits/'),
  page('eVar24', 'URL file name', 'urlFilename', 'ei.html'),
  page('eVar25', 'Program', 'program', 'Employment Insurance'),
  page('eVar26', 'Owner', 'owner', 'ESDC'),
  page('eVar27', 'Topic level', 'topicLevel', '3'),
  page('eVar28', 'Error page type', 'errorPageType', '404', '404, 403 or 500, from the page title (EN or FR).'),
  page('eVar30', 'Search term', 'searchTerm', 'passport renewal', 'Search pages only; news search adds type, institution, ministry, start and end.'),
  page('prop30', 'Search query', 'searchQuery', 'passport renewal'),
  page('eVar31', 'Search type', 'searchType', 'Original Search', 'Advanced Search Used, Original Search or Changed Phrase.'),
  page('eVar32', 'Search result count', 'searchResultCount', '125'),
  page('eVar33', 'Search date filter', 'searchDateFilter', 'month', 'any, 24hrs, week, month, year.'),
  page('eVar34', 'Search field scope', 'searchFieldScope', 'title', 'any, title, url, body.'),
  page('eVar35', 'Campaign source (utm_source)', 'campaignSource', 'newsletter', 'Only when the URL has campaign parameters and differs from the last 30 minutes.'),
  page('eVar36', 'Campaign medium (utm_medium)', 'campaignMedium', 'email'),
  page('eVar37', 'Campaign name (utm_campaign)', 'campaignName', 'ei-2025'),
  page('eVar38', 'Campaign term (utm_term)', 'campaignTerm', 'benefits'),
  page('eVar39', 'Campaign content (utm_content)', 'campaignContent', 'banner'),
  page('eVar40', 'Social-tool id', 'socialToolId', 'tw-gc-2025'),
  page('campaign', 'Campaign parameters', 'campaignParameters', 'no-parameter:n:n:n:n:n:n', 'Which campaign parameters the URL carried.'),
  page('eVar41', 'Single-page app', 'singlePageApp', 'no', "'yes' on the app hosts."),
  page('eVar45', 'Clicked link text (previous page)', 'clickText', 'Apply online', 'From the clickText cookie set by the click that led here.'),
  page('eVar46', 'Clicked link URL (previous page)', 'clickUrl', 'https://www.canada.ca/en/services/benefits/ei/apply.html', undefined, true),
  page('eVar47', 'Click source URL', 'clickSourceUrl', 'https://www.canada.ca/en/services/benefits/ei.html', undefined, true),
  page('eVar48', 'Click source page', 'clickSourcePage', 'Employment Insurance'),
  interaction('eVar50', 'Link text / interaction name', 'linkText', 'Apply online', 'Text as shown, scrubbed.'),
  interaction('eVar51', 'Link URL', 'linkUrl', 'https://www.canada.ca/content/dam/esdc/form.pdf', 'Client-id parameters removed.', true),
  interaction('eVar52', 'File type', 'fileType', 'pdf'),
  interaction('eVar53', 'Link position', 'linkPosition', 'tab2'),
  interaction('eVar54', 'Media title', 'mediaTitle', 'How to apply for EI'),
  interaction('eVar55', 'Media type', 'mediaType', 'video', 'audio or video.'),
  interaction('eVar56', 'Media format', 'mediaFormat', 'mp4'),
  interaction('eVar57', 'Form name', 'formName', 'Report a problem'),
  interaction('eVar58', 'Form options', 'formList', 'broken link;spelling', 'Checked options, semicolon-separated.'),
  interaction('eVar59', 'Form error', 'formError', 'Required field missing'),
  interaction('eVar60', 'Survey task (English)', 'surveyTaskEn', 'Apply for a passport'),
  interaction('eVar61', 'Survey task (French)', 'surveyTaskFr', 'Demander un passeport'),
  interaction('eVar62', 'Exit survey', 'exitSurvey', 'gc-tss'),
  interaction('eVar63', 'Pop-up name', 'popupName', 'Help us improve Canada.ca'),
  interaction('eVar64', 'Screen id', 'screenId', 'GC-SCR-0042'),
  interaction('eVar65', 'Error type', 'errorType', 'No search results'),
  interaction('eVar66', 'Expanded or opened title', 'interactionTitle', 'Eligibility'),
  interaction('eVar67', 'Filter text', 'filterText', 'ontario'),
];

export const SDR_EVENTS: readonly SdrEvent[] = [
  { event: 9, label: 'Page load', when: 'every page view' },
  { event: 11, label: 'Page view', when: 'every page view' },
  { event: 12, label: 'Content age', when: 'page views of dated pages; the value is the age in days' },
  { event: 41, label: 'Download', when: 'download link clicks' },
  { event: 42, label: 'Outbound link', when: 'exit link clicks' },
  { event: 50, label: 'Search', when: 'initial search queries' },
  { event: 52, label: 'Search result click', when: 'clicks on search results' },
  { event: 79, label: 'Form submit', when: 'tracked form submits' },
  { event: 82, label: 'Media play', when: 'first play of a media element' },
  { event: 84, label: 'Media progress', when: '20, 50 and 80 % media marks' },
  { event: 85, label: 'Scroll depth', when: '25, 50, 75 and 100 % scroll events' },
  { event: 100, label: 'Error', when: 'error events from the data layer and no-results searches' },
  { event: 104, label: 'Time to complete', when: 'survey thank-you pages; the value is seconds since the survey start' },
  { event: 110, label: 'Survey', when: 'task-success survey completion' },
  { event: 500, label: 'Tracked click', when: 'every tracked click' },
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
