import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function surveyRules(_deps: RuleDependencies): Rule[] {
  return [];
}
