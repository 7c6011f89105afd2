import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function linksRules(_deps: RuleDependencies): Rule[] {
  return [];
}
