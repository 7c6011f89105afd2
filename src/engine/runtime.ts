/**
 * Starts the engine on a container: wires the data elements, the rules and the event sources,
 * installs `window._satellite`, replays calls queued before load, and runs the page-lifecycle
 * events in Launch's order (library loaded, page bottom, DOM ready, window loaded).
 */
import { attachDataLayer } from './dataLayer';
import { createDataElementResolver, type DataElementResolver } from './dataElements';
import { createDispatcher, type Dispatcher } from './dispatcher';
import type { ToggleableLogger } from './logger';
import { createSatellite, replayQueuedCalls, takeQueuedCalls, type BuildInfo, type Satellite } from './satellite';
import { attachDomEvents, replayDomEvent } from './sources/domEvents';
import { attachHistory } from './sources/history';
import { attachTimeOnPage } from './sources/timeOnPage';
import type { Container } from './types';

export interface RuntimeOptions {
  container: Container;
  logger: ToggleableLogger;
  /** The page-level abort flag, inverted: false stops every rule that requires tracking. */
  isTrackingAllowed: () => boolean;
  buildInfo: BuildInfo;
  debugStorageKey: string;
  componentTimeoutMs?: number;
  /** The page's own `_satellite` from before the tag (the README's one-line queue), whose queued calls are replayed (default: `window._satellite` as it is now). */
  early?: unknown;
  /**
   * How the automatic page bottom runs when the page was already parsed at start: at once by
   * default; tag.js gives it a task of its own, so that start-up and the page view are not one
   * long task.
   */
  whenParsed?: (run: () => void) => void;
  /** Where a rule marked `startsTask` and those after it run (see Rule): at once by default. */
  later?: (run: () => void) => void;
  /**
   * Called once the DOM-ready rules have run: the page-bottom rules, also those they left for a
   * later task, have run by then, so a page view they sent is on its way.
   */
  afterDomReady?: () => void;
}

export interface Runtime {
  resolver: DataElementResolver;
  dispatcher: Dispatcher;
  satellite: Satellite;
  /**
   * Adds rules and data elements after start (code loaded on demand). The added rules get the
   * page-lifecycle events and data-layer items that already happened, in start-up's order, then
   * every later event, as if they had been there from the start. DOM events from before reach
   * them only when the caller kept them (`earlier`, in the order they happened); direct calls
   * from before are gone.
   */
  addRules(container: Container, earlier?: readonly Event[]): void;
}

type Lifecycle = 'libraryLoaded' | 'pageBottom' | 'domReady' | 'windowLoaded';

/** Runs `run` once the document is parsed; if it is already, at once or as `ifParsed` schedules it. */
export function onDomReady(run: () => void, ifParsed: (run: () => void) => void = (now) => now()) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else ifParsed(run);
}

function onWindowLoaded(run: () => void) {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

export function startRuntime(options: RuntimeOptions): Runtime {
  const { container, logger } = options;
  const resolver = createDataElementResolver(container.dataElements, logger);
  const dispatcher = createDispatcher(container.rules, resolver, logger, options.isTrackingAllowed, options.componentTimeoutMs, options.later);

  const happened: Lifecycle[] = [];
  const lifecycle = (type: Lifecycle) => {
    if (happened.includes(type)) return;
    happened.push(type);
    dispatcher.dispatch(type, {});
  };
  const pageBottom = () => lifecycle('pageBottom');
  const satellite = createSatellite({
    resolver,
    logger,
    debugStorageKey: options.debugStorageKey,
    buildInfo: options.buildInfo,
    track: (identifier, detail) => dispatcher.dispatch('directCall', { identifier, detail }, (trigger) => (trigger.identifier === identifier ? null : false)),
    pageBottom,
  });
  const w = window as { _satellite?: unknown };
  const queued = takeQueuedCalls('early' in options ? options.early : w._satellite);
  w._satellite = satellite;

  const domEvents = attachDomEvents(dispatcher, logger);
  const historyChanges = attachHistory(dispatcher, logger);
  const timeOnPage = attachTimeOnPage(dispatcher);
  lifecycle('libraryLoaded');
  // Data-layer items and queued calls both predate the tag; the data layer goes first so that a
  // queued pageBottom() sees the page's data, as the automatic page bottom does.
  const dataLayer = attachDataLayer(dispatcher, logger);
  replayQueuedCalls(satellite, queued, logger);
  // A site owner only pastes the tag: when nobody calls _satellite.pageBottom(), the end of
  // parsing is the page bottom. Window loaded comes after it, whenever the bottom runs.
  // DOM ready waits for the page bottom's rules, also those it left for a later task.
  const later = options.later ?? ((run: () => void) => run());
  const bottom = () => {
    pageBottom();
    later(() => {
      lifecycle('domReady');
      options.afterDomReady?.();
      onWindowLoaded(() => lifecycle('windowLoaded'));
    });
  };
  onDomReady(bottom, options.whenParsed);

  const addRules = (added: Container, earlier: readonly Event[] = []) => {
    resolver.add(added.dataElements);
    dispatcher.add(added.rules);
    const only = new Set(added.rules);
    // Start-up's order: library loaded, the data layer so far, then the rest of the lifecycle.
    const [loaded, ...later] = happened;
    if (loaded) dispatcher.dispatch(loaded, {}, undefined, only);
    dataLayer(only);
    for (const type of later) dispatcher.dispatch(type, {}, undefined, only);
    for (const event of earlier) replayDomEvent(dispatcher, event, only);
    domEvents();
    historyChanges();
    timeOnPage(only);
  };
  return { resolver, dispatcher, satellite, addRules };
}
