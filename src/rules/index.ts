import type { Tracker } from '../analytics/tracker';
import type { HostEntry } from '../config/types';
import { createDataElements } from '../dataElements';
import type { Container } from '../engine/types';
import { pageRules } from './page';

export interface RuleDependencies {
  tracker: Tracker;
  /** The allow-list entry of this host, when it has one. */
  host?: HostEntry;
}

export function createContainer({ tracker, host }: RuleDependencies): Container {
  return { dataElements: createDataElements({ host }), rules: [...pageRules(tracker)] };
}
