/**
 * Click context (SPEC §3): a click rule saves what was clicked and where, in cookies, for the
 * page the click leads to; that page reads them at page bottom and the send rule clears them.
 */
import { cookies } from '../engine/cookies';
import type { DataElement } from '../engine/types';
import { redactText, redactUrl } from '../privacy/redact';
import { recordablePageUrl } from '../privacy/url';
import { withoutSiteSuffix } from './page';
import { documentTitle, href, lastChars, meta } from './read';
import { URL_MAX_LENGTH, VISIT_DAYS } from './previousPage';

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

const TEXT_MAX_LENGTH = 255;
const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Saves a click's context for the next page (30 minutes). Values are scrubbed of personal
 * information before they are stored, since cookies travel with every request. Returns true
 * when every cookie was written.
 */
export function saveClickContext(click: ClickContext): boolean {
  const values: Record<keyof ClickContext, string> = {
    url: lastUrl(click.url),
    text: redactText(fold(click.text ?? '')).slice(0, TEXT_MAX_LENGTH),
    sourceUrl: lastUrl(click.sourceUrl ?? recordablePageUrl(href())),
    sourcePage: redactText(fold(click.sourcePage ?? withoutSiteSuffix(meta('dcterms.title') || documentTitle()))).slice(
      0,
      TEXT_MAX_LENGTH,
    ),
  };
  let ok = true;
  for (const field of Object.keys(CLICK_CONTEXT_COOKIES) as Array<keyof ClickContext>) {
    const name = CLICK_CONTEXT_COOKIES[field];
    ok = (values[field] ? cookies.set(name, values[field], { days: VISIT_DAYS }) : cookies.remove(name)) && ok;
  }
  return ok;
}

const lastUrl = (url: string | undefined) => {
  const text = (url ?? '').trim();
  return text ? lastChars(redactUrl(text), URL_MAX_LENGTH) : '';
};

/** Removes the four click cookies (the page-bottom send rule calls this after its beacon). */
export function clearClickContext(): boolean {
  let ok = true;
  for (const name of Object.values(CLICK_CONTEXT_COOKIES)) ok = cookies.remove(name) && ok;
  return ok;
}

const read = (field: keyof ClickContext) => () => cookies.get(CLICK_CONTEXT_COOKIES[field]) ?? '';

export const clickContextDataElements: DataElement[] = [
  { name: 'clickUrl', get: read('url'), defaultValue: '' },
  { name: 'clickText', get: read('text'), defaultValue: '' },
  { name: 'clickSourceUrl', get: read('sourceUrl'), defaultValue: '' },
  { name: 'clickSourcePage', get: read('sourcePage'), defaultValue: '' },
];
