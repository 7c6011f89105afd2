import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function formsRules(_deps: RuleDependencies): Rule[] {
  return [];
}
