/**
 * The search box with its suggestions is in every page's header: the suggestion a visitor picks
 * is remembered (local storage) for the search it starts, which search.ts reports.
 */
import { webStorage } from '../engine/storage';
import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';
import { elementOf } from './lib/conditions';
import { click, rule } from './lib/rule';

export const SUGGESTION = '[role=search] [role=option][id]';
export const SUGGESTION_KEY = 'searchSuggestion';

export function searchBoxRules(_deps: RuleDependencies): Rule[] {
  const local = webStorage('local');
  return [rule('Search Suggestion', click(SUGGESTION), [], (ctx) => local.set(SUGGESTION_KEY, elementOf(ctx).id), { action: 'store' })];
}
