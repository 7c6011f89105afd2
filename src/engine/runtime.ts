/**
 * Starts the engine on a container: wires the data elements, the rules and the event sources,
 * installs `window._satellite`, replays calls queued before load, and runs the page-lifecycle
 * events in Launch's order (library loaded, page bottom, DOM ready, window loaded).
 */
import { attachDataLayer } from './dataLayer';
import { createDataElementResolver, type DataElementResolver } from './dataElements';
import { createDispatcher, type Dispatcher } from './dispatcher';
import type { ToggleableLogger } from './logger';
import { createSatellite, replayStubQueue, takeStubQueue, type BuildInfo, type Satellite } from './satellite';
import { attachDomEvents } from './sources/domEvents';
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
}

export interface Runtime {
  resolver: DataElementResolver;
  dispatcher: Dispatcher;
  satellite: Satellite;
}

function onDomReady(run: () => void) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

function onWindowLoaded(run: () => void) {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

export function startRuntime(options: RuntimeOptions): Runtime {
  const { container, logger } = options;
  const resolver = createDataElementResolver(container.dataElements, logger);
  const dispatcher = createDispatcher(container.rules, resolver, logger, options.isTrackingAllowed, options.componentTimeoutMs);

  let pageBottomDone = false;
  const pageBottom = () => {
    if (pageBottomDone) return;
    pageBottomDone = true;
    dispatcher.dispatch('pageBottom', {});
  };
  const satellite = createSatellite({
    resolver,
    logger,
    debugStorageKey: options.debugStorageKey,
    buildInfo: options.buildInfo,
    track: (identifier, detail) =>
      dispatcher.dispatch('directCall', { identifier, detail }, (trigger) => (trigger.identifier === identifier ? null : false)),
    pageBottom,
  });
  const w = window as { _satellite?: unknown };
  const queued = takeStubQueue(w._satellite);
  w._satellite = satellite;

  attachDomEvents(dispatcher, logger);
  attachHistory(dispatcher, logger);
  attachTimeOnPage(dispatcher);
  dispatcher.dispatch('libraryLoaded', {});
  // Data-layer items and stub calls both predate the tag; the data layer goes first so that a
  // queued pageBottom() sees the page's data, as the automatic page bottom does.
  attachDataLayer(dispatcher, logger);
  replayStubQueue(satellite, queued, logger);
  // A site owner only pastes the tag: when nobody calls _satellite.pageBottom(), the end of
  // parsing is the page bottom.
  onDomReady(() => {
    pageBottom();
    dispatcher.dispatch('domReady', {});
  });
  onWindowLoaded(() => dispatcher.dispatch('windowLoaded', {}));
  return { resolver, dispatcher, satellite };
}
