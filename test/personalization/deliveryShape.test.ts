import { describe, expect, it } from 'vitest';
import { deliveryRequestProblems } from './deliveryShape';

/** The checker itself: the other tests trust it to refuse what the delivery API would. */
describe('deliveryRequestProblems', () => {
  const context = { channel: 'web' };

  it('accepts telemetry entries and customer ids as the delivery API models them', () => {
    expect(
      deliveryRequestProblems({
        context,
        id: { customerIds: [{ id: 'c1', integrationCode: 'crm', authenticatedState: 'authenticated' }] },
        experienceCloud: { audienceManager: { locationHint: 9, blob: 'b' }, analytics: { logging: 'server_side' } },
        telemetry: { entries: [{ requestId: 'r', timestamp: 1, mode: 'edge', execution: 12, telemetryServerToken: 't' }] },
      }),
    ).toEqual([]);
  });

  it('refuses an unknown telemetry mode, a misspelt entry field and an incomplete customer id', () => {
    expect(
      deliveryRequestProblems({
        context,
        id: { customerIds: [{ id: 'c1', authenticatedState: 'signed_in' }] },
        telemetry: { entries: [{ requestId: 'r', mode: 'cloud', executionTime: 3 }] },
      }),
    ).toEqual([
      'id.customerIds[].authenticatedState: signed_in is not one of unknown, authenticated, logged_out',
      'telemetry.entries[].mode: cloud is not one of edge, local',
      'telemetry.entries[].executionTime: not in the delivery API',
      'id.customerIds[0].integrationCode: required',
    ]);
  });
});
