/**
 * The entry of dist/tag-survey.js: the React pop-up, which only a visit shown an invitation
 * needs. tag.js loads it by itself (loadOnDemand.ts) from beside its own script; nothing here is
 * in tag.js.
 */
import { showSurveyPopup } from './popup/mount';

export { showSurveyPopup };

/** What tag-survey.js exports. The loader imports this type only, so no code follows it. */
export interface PopupModule {
  showSurveyPopup: typeof showSurveyPopup;
}
