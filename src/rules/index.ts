import { createDataElements } from '../dataElements';
import type { Container } from '../engine/types';
import { dataLayerRules } from './dataLayer';
import type { RuleDependencies } from './deps';
import { errorsRules } from './errors';
import { feedbackRules } from './feedback';
import { interactionsRules } from './interactions';
import { linksRules } from './links';
import { measurementsRules } from './measurements';
import { mediaCallRules } from './media';
import { pageRules } from './page';
import { personalizationRules } from './personalization';
import { engagementRules } from './scroll';
import { searchBoxRules } from './searchBox';

export type { RuleDependencies } from './deps';

/**
 * The Canada.ca container of every page, one file per area; the areas only some pages need are
 * added from dist/tag-rules.js (areas.ts, onDemand.ts).
 */
export function createContainer(deps: RuleDependencies): Container {
  return {
    dataElements: createDataElements({ host: deps.host }),
    rules: [
      pageRules,
      measurementsRules,
      linksRules,
      feedbackRules,
      searchBoxRules,
      mediaCallRules,
      interactionsRules,
      dataLayerRules,
      errorsRules,
      personalizationRules,
      engagementRules,
    ].flatMap((area) => area(deps)),
  };
}
