import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function mediaRules(_deps: RuleDependencies): Rule[] {
  return [];
}
