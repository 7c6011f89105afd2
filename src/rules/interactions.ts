import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function interactionsRules(_deps: RuleDependencies): Rule[] {
  return [];
}
