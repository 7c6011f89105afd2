import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function errorsRules(_deps: RuleDependencies): Rule[] {
  return [];
}
