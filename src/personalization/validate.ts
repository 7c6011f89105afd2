/**
 * Checks of the options each API function takes, with at.js's messages (requirements PZ-6). Each returns
 * the first problem, or undefined when the options are usable.
 */
export const OPTIONS_REQUIRED = 'options argument is required';
export const MBOX_REQUIRED = 'mbox option is required';
export const MBOX_TOO_LONG = 'mbox option is too long';
export const SUCCESS_REQUIRED = 'success option is required';
export const ERROR_REQUIRED = 'error option is required';
export const REQUEST_REQUIRED = 'request option is required';
export const RESPONSE_REQUIRED = 'response option is required';
export const EXECUTE_OR_PREFETCH_REQUIRED = 'execute or prefetch is required';
export const EXECUTE_OR_PREFETCH_NOT_ALLOWED = 'execute or prefetch is not allowed';
export const NOTIFICATIONS_REQUIRED = 'notifications are required';
export const OFFER_REQUIRED = 'offer option is required';

export const MBOX_MAX_LENGTH = 250;

export type Options = Record<string, unknown>;

/** A plain object (not null, not an array): what at.js takes for options, parameters and request parts. */
export const isObject = (value: unknown): value is Options => typeof value === 'object' && value !== null && !Array.isArray(value);
const first = (...checks: Array<string | false | undefined>) => checks.find(Boolean) || undefined;

function mbox(options: Options): string | undefined {
  const name = options.mbox;
  if (typeof name !== 'string' || !name) return MBOX_REQUIRED;
  return name.length > MBOX_MAX_LENGTH ? MBOX_TOO_LONG : undefined;
}

const decisions = (value: unknown) => isObject(value) && (value.execute !== undefined || value.prefetch !== undefined);

export function checkGetOffer(options: unknown): string | undefined {
  if (!isObject(options)) return OPTIONS_REQUIRED;
  return first(mbox(options), typeof options.success !== 'function' && SUCCESS_REQUIRED, typeof options.error !== 'function' && ERROR_REQUIRED);
}

export function checkGetOffers(options: unknown): string | undefined {
  if (!isObject(options)) return OPTIONS_REQUIRED;
  if (!isObject(options.request)) return REQUEST_REQUIRED;
  return decisions(options.request) ? undefined : EXECUTE_OR_PREFETCH_REQUIRED;
}

export function checkApplyOffer(options: unknown): string | undefined {
  if (!isObject(options)) return OPTIONS_REQUIRED;
  return options.offer === undefined || options.offer === null ? OFFER_REQUIRED : undefined;
}

export function checkApplyOffers(options: unknown): string | undefined {
  if (!isObject(options)) return OPTIONS_REQUIRED;
  if (!isObject(options.response)) return RESPONSE_REQUIRED;
  return decisions(options.response) ? undefined : EXECUTE_OR_PREFETCH_REQUIRED;
}

export function checkSendNotifications(options: unknown): string | undefined {
  if (!isObject(options)) return OPTIONS_REQUIRED;
  const request = options.request;
  if (!isObject(request)) return REQUEST_REQUIRED;
  if (decisions(request)) return EXECUTE_OR_PREFETCH_NOT_ALLOWED;
  return Array.isArray(request.notifications) && request.notifications.length ? undefined : NOTIFICATIONS_REQUIRED;
}

export function checkTrackEvent(options: unknown): string | undefined {
  return isObject(options) ? mbox(options) : OPTIONS_REQUIRED;
}

/** The view name as Target keys it (lower case), or undefined when it is not a usable name. */
export function viewName(name: unknown): string | undefined {
  return typeof name === 'string' && name.trim() ? name.toLowerCase() : undefined;
}
