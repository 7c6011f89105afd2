import { describe, expect, it } from 'vitest';
import {
  checkApplyOffer,
  checkApplyOffers,
  checkGetOffer,
  checkGetOffers,
  checkSendNotifications,
  checkTrackEvent,
  viewName,
} from '../../src/personalization/validate';

const fn = () => undefined;

describe('option checks, with the messages of PZ-6', () => {
  it.each([
    ['getOffer', checkGetOffer, undefined, 'options argument is required'],
    ['getOffer', checkGetOffer, {}, 'mbox option is required'],
    ['getOffer', checkGetOffer, { mbox: '' }, 'mbox option is required'],
    ['getOffer', checkGetOffer, { mbox: 'm'.repeat(251), success: fn, error: fn }, 'mbox option is too long'],
    ['getOffer', checkGetOffer, { mbox: 'm', error: fn }, 'success option is required'],
    ['getOffer', checkGetOffer, { mbox: 'm', success: fn }, 'error option is required'],
    ['getOffers', checkGetOffers, null, 'options argument is required'],
    ['getOffers', checkGetOffers, {}, 'request option is required'],
    ['getOffers', checkGetOffers, { request: {} }, 'execute or prefetch is required'],
    ['applyOffer', checkApplyOffer, 'x', 'options argument is required'],
    ['applyOffer', checkApplyOffer, { mbox: 'm' }, 'offer option is required'],
    ['applyOffers', checkApplyOffers, undefined, 'options argument is required'],
    ['applyOffers', checkApplyOffers, {}, 'response option is required'],
    ['applyOffers', checkApplyOffers, { response: { status: 200 } }, 'execute or prefetch is required'],
    ['sendNotifications', checkSendNotifications, [], 'options argument is required'],
    ['sendNotifications', checkSendNotifications, {}, 'request option is required'],
    ['sendNotifications', checkSendNotifications, { request: { execute: {}, notifications: [{}] } }, 'execute or prefetch is not allowed'],
    ['sendNotifications', checkSendNotifications, { request: { prefetch: {} } }, 'execute or prefetch is not allowed'],
    ['sendNotifications', checkSendNotifications, { request: {} }, 'notifications are required'],
    ['sendNotifications', checkSendNotifications, { request: { notifications: [] } }, 'notifications are required'],
    ['trackEvent', checkTrackEvent, undefined, 'options argument is required'],
    ['trackEvent', checkTrackEvent, { mbox: 7 }, 'mbox option is required'],
    ['trackEvent', checkTrackEvent, { mbox: 'x'.repeat(251) }, 'mbox option is too long'],
  ] as Array<[string, (o: unknown) => string | undefined, unknown, string]>)('%s(%j) → %s', (_, check, options, message) => {
    expect(check(options)).toBe(message);
  });

  it.each([
    [checkGetOffer, { mbox: 'm'.repeat(250), success: fn, error: fn }],
    [checkGetOffers, { request: { execute: { mboxes: [] } } }],
    [checkGetOffers, { request: { prefetch: { views: [{}] } } }],
    [checkApplyOffer, { offer: [] }],
    [checkApplyOffers, { response: { execute: {} } }],
    [checkSendNotifications, { request: { notifications: [{ id: '1' }] } }],
    [checkTrackEvent, { mbox: 'm' }],
  ] as Array<[(o: unknown) => string | undefined, unknown]>)('%# accepts good options', (check, options) => {
    expect(check(options)).toBeUndefined();
  });

  it('view names: non-empty strings, lower-cased', () => {
    expect(viewName('Services-View')).toBe('services-view');
    expect(viewName('')).toBeUndefined();
    expect(viewName('  ')).toBeUndefined();
    expect(viewName(3)).toBeUndefined();
    expect(viewName(undefined)).toBeUndefined();
  });
});
