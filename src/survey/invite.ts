/**
 * The invitation flow (requirements SV-3): whether this visitor may be invited now, which scope the visit
 * draws, which survey this page offers, and what is remembered. Everything outside it (storage,
 * clock, random source, the survey file, the pop-up) is handed in, so the flow is tested as is.
 */
import { DAY_MS } from '../engine/durations';
import type { SafeStorage } from '../engine/storage';
import type { Logger } from '../engine/types';
import type { SurveyQa } from './qa';
import { drawScope, selectSurvey, type PageFacts, type Random } from './select';
import type { Language, SurveyDefinition, SurveyRecord, SurveyScope } from './types';

export const LAST_SHOWN_KEY = 'lastDateIMShown';
export const SESSION_COPY_KEY = 'im-settings';
export const INVITED_KEY = 'im-invited';
/** The interval the specification's source comments give (SV-3), used until the file says otherwise. */
const DEFAULT_DAYS = 15;

/** The visit's copy of the file: surveys already considered are dropped from it. */
interface SessionCopy {
  definition: SurveyDefinition;
  scope?: SurveyScope;
}

export interface InvitationEnv {
  local: SafeStorage;
  session: SafeStorage;
  /** Local storage can be written and read back: without it, nothing happens at all. */
  localStorageWorks: boolean;
  now: number;
  random: Random;
  qa: SurveyQa;
  facts: PageFacts;
  language: Language;
  /** Splash and error pages never show the pop-up. */
  excludedPage: string;
  log: Logger;
  download(): Promise<SurveyDefinition | undefined>;
  /** Resolves false when the pop-up could not be shown (then nothing is remembered). */
  show(survey: SurveyRecord, language: Language): Promise<boolean>;
}

export type InvitationResult = 'shown' | 'none';

export async function runInvitation(env: InvitationEnv): Promise<InvitationResult> {
  const { local, session, log, qa, now } = env;
  if (!env.localStorageWorks) return stop(log, 'local storage is unavailable');
  if (qa.forgetStored) {
    local.remove(LAST_SHOWN_KEY);
    session.remove(SESSION_COPY_KEY);
    session.remove(INVITED_KEY);
    log.info('im_nocookiecheck=1: stored invitation data forgotten');
  }
  if (env.excludedPage) return stop(log, `${env.excludedPage}: no pop-up here`);

  let copy = session.getJSON<SessionCopy>(SESSION_COPY_KEY);
  if (copy && !Array.isArray(copy.definition?.surveys)) copy = undefined;
  const lastShown = Number(local.get(LAST_SHOWN_KEY));
  const waitedEnough = (days: number) => now - lastShown >= days * DAY_MS;
  // Checked before any download: most pages of an invited visitor end here, at no network cost.
  if (lastShown && !waitedEnough(copy?.definition.settings.persistentDays ?? DEFAULT_DAYS)) {
    return stop(log, `invited ${Math.floor((now - lastShown) / DAY_MS)} day(s) ago`);
  }
  if (!copy) {
    const definition = await env.download();
    if (!definition) return stop(log, 'no survey definition');
    copy = { definition };
  }
  const { settings } = copy.definition;
  if (lastShown) {
    if (!waitedEnough(settings.persistentDays)) return stop(log, `invited less than ${settings.persistentDays} day(s) ago`);
    local.remove(LAST_SHOWN_KEY);
  }
  if (qa.scope) copy.scope = qa.scope;
  else if (!copy.scope) copy.scope = drawScope(settings.weights, env.random);
  if (!copy.scope) return stop(log, 'no scope has a weight');
  log.info(`visit scope: ${copy.scope}`);

  const decision = selectSurvey(copy.definition, copy.scope, env.facts, now, env.random, qa);
  log.group(
    'survey decisions',
    decision.reasons.map((reason) => [reason]),
  );
  copy.definition = { ...copy.definition, surveys: copy.definition.surveys.filter((s) => !decision.considered.includes(s.id)) };
  session.setJSON(SESSION_COPY_KEY, copy);
  if (!decision.survey) return 'none';

  if (!(await env.show(decision.survey, env.language))) return stop(log, `survey ${decision.survey.id} could not be shown`);
  local.set(LAST_SHOWN_KEY, String(now));
  session.set(INVITED_KEY, decision.survey.id);
  return 'shown';
}

function stop(log: Logger, why: string): InvitationResult {
  log.info(`no invitation: ${why}`);
  return 'none';
}
