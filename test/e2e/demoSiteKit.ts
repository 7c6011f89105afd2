/**
 * What the demo-site files (demoPages.e2e.ts, demoSite.e2e.ts) share: reading a beacon, and a
 * demo page opened for a visitor the survey leaves alone.
 */
import { beaconParam, type Beacon } from '../../demo/server';
import { keepSurveyAway, type Harness, type OpenedPage, type OpenOptions } from './harness';

export const param = (b: Beacon, name: string) => beaconParam(b, name);
export const named = (name: string) => (b: Beacon) => param(b, 'pev2') === name;
export const events = (b: Beacon) => (param(b, 'events') ?? '').split(',').map((e) => e.split('=')[0]);

/** Opens a demo page with no survey pop-up over it; the pop-up test forgets that with im_nocookiecheck=1. */
export const openWithoutSurvey = (h: Harness, path: string, options: OpenOptions = {}): Promise<OpenedPage> =>
  h.open(path, {
    ...options,
    before: async (page, context) => {
      await keepSurveyAway(page);
      await options.before?.(page, context);
    },
  });
