/**
 * Offers as at.js hands them to the page: getOffer's list of `{action, content}` items and back,
 * and the test-offer metadata each rendered option leaves in the data layer.
 */
import type { Action, Decision, Option } from './types';
import { isObject } from './validate';

export const GLOBAL_MBOX = 'target-global-mbox';
/** The data-layer event that carries the test-offer metadata to the analytics rules (rules/personalization.ts). */
export const OFFER_EVENT = 'targetOffer';

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/**
 * The test-offer metadata of one option's response tokens, pushed to `window.adobeDataLayer`
 * as `{event: 'targetOffer', target: {...}}` so a rule or data element can read it.
 */
export function publishTokens(option: Option, mbox: string): void {
  const tokens = option.responseTokens;
  if (!isObject(tokens)) return;
  const w = window as { adobeDataLayer?: unknown };
  if (!Array.isArray(w.adobeDataLayer)) w.adobeDataLayer = [];
  (w.adobeDataLayer as unknown[]).push({
    event: OFFER_EVENT,
    target: {
      activityName: text(tokens['activity.name']),
      activityId: text(tokens['activity.id']),
      experienceName: text(tokens['experience.name']),
      experienceId: text(tokens['experience.id']),
      offerName: text(tokens['offer.name']),
      offerId: text(tokens['offer.id']),
      geoCity: text(tokens['geo.city']),
      geoState: text(tokens['geo.state']),
      mbox,
    },
  });
}

/** getOffer's offer: at.js's list of `{action, content}` items. */
export function toOffer(decision: Decision | undefined): Array<Record<string, unknown>> {
  return (decision?.options ?? []).flatMap((option): Array<Record<string, unknown>> => {
    if (option.type === 'json') return [{ action: 'setJson', content: [option.content] }];
    if (option.type === 'redirect') return [{ action: 'redirect', url: option.content }];
    if (option.type === 'actions') return (Array.isArray(option.content) ? option.content : []).map((a: Action) => ({ ...a, action: a.type }));
    return [{ action: 'setContent', content: option.content, type: option.type }];
  });
}

export function fromOffer(item: Record<string, unknown>): Option {
  if (item.action === 'setJson') return { type: 'json', content: item.content };
  if (item.action === 'redirect') return { type: 'redirect', content: item.url };
  if (item.action === 'setContent') return { type: item.type === 'dynamic' ? 'dynamic' : 'html', content: item.content };
  return { type: 'actions', content: [{ ...item, type: String(item.action ?? item.type) }] };
}
