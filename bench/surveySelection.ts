/**
 * The survey invitation logic in tag.js, which runs on every page (its size budget is 2 KB gzip):
 * the flow's first part. The selection comes with the file's reader in tag-survey-file.js.
 */
import { runInvitation } from '../src/survey/invite';
import { readSurveyQa } from '../src/survey/qa';

(window as unknown as { surveySelection: unknown }).surveySelection = { runInvitation, readSurveyQa };
