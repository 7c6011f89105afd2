/**
 * The engine and the tracker with an empty container: what the "engine + tracker" size budget
 * measures, apart from the site's rules, data elements and host lists.
 */
import { createTracker } from '../src/analytics/tracker';
import { evaluateGate } from '../src/engine/gate';
import { createLogger, debugSwitch } from '../src/engine/logger';
import { startRuntime } from '../src/engine/runtime';

const logger = createLogger('[tag]', debugSwitch('logdtm', 'dtm-logImgRequests'));
const gate = evaluateGate([], [], location);
const isTrackingAllowed = () => !gate.abort;
const tracker = createTracker({ reportSuite: 'rs', trackingServer: null, consentCookie: null, isTrackingAllowed, logger });
startRuntime({
  container: { dataElements: [], rules: [{ name: 'r', events: [{ type: 'pageBottom' }], actions: [{ name: 'a', run: () => tracker.t() }] }] },
  logger,
  isTrackingAllowed,
  debugStorageKey: 'dtm-logImgRequests',
  buildInfo: { turbineVersion: '28.0.0', turbineBuildDate: '', buildDate: '', environment: '' },
});
