import type { Tracker } from '../analytics/tracker';
import type { HostEntry } from '../config/types';

/** What the Canada.ca rules are built with. */
export interface RuleDependencies {
  tracker: Tracker;
  /** The allow-list entry of this host, when it has one. */
  host?: HostEntry;
  /**
   * To call after a beacon that stands for the page view (lib/pageView.ts): given here so that
   * the rules loaded on demand do not bundle the campaign and timing modules a second time.
   */
  pageViewSent: () => void;
  /**
   * Runs work that can wait until the page view is on its way (starting to watch paints: the
   * observers' buffered entries lose nothing): tag.js runs it after the page view's beacon has
   * been built; at once by default.
   */
  later?: (work: () => void) => void;
}
