/**
 * A beacon as the demo collector records it, and the two questions every reader asks of one.
 * No node imports: the beacon inspector's browser bundle uses this module too.
 */

/** One analytics request as the collector received it. */
export interface Beacon {
  /** ISO time the collector received it. */
  receivedAt: string;
  method: 'GET' | 'POST';
  /** The Host header the browser sent (which origin the page posted to). */
  host: string;
  /** URL path, e.g. /b/ss/canadadev/1/JS-2.27.0/s12345. */
  path: string;
  /** The segment after /b/ss/ (comma-separated when a beacon goes to several suites). */
  reportSuite: string;
  /** Decoded parameters, in the order they were sent. */
  params: Array<[string, string]>;
  /** The raw query string (from the URL for GET, from the body for POST). */
  query: string;
}

/** First value of a parameter, or undefined. */
export function beaconParam(beacon: Beacon, name: string): string | undefined {
  return beacon.params.find(([key]) => key === name)?.[1];
}

/** A page view has no `pe` (link type) parameter. */
export function isPageView(beacon: Beacon): boolean {
  return beaconParam(beacon, 'pe') === undefined;
}
