/**
 * What tag.js lends the on-demand files (src/engine/onDemand.ts): the scrubber, the pieces of the
 * rules and data elements that tag.js runs and the rule areas of tag-rules.js use too, and two of
 * the personalization bootstrap's that tag-target.js uses, the log's reading of a failure, and the
 * roles whose names the scrubber and the forms rule read in a key.
 * tag-rules.js, tag-target.js and tag-panel.js used to bundle copies of their own: bytes
 * downloaded and compiled twice, and module state (the cookie snapshot of a run, the data layer's
 * copies, an event's exemption and click owner) kept twice. A list, not an object: tag.js carries
 * no names for it. The build finds each import's place in the list by the value the module
 * exports (scripts/lentModules.ts); what a module does not lend here, an on-demand file bundles.
 */
import { ROLES, ROLES_FR } from './privacy/patterns';
import { REDACTION_MARKER, redactCodes, redactText } from './privacy/redact';
import { recordablePageUrl, redactName, redactUrl, scrubParam, scrubQueryString, scrubReferrer, stripClientId } from './privacy/url';
import { siteCookies } from './engine/cookies';
import { readDataLayer } from './engine/dataLayer';
import { decimal } from './engine/decimal';
import { reason } from './engine/logger';
import { webStorage } from './engine/storage';
import { dataLayerText, decoded, documentReferrer, el, inPageLanguage, pageLanguage, pathname, queryParam, queryParams, safely } from './dataElements/read';
import { ADVANCED_SEARCH_PAGE, isNewsSearchPage, isSearchPage } from './dataElements/searchPages';
import { sendLinkBeacon } from './rules/lib/beacons';
import { elementIs, elementOf, not, notExempt, pathIsOneOf, when } from './rules/lib/conditions';
import { hrefOf, isExempt, labelOf } from './rules/lib/dom';
import { createLinkClicks, linkValues } from './rules/lib/linkClicks';
import { linkAddress } from './rules/lib/links';
import { detailValues } from './rules/lib/media';
import { isSearchResultsPage, PAGE_VIEW_ELEMENTS, pageViewEvents, sentInBackground } from './rules/lib/page';
import { click, pushed, rule } from './rules/lib/rule';
import { createScrollWatcher } from './rules/lib/scroll';
import { uuid } from './personalization/request';
import { responseDetails } from './personalization/responseDetails';

export const LENT: readonly unknown[] = [
  REDACTION_MARKER,
  redactCodes,
  redactText,
  recordablePageUrl,
  redactName,
  redactUrl,
  scrubParam,
  scrubQueryString,
  scrubReferrer,
  stripClientId,
  siteCookies,
  readDataLayer,
  decimal,
  webStorage,
  dataLayerText,
  decoded,
  documentReferrer,
  el,
  inPageLanguage,
  pageLanguage,
  pathname,
  queryParam,
  queryParams,
  safely,
  ADVANCED_SEARCH_PAGE,
  isNewsSearchPage,
  isSearchPage,
  sendLinkBeacon,
  elementIs,
  elementOf,
  not,
  notExempt,
  pathIsOneOf,
  when,
  hrefOf,
  isExempt,
  labelOf,
  createLinkClicks,
  linkValues,
  linkAddress,
  detailValues,
  isSearchResultsPage,
  PAGE_VIEW_ELEMENTS,
  pageViewEvents,
  sentInBackground,
  click,
  pushed,
  rule,
  createScrollWatcher,
  uuid,
  responseDetails,
  reason,
  ROLES,
  ROLES_FR,
];
