import type { Tracker } from '../analytics/tracker';
import { dataElements } from '../dataElements';
import type { Container } from '../engine/types';
import { pageRules } from './page';

export interface RuleDependencies {
  tracker: Tracker;
}

export function createContainer({ tracker }: RuleDependencies): Container {
  return { dataElements, rules: [...pageRules(tracker)] };
}
