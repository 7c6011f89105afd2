/** The two ways a beacon leaves the page. Injected into the tracker so that tests see what was sent. */

/**
 * What became of a request: the collector took it, it should be tried again (no connection, a
 * time-out, a server error or overload), or the collector refused it for good (a 4xx other than
 * 408 and 429: sending it again would be refused again).
 */
export type Outcome = 'ok' | 'retry' | 'refused';

export interface Transport {
  /**
   * Sends while the page lives and reports the collector's answer: GET with the query in the
   * URL, or POST with `body` (the query) when given. The request survives the page going away,
   * so one in flight at hide is never sent again.
   */
  send(url: string, body: string | undefined, timeoutMs: number): Promise<Outcome>;
  /** POST by navigator.sendBeacon, for a page being hidden; false when missing or refused (quota). */
  beacon(url: string, body: string): boolean;
}

const outcomeOf = (status: number): Outcome => (status < 300 ? 'ok' : status >= 500 || status === 408 || status === 429 ? 'retry' : 'refused');

export const browserTransport: Transport = {
  async send(url, body, timeoutMs) {
    if (typeof fetch !== 'function') {
      // A page that removed fetch: sendBeacon, whose acceptance is all the tag can know.
      const [address = url, query = ''] = body === undefined ? url.split(/\?(.*)/s) : [url, body];
      return browserTransport.beacon(address, query) ? 'ok' : 'retry';
    }
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
    const timer = setTimeout(() => controller?.abort(), timeoutMs);
    try {
      // keepalive: the request outlives the page; cors with credentials: the collector's status
      // is readable (Adobe's collectors answer CORS, as AppMeasurement's own POST requests need)
      // and its visitor cookie goes along, as with an image request.
      const response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        body,
        headers: body === undefined ? undefined : { 'Content-Type': 'text/plain;charset=UTF-8' },
        keepalive: true,
        credentials: 'include',
        cache: 'no-store',
        signal: controller?.signal,
      });
      return outcomeOf(response.status);
    } catch {
      // No connection, a time-out, a CORS refusal or a keep-alive quota the browser enforced.
      return 'retry';
    } finally {
      clearTimeout(timer);
    }
  },
  beacon(url, body) {
    try {
      return navigator.sendBeacon?.(url, body) === true;
    } catch {
      // sendBeacon throws on URLs it does not accept; that is a refusal like any other.
      return false;
    }
  },
};
