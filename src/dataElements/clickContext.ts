/**
 * Click context (requirements PV-11): a click rule saves what was clicked and where, in one cookie, for
 * the page the click leads to; that page reads it at page bottom and the send rule clears it.
 */
import type { DataElement } from '../engine/types';
import { recordablePageUrl } from '../privacy/url';
import { withoutSiteSuffix } from './page';
import { type CookieGroup, readCookieGroup, saveCookieGroup } from './cookieGroup';
import { cookieValue } from './previousPage';
import { documentTitle, el, href, meta, squeeze } from './read';

const CLICK_CONTEXT_FIELDS = ['url', 'text', 'sourceUrl', 'sourcePage'] as const;
type ClickContextField = (typeof CLICK_CONTEXT_FIELDS)[number];

export const CLICK_CONTEXT_COOKIE: CookieGroup<ClickContextField> = {
  name: 'gc_click',
  fields: CLICK_CONTEXT_FIELDS,
  legacy: 'clickURL clickText clickSourceURL clickSourcePage',
};

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
 * when the cookie was written.
 */
export const saveClickContext = ({
  url,
  text,
  // An empty source given by the caller stays empty: only an absent one means "this page".
  sourceUrl = recordablePageUrl(href()),
  sourcePage = withoutSiteSuffix(meta('dcterms.title') || documentTitle()),
}: ClickContext): boolean =>
  saveCookieGroup(CLICK_CONTEXT_COOKIE, {
    url: cookieValue((url || '').trim(), true),
    text: cookieValue(squeeze(text || '')),
    sourceUrl: cookieValue(sourceUrl.trim(), true),
    sourcePage: cookieValue(squeeze(sourcePage)),
  });

/** Removes the click's cookie (the page-bottom send rule calls this after its beacon). */
export const clearClickContext = (): boolean => saveCookieGroup(CLICK_CONTEXT_COOKIE, {});

const clicked = (field: ClickContextField) => (): string => readCookieGroup(CLICK_CONTEXT_COOKIE, field);

export const clickContextDataElements: DataElement[] = [
  el('clickUrl', clicked('url'), ''),
  el('clickText', clicked('text'), ''),
  el('clickSourceUrl', clicked('sourceUrl'), ''),
  el('clickSourcePage', clicked('sourcePage'), ''),
];
