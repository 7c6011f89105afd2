/**
 * The entry of dist/tag-survey-file.js: the survey-file reader, which only the page that must
 * read the file (once per visit) needs. tag.js loads it by itself (loadOnDemand.ts).
 */
import { parseSurveyFile } from './parse';

export { parseSurveyFile };

/** What tag-survey-file.js exports. The loader imports this type only, so no code follows it. */
export interface FileModule {
  parseSurveyFile: typeof parseSurveyFile;
}
