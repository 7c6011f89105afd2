/** The two ways a beacon leaves the page. Injected into the tracker so that tests see what was sent. */

export interface Transport {
  /**
   * GET by image request. `done(true)` on load, `done(false)` on error (collector down).
   * Returns a function that abandons the request: its outcome is then never reported.
   */
  image(url: string, done: (ok: boolean) => void): () => void;
  /** POST by navigator.sendBeacon; false when the browser lacks it or refuses the body. */
  beacon(url: string, body: string): boolean;
}

export const browserTransport: Transport = {
  image(url, done) {
    const img = new Image();
    img.onload = () => done(true);
    img.onerror = () => done(false);
    img.src = url;
    return () => {
      img.onload = img.onerror = null;
      // Emptying src cancels a request still in flight, so it cannot also reach the collector.
      img.src = '';
    };
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
