/**
 * The survey's on-demand files: tag-survey-file.js (the survey-file reader, once per visit) and
 * tag-survey.js (React and the pop-up, only when an invitation shows). This file is in tag.js, so
 * it imports only types from the files it loads.
 */
import { onDemandFile } from '../engine/onDemand';
import type { FileModule } from './fileOnDemand';
import type { PopupModule } from './onDemand';

export const loadSurveyFileReader = onDemandFile<FileModule>('tag-survey-file.js', 'parseSurveyFile');
export const loadSurveyPopup = onDemandFile<PopupModule>('tag-survey.js', 'showSurveyPopup');
