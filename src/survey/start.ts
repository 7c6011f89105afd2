/**
 * Starts the Invitation Manager on a page: after the page has loaded and the browser is idle,
 * so a survey never competes with the page. The file reader is loaded only when the file must be
 * read, the React pop-up only when it shows.
 */
import { languageOf } from '../dataElements/read';
import { createLogger, debugSwitch, reason } from '../engine/logger';
import { storageWorks, webStorage } from '../engine/storage';
import type { Logger } from '../engine/types';
import { runInvitation } from './invite';
import { loadSurveyFileReader, loadSurveyPopup } from './loadOnDemand';
import { readSurveyQa } from './qa';
import type { PageFacts } from './select';
import type { Language, SurveyDefinition, SurveyRecord } from './types';

export const SURVEY_FILE_PATH = '/content/dam/canada/json/im.xml';
/** Larger files are not even read (the parser refuses them anyway). */
const MAX_DOWNLOAD_BYTES = 512 * 1024;

export interface SurveyStartDeps {
  getVar(name: string): unknown;
  /** A direct call into the rules (pop-up impression and yes click beacons). */
  track(identifier: string, detail?: unknown): void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function downloadDefinition(log: Logger): Promise<SurveyDefinition | undefined> {
  if (navigator.onLine === false) return void log.info('offline: the survey file is not fetched');
  try {
    const response = await fetch(SURVEY_FILE_PATH, { credentials: 'same-origin' });
    if (response.status !== 200) return void log.warn(`survey file: HTTP ${response.status}, no survey`);
    if (Number(response.headers.get('content-length')) > MAX_DOWNLOAD_BYTES) return void log.warn('survey file too large, not read');
    const raw = await response.text();
    if (!raw.trim()) return void log.warn('survey file is empty, no survey');
    const { definition, problems } = (await loadSurveyFileReader()).parseSurveyFile(raw);
    problems.forEach((problem) => log.warn(`survey file: ${problem}`));
    return definition;
  } catch (error) {
    return void log.error('survey file could not be read:', reason(error));
  }
}

function pageFacts(getVar: SurveyStartDeps['getVar']): PageFacts {
  return {
    hostAndPath: location.host + location.pathname,
    theme: text(getVar('theme')),
    language: languageOf(text(getVar('pageLanguage'))),
    creator: text(getVar('pageCreator')),
    userAgent: navigator.userAgent,
    browserLanguage: navigator.language || '',
    device: getVar('deviceType') === 'desktop' ? 'Desktop' : 'Mobile',
  };
}

function excludedPage(getVar: SurveyStartDeps['getVar']): string {
  const error = text(getVar('errorPageType'));
  if (error) return `error page ${error}`;
  return location.pathname === '/' || document.querySelector('.splash') ? 'splash page' : '';
}

function show(survey: SurveyRecord, language: Language, deps: SurveyStartDeps, log: Logger): Promise<boolean> {
  const name = survey.text[language].title;
  return loadSurveyPopup().then(
    (module) =>
      module.showSurveyPopup(survey, language, {
        onShown: () => deps.track('popUpImpression', { name }),
        onOutcome: (outcome) => {
          log.info(`pop-up closed: ${outcome}`);
          if (outcome === 'yes') deps.track('popupYesClick', { name });
        },
      }),
    (error: Error) => {
      log.error('the survey pop-up could not be loaded:', error.message);
      return false;
    },
  );
}

export function startSurvey(deps: SurveyStartDeps): void {
  const log = createLogger('[survey]', debugSwitch('logim', 'dtm-logim'));
  const run = () => {
    const language: Language = deps.getVar('pageLanguage') === 'fr' ? 'fr' : 'en';
    runInvitation({
      local: webStorage('local'),
      session: webStorage('session'),
      localStorageWorks: () => storageWorks('local'),
      now: Date.now(),
      random: Math.random,
      qa: readSurveyQa(location.search),
      facts: pageFacts(deps.getVar),
      language,
      excludedPage: excludedPage(deps.getVar),
      log,
      download: () => downloadDefinition(log),
      choose: loadSurveyFileReader,
      show: (survey, lang) => show(survey, lang, deps, log),
    }).catch((error: unknown) => log.error('the Invitation Manager failed:', error));
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
