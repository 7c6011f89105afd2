import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function scrollRules(_deps: RuleDependencies): Rule[] {
  return [];
}
