/**
 * The entry of dist/tag-survey-file.js: the survey-file reader and the invitation flow's second
 * part (choose.ts, with the selection), which only a page that may offer a survey needs. tag.js
 * loads it by itself (loadOnDemand.ts).
 */
import { chooseInvitation } from './choose';
import type { ChoiceModule } from './invite';
import { parseSurveyFile } from './parse';

export { chooseInvitation, parseSurveyFile };

/** What tag-survey-file.js exports. The loader imports this type only, so no code follows it. */
export interface FileModule extends ChoiceModule {
  parseSurveyFile: typeof parseSurveyFile;
}
chooseInvitation satisfies FileModule['chooseInvitation'];
