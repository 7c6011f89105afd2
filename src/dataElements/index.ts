/**
 * The Canada.ca data elements (requirements PV-1 to PV-6), one small
 * declarative entry each, grouped by area. `createDataElements` builds them for the current
 * host's allow-list entry; `DATA_ELEMENT_NAMES` lists every name so that the solution design
 * reference can be type-checked against it.
 */
import type { HostEntry } from '../config/types';
import type { DataElement } from '../engine/types';
import { askNotificationPermission, botDataElements } from './bot';
import { campaignDataElements } from './campaign';
import { clickContextDataElements } from './clickContext';
import { deviceDataElements } from './device';
import { errorPageDataElements } from './errorPage';
import { pageDataElements } from './page';
import { performanceDataElements } from './performance';
import { previousPageDataElements } from './previousPage';
import { personalizationDataElements } from './personalization';
import { scrollDataElements } from './scroll';
import { sessionDataElements } from './session';
import { spaDataElements } from './spa';
import { visitDataElements } from './visit';

export { DATA_ELEMENT_NAMES, type DataElementName } from './names';

export interface DataElementsContext {
  /** The allow-list entry of the current host (its appName and loginStatus). */
  host?: HostEntry;
}

export function createDataElements(context: DataElementsContext = {}): DataElement[] {
  askNotificationPermission();
  return [
    ...pageDataElements,
    ...sessionDataElements(context.host),
    ...deviceDataElements,
    ...errorPageDataElements,
    ...previousPageDataElements,
    ...clickContextDataElements,
    ...campaignDataElements,
    ...spaDataElements,
    ...performanceDataElements,
    ...botDataElements,
    ...visitDataElements,
    ...scrollDataElements,
    ...personalizationDataElements,
  ];
}

export { LIBRARY_VERSION } from './version';
export { CLICK_CONTEXT_COOKIE, clearClickContext, saveClickContext } from './clickContext';
export { PREVIOUS_PAGE_COOKIE, currentPageValues, savePreviousPageCookies } from './previousPage';
export { pushSpaFlag } from './spa';
export { TIMING_COOKIE, watchPageTimings } from './performance';
export { saveVisit } from './visit';
