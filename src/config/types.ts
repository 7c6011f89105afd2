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
   * Host (and port) of the analytics collector. `null` sends beacons to the page's own origin,
   * which is what the local demo server and its collector expect.
   */
  trackingServer: string | null;
  /**
   * Name of the tracking-consent cookie the visitor must have set to `true` before any beacon
   * leaves; `null` when the site does not ask for consent.
   */
  consentCookie: string | null;
}
