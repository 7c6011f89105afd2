import type { Tracker } from '../analytics/tracker';
import type { HostEntry } from '../config/types';

/** What the Canada.ca rules are built with. */
export interface RuleDependencies {
  tracker: Tracker;
  /** The allow-list entry of this host, when it has one. */
  host?: HostEntry;
}
