/**
 * The entry of dist/tag-survey.js, the on-demand bundle: the survey-file parser and the React
 * pop-up, which only some visits need. tag.js loads it by itself (loadOnDemand.ts) from beside
 * its own script; nothing here is in tag.js.
 */
import { parseSurveyFile } from './parse';
import { showSurveyPopup } from './popup/mount';

export { parseSurveyFile, showSurveyPopup };

/** What tag-survey.js exports. The loader imports this type only, so no code follows it. */
export interface OnDemandModule {
  parseSurveyFile: typeof parseSurveyFile;
  showSurveyPopup: typeof showSurveyPopup;
}
