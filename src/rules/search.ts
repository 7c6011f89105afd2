import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function searchRules(_deps: RuleDependencies): Rule[] {
  return [];
}
