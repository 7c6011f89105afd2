/**
 * The entry of dist/tag-rules.js: the rule areas only some pages need (src/rules/areas.ts says
 * which), each with the data elements only its rules read. tag.js imports this file by itself
 * on those pages and adds the areas to the running engine.
 */
import { searchDataElements } from '../dataElements/search';
import type { Container } from '../engine/types';
import type { AreaName } from './areas';
import { blocksRules } from './blocks';
import type { RuleDependencies } from './deps';
import { formsRules } from './forms';
import { mediaRules } from './media';
import { scrollRules } from './scroll';
import { searchRules } from './search';
import { surveyRules } from './survey';
import { widgetsRules } from './widgets';

const rulesOnly =
  (area: (deps: RuleDependencies) => Container['rules']) =>
  (deps: RuleDependencies): Container => ({ dataElements: [], rules: area(deps) });

export const AREAS: Record<AreaName, (deps: RuleDependencies) => Container> = {
  blocks: rulesOnly(blocksRules),
  search: (deps) => ({ dataElements: searchDataElements, rules: searchRules(deps) }),
  forms: rulesOnly(formsRules),
  media: rulesOnly(mediaRules),
  scroll: rulesOnly(scrollRules),
  survey: rulesOnly(surveyRules),
  widgets: rulesOnly(widgetsRules),
};
