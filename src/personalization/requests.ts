/** The requests the API functions make: the page's own, on top of what this client always sends. */
import type { Core, DeliveryRequest, RequestDetails } from './types';
import { isObject, type Options } from './validate';

/** Parameter values as the delivery API takes them, strings ({a: 1} in Adobe's examples becomes "1"). */
const texts = (values: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(isObject(values) ? values : {}).map(([key, value]) => [key, value == null ? '' : String(value)]));

/**
 * Parameters with the platform-authentication outcome added: the page-load request may have
 * left before the check answered, so later requests carry its final value.
 */
export const withAuth = (core: Core, details: RequestDetails): RequestDetails => ({
  ...details,
  parameters: { ...texts(details.parameters), platformAuth: core.platformAuth() },
  ...(isObject(details.profileParameters) ? { profileParameters: texts(details.profileParameters) } : {}),
});

/** The request the page asked for, on top of the parts this client always sends. */
export function merged(core: Core, request: Options): DeliveryRequest {
  const base = core.base();
  const body = {
    ...base,
    ...request,
    requestId: base.requestId,
    context: { ...base.context, ...(isObject(request.context) ? request.context : {}) },
  } as DeliveryRequest;
  for (const part of ['execute', 'prefetch'] as const) {
    const section: Record<string, unknown> | undefined = body[part];
    if (!isObject(section)) continue;
    // Copies: the page's own request objects stay as the page made them.
    const copy: Record<string, unknown> = { ...section };
    if (isObject(copy.pageLoad)) copy.pageLoad = withAuth(core, copy.pageLoad);
    for (const list of ['mboxes', 'views']) {
      const items = copy[list];
      if (Array.isArray(items)) copy[list] = items.map((item: unknown) => (isObject(item) ? withAuth(core, item) : item));
    }
    (body as unknown as Record<string, unknown>)[part] = copy;
  }
  return body;
}
