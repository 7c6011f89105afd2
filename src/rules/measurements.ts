import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function measurementsRules(_deps: RuleDependencies): Rule[] {
  return [];
}
