/**
 * Click context (requirements PV-11): a click rule saves what was clicked and where, in cookies, for the
 * page the click leads to; that page reads them at page bottom and the send rule clears them.
 */
import type { DataElement } from '../engine/types';
import { recordablePageUrl } from '../privacy/url';
import { withoutSiteSuffix } from './page';
import { cookieValue, readCookie, saveVisitCookies } from './previousPage';
import { documentTitle, el, href, meta, squeeze } from './read';

export const CLICK_CONTEXT_COOKIES = {
  url: 'clickURL',
  text: 'clickText',
  sourceUrl: 'clickSourceURL',
  sourcePage: 'clickSourcePage',
} as const;

export interface ClickContext {
  /** The clicked link's destination. */
  url: string;
  /** The clicked link's visible text. */
  text: string;
  /** The page the click happened on; the current recordable page URL when absent. */
  sourceUrl?: string;
  /** That page's title; the current page title when absent. */
  sourcePage?: string;
}

/**
 * Saves a click's context for the next page (30 minutes). Values are scrubbed of personal
 * information before they are stored, since cookies travel with every request. Returns true
 * when every cookie was written.
 */
export const saveClickContext = ({
  url,
  text,
  // An empty source given by the caller stays empty: only an absent one means "this page".
  sourceUrl = recordablePageUrl(href()),
  sourcePage = withoutSiteSuffix(meta('dcterms.title') || documentTitle()),
}: ClickContext): boolean =>
  saveVisitCookies(CLICK_CONTEXT_COOKIES, {
    url: cookieValue((url || '').trim(), true),
    text: cookieValue(squeeze(text || '')),
    sourceUrl: cookieValue(sourceUrl.trim(), true),
    sourcePage: cookieValue(squeeze(sourcePage)),
  });

/** Removes the four click cookies (the page-bottom send rule calls this after its beacon). */
export const clearClickContext = (): boolean => saveVisitCookies(CLICK_CONTEXT_COOKIES, { url: '', text: '', sourceUrl: '', sourcePage: '' });

export const clickContextDataElements: DataElement[] = [
  el('clickUrl', readCookie(CLICK_CONTEXT_COOKIES.url), ''),
  el('clickText', readCookie(CLICK_CONTEXT_COOKIES.text), ''),
  el('clickSourceUrl', readCookie(CLICK_CONTEXT_COOKIES.sourceUrl), ''),
  el('clickSourcePage', readCookie(CLICK_CONTEXT_COOKIES.sourcePage), ''),
];
