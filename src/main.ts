/**
 * The bundle entry: picks the environment chosen at build time, decides the tracking gate,
 * and starts the engine with the site's container. Nothing here may throw into the page.
 */
import { createTracker, type Tracker } from './analytics/tracker';
import { newId } from './analytics/visitorId';
import { development, production, staging } from './config/environments';
import { withCookieSnapshot } from './engine/cookies';
import { evaluateGate } from './engine/gate';
import { createLogger, debugSwitch, qaFeed, setMessageSource } from './engine/logger';
import { lendToOnDemandFiles, onDemandFile } from './engine/onDemand';
import { startRuntime, type Runtime } from './engine/runtime';
import { URL_SLOTS } from './dataElements/sdr';
import { visitBegunOnThisPage } from './dataElements/visit';
import { startPersonalization } from './personalization/bootstrap';
import type { TargetModule } from './personalization/types';
import type { PanelModule } from './qaPanel/onDemand';
import type { describeParam, MESSAGE_TEXTS } from './dataElements/sdrLabels';
import { LIBRARY_BUILD_DATE, LIBRARY_VERSION } from './dataElements/version';
import { LENT } from './lent';
import { createContainer } from './rules';
import { addNeededAreas, RULES_FILE, type RulesModule } from './rules/areas';
import { pageViewSent } from './rules/lib/pageView';
import { startSurvey } from './survey/start';

const environment = (__TAG_ENV__ === 'production' ? production : __TAG_ENV__ === 'staging' ? staging : development)();
const DEBUG_KEY = 'dtm-logImgRequests';

/** tag-debug.js: what only the QA log needs. */
interface DebugModule {
  describeParam: typeof describeParam;
  MESSAGE_TEXTS: typeof MESSAGE_TEXTS;
}
const loadDebug = onDemandFile<DebugModule>('tag-debug.js', 'describeParam');
setMessageSource(() => loadDebug().then((module) => module.MESSAGE_TEXTS));
const loadTarget = onDemandFile<TargetModule>('tag-target.js', 'start');
const loadRules = onDemandFile<RulesModule>(RULES_FILE, 'AREAS');
const loadPanel = onDemandFile<PanelModule>('tag-panel.js', 'openPanel');

/** The report names for the logdtm log, from tag-debug.js: only QA needs them. */
function loadParamNames(): Promise<typeof describeParam> {
  const names = loadDebug().then((module) => module.describeParam);
  names.catch(() => undefined); // the tracker logs without names if they never come
  return names;
}

type PostTask = (work: () => void, options: { priority: 'user-blocking' | 'user-visible' }) => Promise<unknown>;

/** The work posted to `channel`, one message each, in order. */
const waiting: Array<() => void> = [];
let channel: MessageChannel | undefined;

/**
 * Runs `work` in a task of its own, as soon as the browser can: start-up yields between its parts.
 * An `urgent` one goes ahead of the others where the browser has a prioritized task scheduler.
 * There, every task goes through it: a channel's first use cost tag.js's own task 0.17-0.19 ms.
 */
function nextTask(work: () => void, urgent = false): void {
  const scheduler = (window as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    scheduler.postTask(work, { priority: urgent ? 'user-blocking' : 'user-visible' }).catch(() => undefined);
    return;
  }
  // One channel for all: a new one per task costs about 40 µs in Chromium, a message on it 10.
  waiting.push(work);
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  channel.port2.postMessage(null);
}

/**
 * Guards a part of start-up run later: the visitor must never see the tag fail; QA sees it with
 * ?logdtm=true.
 */
function safely(part: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    try {
      if (new URLSearchParams(location.search).has('logdtm')) console.error(`[tag] ${part} failed:`, error);
    } catch {
      /* nothing more can be done safely */
    }
  }
}

/** Runs a part of the tag in a task of its own: guarded, and reading the cookie store once at most. */
const inTask = (part: string, work: () => void, urgent = false) => nextTask(() => safely(part, () => withCookieSnapshot(work)), urgent);

/**
 * Start-up, in short tasks: this one defines `adobe.target` and hides the body (before the page
 * paints); the next reads the cookie store and builds the page-load request, and the one after
 * scrubs and sends it (both ahead of other tasks where the browser can prioritize, so the page's
 * own parsing does not hold them back); then a task builds the rules and the engine; the page view
 * gets a task of its own, and the building of its beacon another. Only then is the page looked at
 * for the rule areas it needs, the survey started and paints watched.
 * `window._satellite` answers at once all the same: a call before the engine is built builds it.
 */
function start() {
  const logger = createLogger('[tag]', () => debugSwitch('logdtm', DEBUG_KEY));
  if ((window as { _satellite?: { buildInfo?: unknown } })._satellite?.buildInfo) {
    logger.warn('The tag is included twice on this page; the second copy does nothing.');
    // A logger named `log`, so that the build moves the sentence to tag-debug.js (scripts/logMessages.ts).
    const log = createLogger('[target]', () => logger.enabled);
    log.warn('Adobe Target has already been initialized');
    return;
  }
  // Only the copy that runs: another build's list would give the first copy's files the wrong entries.
  lendToOnDemandFiles(LENT);
  const gate = evaluateGate(environment.hosts, environment.pathBlocklist, location);
  if (gate.abort) logger.warn(`Tracking is off: ${gate.reason}.`);
  // The page view and Target's page-load request share it: Analytics for Target stitches on it.
  let sdid: string | undefined;
  const supplementalDataId = () => (sdid ??= newId());
  // Assigned below; a client-side A4T payload only arrives with a response, after that.
  let tracker: Tracker | undefined;
  // Two first uses that cost milliseconds get a task of their own, ahead of the page-load
  // request's, which would otherwise pay for them: local storage, where the logdtm switch is
  // kept, and the scrubber's patterns, which the supplemental data id's check for look-alikes of
  // personal data compiles (the request is scrubbed with them next).
  inTask(
    'the log switch and the supplemental data id',
    () => {
      // Reading the switch starts the QA panel's feed when ?logdtm=panel asked for it.
      if (logger.enabled && qaFeed) {
        const feed = qaFeed;
        loadPanel()
          .then((panel) => panel.openPanel(feed))
          .catch((error: Error) => logger.error('The QA panel could not be opened:', error.message));
      }
      supplementalDataId();
    },
    true,
  );
  // First, so the page-load request leaves before the rules are built; signed-in paths and hosts
  // off the allowlist get no personalization either, since the request carries the page's URL.
  startPersonalization({
    settings: { ...environment.personalization, enabled: environment.personalization.enabled && !gate.abort },
    consentCookie: environment.consentCookie,
    logger: createLogger('[target]', () => logger.enabled),
    load: () => loadTarget(),
    // The cookie store's first read is several times dearer inside this task than in the next.
    defer: (run) => inTask('personalization', run, true),
    soon: (run) => inTask('the page-load request', run, true),
    analytics: {
      get supplementalDataId() {
        return supplementalDataId();
      },
      trackingServer: environment.trackingServer,
      send: (tnta) => void tracker?.tnt(tnta).catch(() => undefined),
    },
  });

  const w = window as { _satellite?: unknown };
  // The page's one-line queue, if it has one: its calls are replayed once the engine runs.
  const early = w._satellite;
  let runtime: Runtime | undefined;
  // What the first page view must not wait for: looking at the page for rule areas, the survey,
  // watching paints (buffered: nothing is lost by starting late). All of it is asked for before
  // DOM ready, by the engine's building and the page-bottom rules, so none comes too late.
  const afterPageView: Array<() => void> = [];
  const runAfterPageView = (work: () => void) => void afterPageView.push(work);
  const engine = (): Runtime =>
    (runtime ??= withCookieSnapshot(() => {
      const isTrackingAllowed = () => !gate.abort;
      tracker = createTracker({
        supplementalDataId: supplementalDataId(),
        newVisit: visitBegunOnThisPage,
        reportSuite: environment.reportSuite,
        trackingServer: environment.trackingServer,
        consentCookie: environment.consentCookie,
        isTrackingAllowed,
        logger,
        urlSlots: URL_SLOTS,
        paramNames: logger.enabled ? loadParamNames() : undefined,
        later: (build) => inTask('a beacon', build),
      });
      const deps = { tracker, host: gate.host, pageViewSent, later: runAfterPageView };
      const started = startRuntime({
        container: createContainer(deps),
        logger,
        isTrackingAllowed,
        debugStorageKey: DEBUG_KEY,
        early,
        whenParsed: (bottom) => inTask('the page bottom', bottom),
        later: (rest) => inTask('the page view', rest),
        afterDomReady: () => inTask('after the page view', () => afterPageView.splice(0).forEach((run) => run())),
        buildInfo: {
          turbineVersion: LIBRARY_VERSION,
          turbineBuildDate: `${LIBRARY_BUILD_DATE}T00:00:00Z`,
          buildDate: `${LIBRARY_BUILD_DATE}T00:00:00Z`,
          environment: environment.name,
        },
      });
      if (!gate.abort) {
        void addNeededAreas(started.addRules, deps, () => loadRules(), logger, runAfterPageView);
        // Signed-in and other blocked paths get no survey invitation either.
        runAfterPageView(() => startSurvey({ getVar: (name) => started.resolver.getVar(name), track: started.satellite.track }));
      }
      return started;
    }));
  // Until the engine is built, `_satellite` builds it on first use and hands the call on.
  w._satellite = new Proxy(
    {},
    {
      get: (_, name) => {
        const satellite = engine().satellite as unknown as Record<PropertyKey, unknown>;
        const value = satellite[name];
        return typeof value === 'function' ? value.bind(satellite) : value;
      },
      set: (_, name, value) => Reflect.set(engine().satellite, name, value),
      has: (_, name) => name in engine().satellite,
    },
  );
  inTask('start-up', () => void engine());
}

safely('start-up', () => withCookieSnapshot(start));
