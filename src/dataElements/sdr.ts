/**
 * The solution design reference: which analytics slot carries which value. Rules fill slots
 * from this table; sdrLabels.ts names the slots for the logdtm log and the beacon inspector, and
 * `npm run sdr` prints all of it to docs/sdr.md, so they cannot drift apart. No DOM here: node
 * code (the docs script, the demo server) imports it.
 */
import type { SlotName } from '../analytics/slots';
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
  | 'internalCampaigns'
  | 'targetActivity'
  | 'targetExperience'
  | 'targetOffer'
  | 'targetIds'
  | 'targetMbox';

/**
 * The solution design reference's events, by what they count: rules name them here, never by
 * number (sdrLabels.ts names them for people, sdrNotes.ts says when each is sent).
 */
export const EVENTS = {
  pageLoad: 9,
  pageView: 11,
  contentAge: 12,
  download: 41,
  exit: 42,
  search: 50,
  searchResultClick: 52,
  formSubmit: 79,
  mediaPlay: 82,
  mediaProgress: 84,
  scrollDepth: 85,
  error: 100,
  timeToComplete: 104,
  survey: 110,
  trackedClick: 500,
} as const;

export type SdrSource = { dataElement: DataElementName } | { interaction: InteractionValue };

export interface SdrVariable {
  slot: SlotName;
  source: SdrSource;
  /** Carries a URL: gets the URL variant of redaction (ids kept, e-mails still removed). */
  url?: true;
  /**
   * PV-5 gives the value a default: when the page's data element reads blank, the slot gets
   * the default text (N/A on English pages, S/O on French ones); 'searchPages': only on search
   * pages (elsewhere a search slot on every page view would overwrite the visit's search term).
   */
  defaultText?: true | 'searchPages';
}

// Report names live in sdrLabels.ts and examples and notes in sdrNotes.ts: the tag carries no
// text that only people read (the logdtm log loads the names when it is switched on).
// The table and what is derived from it are marked pure (here and where they are read): a file
// that imports only EVENTS, as tag-rules.js does, leaves the table out (0.9 KB gzip there).
const page = /* @__NO_SIDE_EFFECTS__ */ (slot: SlotName, dataElement: DataElementName, flags: Pick<SdrVariable, 'url' | 'defaultText'> = {}): SdrVariable => ({
  slot,
  source: { dataElement },
  ...flags,
});
const URL = { url: true } as const;
const DEFAULT = { defaultText: true } as const;
const interaction = /* @__NO_SIDE_EFFECTS__ */ (slot: SlotName, value: InteractionValue, flags: Pick<SdrVariable, 'url'> = {}): SdrVariable => ({
  slot,
  source: { interaction: value },
  ...flags,
});

export const SDR_VARIABLES: readonly SdrVariable[] = [
  page('pageName', 'pageTitle', DEFAULT),
  page('pageURL', 'pageUrl', URL),
  page('referrer', 'referrer', URL),
  page('channel', 'pageCreator'),
  page('server', 'hostname'),
  page('eVar1', 'pageTitle', DEFAULT),
  page('prop1', 'pageTitle', DEFAULT),
  page('eVar2', 'pageUrl', { url: true, defaultText: true }),
  page('prop2', 'pageUrl', { url: true, defaultText: true }),
  page('eVar3', 'pageLanguage', DEFAULT),
  page('prop3', 'pageLanguage', DEFAULT),
  page('eVar4', 'pageCreator'),
  page('eVar5', 'theme', DEFAULT),
  page('prop5', 'theme', DEFAULT),
  page('eVar6', 'pageId'),
  page('eVar7', 'issuedDate'),
  page('eVar8', 'contentAge'),
  page('eVar9', 'pageType'),
  page('eVar10', 'loginStatus'),
  page('prop10', 'loginStatusLabel'),
  page('eVar11', 'appName'),
  page('eVar12', 'deviceType'),
  page('eVar13', 'userAgent'),
  page('eVar14', 'localDay'),
  page('eVar15', 'localHour'),
  page('eVar16', 'libraryVersion'),
  page('eVar17', 'queryString'),
  page('eVar18', 'previousPageUrl', URL),
  page('eVar19', 'previousPageTitle'),
  page('eVar20', 'previousPageQueryString'),
  page('eVar21', 'previousPageCreator'),
  page('eVar22', 'previousPageTheme'),
  page('eVar23', 'urlFolder'),
  page('eVar24', 'urlFilename'),
  page('eVar25', 'program'),
  page('eVar26', 'owner'),
  page('eVar27', 'topicLevel'),
  page('eVar28', 'errorPageType'),
  page('eVar30', 'searchTerm', { defaultText: 'searchPages' }),
  page('prop30', 'searchQuery', { defaultText: 'searchPages' }),
  page('eVar31', 'searchType'),
  page('eVar32', 'searchResultCount'),
  page('eVar33', 'searchDateFilter'),
  page('eVar34', 'searchFieldScope'),
  page('eVar35', 'campaignSource'),
  page('eVar36', 'campaignMedium'),
  page('eVar37', 'campaignName'),
  page('eVar38', 'campaignTerm'),
  page('eVar39', 'campaignContent'),
  page('eVar40', 'socialToolId'),
  page('campaign', 'trackingCode'),
  page('prop35', 'campaignParameters'),
  page('eVar71', 'adClickIds'),
  page('eVar41', 'singlePageApp'),
  page('eVar43', 'previousPageFcp'),
  page('eVar44', 'previousPageLcp'),
  page('eVar49', 'previousPageLoadTime'),
  page('eVar68', 'newRepeat'),
  page('eVar69', 'daysSinceLastVisit'),
  page('prop40', 'botFlag'),
  page('prop41', 'botAttribute'),
  page('eVar45', 'clickText'),
  page('eVar46', 'clickUrl', URL),
  page('eVar47', 'clickSourceUrl', URL),
  page('eVar48', 'clickSourcePage'),
  interaction('eVar50', 'linkText'),
  interaction('eVar51', 'linkUrl', URL),
  interaction('eVar52', 'fileType'),
  interaction('eVar53', 'linkPosition'),
  interaction('eVar54', 'mediaTitle'),
  interaction('eVar55', 'mediaType'),
  interaction('eVar56', 'mediaFormat'),
  interaction('eVar57', 'formName'),
  interaction('eVar58', 'formList'),
  interaction('eVar59', 'formError'),
  interaction('eVar60', 'surveyTaskEn'),
  interaction('eVar61', 'surveyTaskFr'),
  interaction('eVar62', 'exitSurvey'),
  interaction('eVar63', 'popupName'),
  interaction('eVar64', 'screenId'),
  interaction('eVar65', 'errorType'),
  interaction('eVar66', 'interactionTitle'),
  interaction('eVar67', 'filterText'),
  interaction('eVar70', 'internalCampaigns'),
  interaction('eVar72', 'targetActivity'),
  interaction('eVar73', 'targetExperience'),
  interaction('eVar74', 'targetOffer'),
  interaction('eVar75', 'targetIds'),
  interaction('eVar76', 'targetMbox'),
];

/** Slots whose values are URLs. */
export const URL_SLOTS: readonly SlotName[] = /* @__PURE__ */ SDR_VARIABLES.filter((row) => row.url).map((row) => row.slot);

/** The rows a page view fills from data elements. */
export const PAGE_VIEW_ROWS = /* @__PURE__ */ SDR_VARIABLES.filter(
  (row): row is SdrVariable & { source: { dataElement: DataElementName } } => 'dataElement' in row.source,
);

/** The slot(s) that carry an interaction value. */
export function slotsOf(value: InteractionValue): SlotName[] {
  return SDR_VARIABLES.filter((row) => 'interaction' in row.source && row.source.interaction === value).map((row) => row.slot);
}
