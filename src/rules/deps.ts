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
   * Runs work that need not share the page bottom's task (starting to watch paints): tag.js gives
   * it a task of its own, so that the page view's task stays short; at once by default.
   */
  later?: (work: () => void) => void;
}
