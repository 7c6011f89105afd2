/**
 * The engine and the tracker with a container of one page-view rule: what the "engine + tracker"
 * size budget measures, apart from the site's rules, data elements and host lists. The bench also
 * loads it as a page, beside our tag: tracking is on for the page's host and the page view goes
 * to the tag's collector, so its cost to the first beacon is the engine's and the tracker's alone.
 */
import { createTracker } from '../src/analytics/tracker';
import { evaluateGate } from '../src/engine/gate';
import { createLogger, debugSwitch } from '../src/engine/logger';
import { startRuntime } from '../src/engine/runtime';

const logger = createLogger('[tag]', debugSwitch('logdtm', 'dtm-logImgRequests'));
const gate = evaluateGate([{ host: location.hostname }], [], location);
const isTrackingAllowed = () => !gate.abort;
const tracker = createTracker({ reportSuite: 'rs', trackingServer: 'metrics.canada.ca', consentCookie: null, isTrackingAllowed, logger });
startRuntime({
  container: { dataElements: [], rules: [{ name: 'r', events: [{ type: 'pageBottom' }], actions: [{ name: 'a', run: () => tracker.t() }] }] },
  logger,
  isTrackingAllowed,
  debugStorageKey: 'dtm-logImgRequests',
  buildInfo: { turbineVersion: '28.0.0', turbineBuildDate: '', buildDate: '', environment: '' },
});
