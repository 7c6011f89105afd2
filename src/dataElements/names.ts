/**
 * Every Canada.ca data element name, in the order `createDataElements` gives them, then the
 * search elements (a test keeps this list and the elements in step), so that the solution design
 * reference and the rules can be type-checked against it.
 */
import type { DataElementContext, RuleContext } from '../engine/types';

export const DATA_ELEMENT_NAMES = [
  // page.ts
  'pageId',
  'pageTitle',
  'pageLanguage',
  'pageType',
  'pageCreator',
  'issuedDate',
  'modifiedDate',
  'contentAge',
  'program',
  'theme',
  'urlFolder',
  'urlFilename',
  'pageUrl',
  'referrer',
  'hostname',
  'queryString',
  'defaultText',
  // session.ts
  'loginStatus',
  'loginStatusLabel',
  'appName',
  'owner',
  'topicLevel',
  'libraryVersion',
  // device.ts
  'deviceType',
  'userAgent',
  'localDay',
  'localHour',
  // errorPage.ts
  'errorPageType',
  // previousPage.ts
  'previousPageTitle',
  'previousPageCreator',
  'previousPageTheme',
  'previousPageUrl',
  'previousPageQueryString',
  // clickContext.ts
  'clickUrl',
  'clickText',
  'clickSourceUrl',
  'clickSourcePage',
  // campaign.ts
  'campaignSource',
  'campaignMedium',
  'campaignName',
  'campaignTerm',
  'campaignContent',
  'socialToolId',
  'adClickIds',
  'trackingCode',
  'campaignParameters',
  // spa.ts
  'singlePageApp',
  // performance.ts
  'pageLoadTime',
  'firstContentfulPaint',
  'largestContentfulPaint',
  'previousPageLoadTime',
  'previousPageFcp',
  'previousPageLcp',
  'navigationType',
  // bot.ts
  'botFlag',
  'botAttribute',
  // visit.ts
  'newRepeat',
  'daysSinceLastVisit',
  // scroll.ts
  'runScrollDepth',
  // personalization.ts
  'targetActivityName',
  'targetActivityId',
  'targetExperienceName',
  'targetExperienceId',
  'targetOfferName',
  'targetOfferId',
  'targetMbox',
  'targetIds',
  // search.ts: only on search pages, added with the search rules (src/rules/areas.ts)
  'searchQuery',
  'searchType',
  'searchResultCount',
  'searchTerm',
  'searchDateFilter',
  'searchFieldScope',
] as const;

export type DataElementName = (typeof DATA_ELEMENT_NAMES)[number];

/**
 * What a Canada.ca data element's getter and a Canada.ca rule are given: `getVar` takes only the
 * names above, so a misspelt one fails the type check (the engine itself takes any name).
 */
export type CanadaDataElementContext = Omit<DataElementContext, 'getVar'> & { getVar(name: DataElementName): unknown };
export type CanadaRuleContext = Omit<RuleContext, 'getVar'> & { getVar(name: DataElementName): unknown };
