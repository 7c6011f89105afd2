/**
 * The privacy boundary of every personalization request: the transports (request.ts) pass each
 * body through scrubRequest, so no API function, extension or page-supplied request can send the
 * page address, parameters or ids unscrubbed. The page address becomes what analytics records.
 */
import { redactText } from '../privacy/redact';
import { recordablePageUrl, redactName, redactUrl, scrubParam, scrubReferrer } from '../privacy/url';
import { WEB_AUTH_OUTCOMES } from './beforeRequest';
import type { DeliveryRequest } from './types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An http(s) address as analytics records it (scrubHttp); anything else scrubbed as a URL. */
const asRecorded = (scrubHttp: (url: string) => string) => (url: unknown) =>
  typeof url === 'string' && url ? (/^https?:/i.test(url) ? scrubHttp(url) : redactUrl(url)) : url;
const pageUrl = asRecorded(recordablePageUrl);
const referrer = asRecorded(scrubReferrer);
/** Ids (order, product, third-party and customer ids): an e-mail or a telephone number as an id is still personal. */
const id = (value: unknown) => (typeof value === 'string' ? redactText(value) : value);
/** Mbox and view names: a view is often named after the route (redactName). */
const name = (value: unknown) => (typeof value === 'string' ? redactName(value) : value);

/**
 * A parameter map (mbox, page-load, view, profile parameters): each pair scrubbed as a query
 * string pair would be, so a search parameter is dropped, a secret's value removed and every
 * value redacted. Numbers and booleans keep their type when nothing in them is personal; objects,
 * which the delivery API does not take, are dropped (a cyclic one could not even be sent).
 */
function params(map: unknown): unknown {
  if (!isObject(map)) return map;
  const result: Json = {};
  for (const [name, value] of Object.entries(map)) {
    if (typeof value === 'object' && value !== null) continue;
    const text = String(value);
    // The tag's own parameter with one of its own outcomes has nothing to scrub; scrubbing it would
    // compile the account-key patterns on every page for nothing (`platformAuth=webAuth…`).
    const kept = name === 'platformAuth' && WEB_AUTH_OUTCOMES.includes(text) ? ([name, text] as const) : scrubParam(name, text);
    if (kept) result[kept[0]] = kept[1] === text ? value : kept[1];
  }
  return result;
}

/** One request location (page load, mbox, view, notification): its name, parameters, order and product. */
function details(item: unknown): unknown {
  if (!isObject(item)) return item;
  const copy: Json = { ...item };
  if ('name' in copy) copy.name = name(copy.name);
  // A notification's mbox or view: its name, beside the state and key Target gave.
  for (const place of ['mbox', 'view']) if (place in copy) copy[place] = details(copy[place]);
  for (const map of ['parameters', 'profileParameters']) if (map in copy) copy[map] = params(copy[map]);
  if (isObject(copy.order)) {
    const order: Json = { ...copy.order, id: id(copy.order.id) };
    if (Array.isArray(order.purchasedProductIds)) order.purchasedProductIds = order.purchasedProductIds.map(id);
    copy.order = order;
  }
  if (isObject(copy.product)) copy.product = { ...copy.product, id: id(copy.product.id), categoryId: id(copy.product.categoryId) };
  if (isObject(copy.address)) copy.address = address(copy.address);
  return copy;
}

function address(value: Json): Json {
  return { ...value, url: pageUrl(value.url), referringUrl: referrer(value.referringUrl) };
}

function section(value: unknown): unknown {
  if (!isObject(value)) return value;
  const copy: Json = { ...value };
  if ('pageLoad' in copy) copy.pageLoad = details(copy.pageLoad);
  for (const list of ['mboxes', 'views'] as const) if (Array.isArray(copy[list])) copy[list] = (copy[list] as unknown[]).map(details);
  return copy;
}

/**
 * A copy of a delivery request with nothing personal left: the page and referring addresses as
 * analytics records them, every mbox and view name, parameter, order and product scrubbed, the third-party and
 * customer ids checked for e-mails and other personal values. The caller's object is untouched.
 */
export function scrubRequest(body: DeliveryRequest): DeliveryRequest {
  const copy = { ...body } as unknown as Json;
  if (isObject(copy.context)) {
    const context: Json = { ...copy.context };
    if (isObject(context.address)) context.address = address(context.address);
    copy.context = context;
  }
  if (isObject(copy.id)) {
    const ids: Json = { ...copy.id };
    if ('thirdPartyId' in ids) ids.thirdPartyId = id(ids.thirdPartyId);
    if (Array.isArray(ids.customerIds)) ids.customerIds = ids.customerIds.map((c: unknown) => (isObject(c) ? { ...c, id: id(c.id) } : c));
    copy.id = ids;
  }
  if ('execute' in copy) copy.execute = section(copy.execute);
  if ('prefetch' in copy) copy.prefetch = section(copy.prefetch);
  if (Array.isArray(copy.notifications)) copy.notifications = copy.notifications.map(details);
  return copy as unknown as DeliveryRequest;
}
