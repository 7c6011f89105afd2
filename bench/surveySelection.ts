/** The survey selection logic that runs on every page (its size budget is 2 KB gzip). */
import { runInvitation } from '../src/survey/invite';
import { readSurveyQa } from '../src/survey/qa';

(window as unknown as { surveySelection: unknown }).surveySelection = { runInvitation, readSurveyQa };
