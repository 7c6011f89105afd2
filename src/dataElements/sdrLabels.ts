/**
 * The report names of the solution design reference's slots and events: for people (the logdtm
 * log, the beacon inspector, docs/sdr.md), so the tag itself does not carry them; the log loads
 * them from dist/tag-debug.js when it is switched on. This file is that file's entry, so it also
 * hands on the log's own texts (engine/logMessages.ts).
 */
import { paramOf, type SlotName } from '../analytics/slots';

export { MESSAGE_TEXTS } from '../engine/logMessages';

export const SLOT_LABELS: Partial<Record<SlotName, string>> = {
  pageName: 'Page name',
  pageURL: 'Page URL',
  referrer: 'Referrer',
  channel: 'Institution (channel)',
  server: 'Host',
  eVar1: 'Page title',
  prop1: 'Page title (traffic)',
  eVar2: 'Page URL',
  prop2: 'Page URL (traffic)',
  eVar3: 'Page language',
  prop3: 'Page language (traffic)',
  eVar4: 'Institution',
  eVar5: 'Theme',
  prop5: 'Theme (traffic)',
  eVar6: 'Page id',
  eVar7: 'Issued date',
  eVar8: 'Content age (days)',
  eVar9: 'Page type',
  eVar10: 'Login status',
  prop10: 'Login status (label)',
  eVar11: 'App name',
  eVar12: 'Device type',
  eVar13: 'User agent',
  eVar14: 'Local day',
  eVar15: 'Local hour',
  eVar16: 'Library version',
  eVar17: 'Query string',
  eVar18: 'Previous page URL',
  eVar19: 'Previous page title',
  eVar20: 'Previous page query string',
  eVar21: 'Previous page institution',
  eVar22: 'Previous page theme',
  eVar23: 'URL folder',
  eVar24: 'URL file name',
  eVar25: 'Program',
  eVar26: 'Owner',
  eVar27: 'Topic level',
  eVar28: 'Error page type',
  eVar30: 'Search term',
  prop30: 'Search query',
  eVar31: 'Search type',
  eVar32: 'Search result count',
  eVar33: 'Search date filter',
  eVar34: 'Search field scope',
  eVar35: 'Campaign source (utm_source)',
  eVar36: 'Campaign medium (utm_medium)',
  eVar37: 'Campaign name (utm_campaign)',
  eVar38: 'Campaign term (utm_term)',
  eVar39: 'Campaign content (utm_content)',
  eVar40: 'Social-tool id',
  campaign: 'Tracking code',
  prop35: 'Campaign parameters present',
  eVar71: 'Advertising click ids',
  eVar41: 'Single-page app',
  eVar43: 'Previous page first contentful paint (ms)',
  eVar44: 'Previous page largest contentful paint (ms)',
  eVar49: 'Previous page load time (s)',
  eVar68: 'New or repeat visitor',
  eVar69: 'Days since last visit',
  prop40: 'Bot flag',
  prop41: 'Bot attribute',
  eVar45: 'Clicked link text (previous page)',
  eVar46: 'Clicked link URL (previous page)',
  eVar47: 'Click source URL',
  eVar48: 'Click source page',
  eVar50: 'Link text / interaction name',
  eVar51: 'Link URL',
  eVar52: 'File type',
  eVar53: 'Link position',
  eVar54: 'Media title',
  eVar55: 'Media type',
  eVar56: 'Media format',
  eVar57: 'Form name',
  eVar58: 'Form options',
  eVar59: 'Form error',
  eVar60: 'Survey task (English)',
  eVar61: 'Survey task (French)',
  eVar62: 'Exit survey',
  eVar63: 'Pop-up name',
  eVar64: 'Screen id',
  eVar65: 'Error type',
  eVar66: 'Expanded or opened title',
  eVar67: 'Filter text',
  eVar70: 'Internal campaigns shown',
  eVar72: 'Personalization activity',
  eVar73: 'Personalization experience',
  eVar74: 'Personalization offer',
  eVar75: 'Personalization ids (activity:experience:offer)',
  eVar76: 'Personalization location (mbox)',
};

export const EVENT_LABELS: Record<number, string> = {
  9: 'Page load',
  11: 'Page view',
  12: 'Content age',
  41: 'Download',
  42: 'Outbound link',
  50: 'Search',
  52: 'Search result click',
  79: 'Form submit',
  82: 'Media play',
  84: 'Media progress',
  85: 'Scroll depth',
  100: 'Error',
  104: 'Time to complete',
  110: 'Survey',
  500: 'Tracked click',
};

/** The request parameters AppMeasurement adds besides the variables (Adobe's data collection query parameters). */
const REQUEST_PARAMS: Record<string, string> = {
  AQB: 'Start of beacon',
  ndh: 'Hit from JavaScript',
  t: 'Local time (month from 0)',
  fid: 'Fallback visitor id',
  sdid: 'Supplemental data id (Analytics for Target)',
  tnta: 'Analytics for Target payload',
  ce: 'Character set',
  '-g': 'Page URL, beyond 255 characters',
  cc: 'Currency',
  pageType: 'Page type',
  events: 'Events',
  pe: 'Link type',
  pev1: 'Link URL',
  pev2: 'Link name',
  s: 'Screen resolution',
  c: 'Colour depth',
  j: 'JavaScript version',
  v: 'Java enabled',
  k: 'Cookies enabled',
  bw: 'Browser width',
  bh: 'Browser height',
  AQE: 'End of beacon',
};

const byParam = new Map([
  ...Object.entries(REQUEST_PARAMS),
  ...Object.entries(SLOT_LABELS).map(([slot, label]) => [paramOf(slot as SlotName), label] as const),
]);

/** The report name of a beacon parameter (`v5` → 'Theme'). */
export function describeParam(param: string): string | undefined {
  return byParam.get(param);
}

export function eventLabel(event: number): string | undefined {
  return EVENT_LABELS[event];
}
