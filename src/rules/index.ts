import { createDataElements } from '../dataElements';
import type { Container } from '../engine/types';
import { dataLayerRules } from './dataLayer';
import type { RuleDependencies } from './deps';
import { errorsRules } from './errors';
import { formsRules } from './forms';
import { interactionsRules } from './interactions';
import { linksRules } from './links';
import { measurementsRules } from './measurements';
import { mediaRules } from './media';
import { pageRules } from './page';
import { scrollRules } from './scroll';
import { searchRules } from './search';
import { surveyRules } from './survey';

export type { RuleDependencies } from './deps';

/** The Canada.ca container: every data element and every rule, one file per area. */
export function createContainer(deps: RuleDependencies): Container {
  return {
    dataElements: createDataElements({ host: deps.host }),
    rules: [
      pageRules,
      measurementsRules,
      linksRules,
      formsRules,
      searchRules,
      mediaRules,
      scrollRules,
      interactionsRules,
      dataLayerRules,
      errorsRules,
      surveyRules,
    ].flatMap((area) => area(deps)),
  };
}
