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
}
