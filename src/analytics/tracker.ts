/**
 * The analytics tracker the engine's rules call: AppMeasurement's variables and its t()/tl()
 * calls, with the consent and tracking gates in front and a persisted queue behind.
 */
import { cookies } from '../engine/cookies';
import { decimal } from '../engine/decimal';
import type { Logger } from '../engine/types';
import { viewportSize } from '../engine/viewport';
import { createDelivery, type BeaconResult, type Delivery, type DeliveryOptions } from './delivery';
import { paramOf, type SlotName } from './slots';
import { browserTransport } from './transport';
import { fallbackVisitorId } from './visitorId';
import { decodeBeacon, serializeBeacon, TRACKER_VERSION, type LinkCall, type LinkType } from './wireFormat';

export type { BeaconResult, SlotName };
export { TRACKER_VERSION };

export interface TrackerConfig {
  reportSuite: string;
  /** Collector host (and port); null sends beacons to the page's own origin. */
  trackingServer: string | null;
  /** Cookie that must be 'true' before anything is sent; null when consent is not asked. */
  consentCookie: string | null;
  /** The engine's tracking gate (host allow-list, blocked paths). */
  isTrackingAllowed: () => boolean;
  logger: Logger;
  /** Slots that carry URLs (the solution design reference says which): they get URL redaction. */
  urlSlots?: readonly SlotName[];
  /** Whether a visit began on this page: the fallback visitor id's two years are renewed then. */
  newVisit?: () => boolean;
  /** The page's supplemental data id: its first page view carries it (Analytics for Target stitches on it). */
  supplementalDataId?: string;
  /**
   * Readable names for beacon parameters in the log (the solution design reference). A promise,
   * because the names are loaded only once logging is on: each beacon's log waits for them.
   */
  paramNames?: PromiseLike<(param: string) => string | undefined>;
  /**
   * Runs the building of a page view (scrubbing, encoding) and its hand-over to delivery: at once
   * by default; tag.js gives it a task of its own, so that the page bottom's rules and its beacon
   * are not one long task. What t() reads is taken when it is called. A link call is built at
   * once, after any page view still waiting (beacons keep the order they were made in): a click
   * may be leaving the page. So is everything waiting when the page is hidden or left.
   */
  later?: (build: () => void) => void;
}

export interface Tracker {
  /**
   * undefined (or '') clears the slot. Every value is scrubbed of personal information when the
   * beacon is built; `codes` says this one is product codes, whose digit runs are kept.
   */
  set(slot: SlotName, value: string | undefined, codes?: boolean): void;
  get(slot: SlotName): string | undefined;
  /** Events are sent in the order first added; adding one again only changes its value. */
  addEvent(eventNumber: number, value?: number): void;
  /** AppMeasurement's linkTrackVars and linkTrackEvents: what a link call may carry. */
  setLinkTrack(vars: SlotName[], events: number[]): void;
  /** Page view. The beacon is built from the variables as they are when t() is called. */
  t(): Promise<BeaconResult>;
  /** Link call: other, download or exit link; built, like t(), when it is called. */
  tl(linkUrl: string, type: LinkType, name: string): Promise<BeaconResult>;
  /** Analytics for Target, client-side logging: Target's payload for this page (`pe=tnt`, `tnta`). */
  tnt(tnta: string): Promise<BeaconResult>;
  clearVars(): void;
}

/** Opens the way beacons leave: by default the browser's, through the delivery queue. */
export type Connect = (options: Omit<DeliveryOptions, 'transport'>) => Delivery;
const connectBrowser: Connect = (options) => createDelivery({ ...options, transport: browserTransport });

export const CONSENT_ERROR = 'EU compliance was not acknowledged by the user.';

/**
 * What clearVars empties, following Adobe's documented s.clearVars(): props, eVars, events,
 * channel and campaign (plus hier, list, products, purchaseID, transactionID, state and zip, which
 * this tracker does not have). pageName, pageURL, referrer, server, pageType and the link-track
 * lists are not on that list, so they stay.
 */
const CLEARED = /^(prop\d|eVar\d|channel$|campaign$)/;

/**
 * What AppMeasurement reports about the browser, in its order: screen, colour depth (CSSOM View
 * has pixelDepth return colorDepth), its JavaScript version (1.6 for every browser it runs in
 * today), Java enabled (N: the HTML standard has navigator.javaEnabled() return false in every
 * browser), cookies enabled, viewport.
 */
const device = (): Array<[string, string]> => {
  const [width, height] = viewportSize();
  return [
    ['s', `${decimal(screen.width)}x${decimal(screen.height)}`],
    ['c', String(screen.colorDepth)],
    ['j', '1.6'],
    ['v', 'N'],
    ['k', navigator.cookieEnabled ? 'Y' : 'N'],
    ['bw', decimal(width)],
    ['bh', decimal(height)],
  ];
};

/** How the queue files a beacon: 'p' for a page view, 'l' for any other call. */
const pageViewOrLink = (link: LinkCall | undefined, tnta: string | undefined) => (link || tnta ? 'l' : 'p');

/** Beacons to build, in the order made: through `later` when they may wait, else at once. */
function buildQueue(later: TrackerConfig['later']): { run(build: () => void, mayWait: boolean): void } {
  const waiting: Array<() => void> = [];
  let leaving = false;
  const flush = () => {
    for (let build = waiting.shift(); build; build = waiting.shift()) build();
  };
  if (later) {
    addEventListener('pagehide', () => ((leaving = true), flush()));
    addEventListener('pageshow', () => (leaving = false));
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  }
  return {
    run(build, mayWait) {
      waiting.push(build);
      if (!later || !mayWait || leaving || document.visibilityState === 'hidden') flush();
      else if (waiting.length === 1) later(flush);
    },
  };
}

export function createTracker(config: TrackerConfig, connect: Connect = connectBrowser): Tracker {
  const { logger, consentCookie } = config;
  const urlParams = new Set(config.urlSlots?.map(paramOf));
  const logBeacon = (heading: string, query: string) => {
    const pairs = decodeBeacon(query);
    const write = (describe?: (param: string) => string | undefined) =>
      logger.group(
        heading,
        pairs.map(([param, value]) => {
          const name = describe?.(param);
          return [name ? `${param} (${name})` : param, value] as const;
        }),
      );
    // Names that cannot be loaded must not cost the log its beacon.
    if (config.paramNames) Promise.resolve(config.paramNames).then(write, () => write());
    else write();
  };
  const vars = new Map<SlotName, string>();
  const codeSlots = new Set<SlotName>();
  const events = new Map<number, number | undefined>();
  let linkTrack: Pick<LinkCall, 'vars' | 'events'> = { vars: [], events: [] };
  const consented = () => !consentCookie || cookies.get(consentCookie) === 'true';
  // Before delivery is connected: on hide, beacons still to build must reach it before it hides.
  const building = buildQueue(config.later);
  const origin = config.trackingServer ? `https://${config.trackingServer}` : `${location.protocol}//${location.host}`;
  const delivery = connect({
    endpoint: `${origin}/b/ss/${config.reportSuite}/1/JS-${TRACKER_VERSION}`,
    logger,
    canSend: () => config.isTrackingAllowed() && consented(),
  });

  // AppMeasurement sends the referrer with the first call of a page and again only when it is
  // given a new one: every later call of the page would otherwise repeat the same referral.
  let referrerSent: string | undefined;
  let sdid = config.supplementalDataId;
  const track = async (heading: string, link?: LinkCall, tnta?: string): Promise<BeaconResult> => {
    if (!config.isTrackingAllowed()) {
      logger.info(`${heading} not sent: tracking is off on this page (host not allow-listed or path blocked).`);
      return { sent: false };
    }
    if (!consented()) throw new Error(CONSENT_ERROR);
    const failed = (error: unknown): BeaconResult => {
      logger.error(`${heading} failed:`, error);
      return { sent: false };
    };
    try {
      const codeParams = new Set([...codeSlots].filter((slot) => vars.has(slot)).map(paramOf));
      const referrer = vars.get('referrer');
      const sent = new Map([...vars].filter(([slot]) => slot !== 'referrer' || referrer !== referrerSent));
      const counted = new Map(events);
      const pageView = !link && !tnta;
      const time = new Date();
      // Read now, inside the caller's cookie snapshot: a build task of its own would read the store again.
      const fid = fallbackVisitorId(config.newVisit);
      const beaconSdid = pageView ? sdid : undefined;
      referrerSent = referrer;
      // The page view Target's page-load request joins is the first; later ones are other views.
      if (pageView) sdid = undefined;
      return await new Promise<BeaconResult>((resolve) =>
        building.run(() => {
          try {
            const query = serializeBeacon(sent, counted, { time, device: device(), fid, sdid: beaconSdid, link, tnta, urlParams, codeParams });
            if (logger.enabled) logBeacon(heading, query);
            resolve(delivery.submit(query, pageViewOrLink(link, tnta)));
          } catch (error) {
            resolve(failed(error));
          }
        }, pageView),
      );
    } catch (error) {
      return failed(error);
    }
  };

  return {
    set(slot, value, codes) {
      if (value) vars.set(slot, value);
      else vars.delete(slot);
      if (codes) codeSlots.add(slot);
      else codeSlots.delete(slot);
    },
    get: (slot) => vars.get(slot),
    addEvent(eventNumber, value) {
      if (Number.isInteger(eventNumber) && eventNumber > 0) events.set(eventNumber, Number.isFinite(value) ? value : undefined);
    },
    setLinkTrack: (vars, events) => void (linkTrack = { vars: [...vars], events: [...events] }),
    t: () => track('Beacon: page view'),
    tl: (url, type, name) => track(`Beacon: link ${type} "${name}"`, { type, url, name, ...linkTrack }),
    tnt: (tnta) => track('Beacon: Analytics for Target', undefined, tnta),
    clearVars() {
      for (const slot of [...vars.keys()]) if (CLEARED.test(slot)) vars.delete(slot);
      events.clear();
    },
  };
}
