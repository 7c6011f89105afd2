import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';

export function dataLayerRules(_deps: RuleDependencies): Rule[] {
  return [];
}
