import { describe, expect, it } from 'vitest';
import { merged, withAuth } from '../../src/personalization/requests';
import type { Core, DeliveryRequest } from '../../src/personalization/types';

const core = {
  base: (): DeliveryRequest => ({ requestId: 'r-1', context: { channel: 'web' } }) as DeliveryRequest,
  platformAuth: () => 'webAuth not enabled',
} as unknown as Core;

describe('the requests the API makes', () => {
  it('parameters go as strings, with the platform-authentication outcome as it is now', () => {
    // Pages pass numbers and nulls whatever the types say (Adobe's own examples do).
    const fromPage = { parameters: { a: 1, b: null }, profileParameters: { age: 30 } } as unknown as Parameters<typeof withAuth>[1];
    expect(withAuth(core, fromPage)).toEqual({
      parameters: { a: '1', b: '', platformAuth: 'webAuth not enabled' },
      profileParameters: { age: '30' },
    });
  });

  it("the page's request on top of the client's own parts: its request id is the client's, and the page's objects are left as they were", () => {
    const page = { requestId: 'page', context: { screen: { width: 1 } }, execute: { mboxes: [{ index: 0, name: 'hero', parameters: { x: 1 } }] } };
    const copy = JSON.parse(JSON.stringify(page));
    const body = merged(core, page);
    expect(body.requestId).toBe('r-1');
    expect(body.context).toEqual({ channel: 'web', screen: { width: 1 } });
    expect(body.execute?.mboxes?.[0]).toMatchObject({ name: 'hero', parameters: { x: '1', platformAuth: 'webAuth not enabled' } });
    expect(page).toEqual(copy);
  });
});
