/** One allow-listed host, with the values it gives the app-name and login-status elements. */
export interface HostEntry {
  host: string;
  appName: string | null;
  loginStatus: string | null;
}

export type EnvironmentName = 'development' | 'staging' | 'production';

export interface Environment {
  name: EnvironmentName;
  /** Hosts where tracking runs; anywhere else the abort flag is set. */
  hosts: HostEntry[];
  /** Path prefixes (case-insensitive) where tracking is aborted even on an allow-listed host. */
  pathBlocklist: string[];
  reportSuite: string;
  /**
   * Registrable domains the site's hosts share: the visit's cookies are written there so that
   * every host of the site reads them; host-only on any other host.
   */
  siteDomains: string[];
  /**
   * Host (and port) of the analytics collector. `null` sends beacons to the page's own origin,
   * which is what the local demo server and its collector expect.
   */
  trackingServer: string | null;
  /**
   * Name of the tracking-consent cookie the visitor must have set to `true` before any beacon
   * leaves; `null` when the site does not ask for consent.
   */
  consentCookie: string | null;
  personalization: PersonalizationSettings;
}

/** The personalization client (at.js 2.11.4-compatible, src/personalization/). */
export interface PersonalizationSettings {
  /** Off: no body hiding, no request; `window.adobe.target` still answers, doing nothing. */
  enabled: boolean;
  /** Target client code, sent as `client` on every delivery call. */
  clientCode: string;
  /**
   * Host of the delivery API (`{clientCode}.tt.omtrdc.net` in production), called over https.
   * `null` calls the page's own origin, where the demo server answers; the edge host
   * `mboxedge{cluster}.tt.omtrdc.net` is used only with a server domain.
   */
  serverDomain: string | null;
  /** Page-load request time-out and body-hiding failsafe, in ms (coerced, clamped 0–99999). */
  timeout: number;
  /** Cookie that opts a visitor out of personalization when it is `true`. */
  optOutCookie: string;
  /**
   * Experience Cloud organization (`…@AdobeOrg`) whose ID service (`window.Visitor`) the page-load
   * request waits for, at most 2000 ms, to send its ids. `null`: none is waited for (the id the
   * service left in its `AMCV_` cookie is still sent).
   */
  imsOrgId: string | null;
}
