/**
 * The invitation flow (requirements SV-3), its first part, in tag.js: whether this visitor may be
 * invited now, and the visit's copy of the survey file. Which scope the visit draws, which survey
 * this page offers and what is remembered (choose.ts) come with the file's reader in
 * tag-survey-file.js, loaded only when a survey may be offered. Everything outside the flow
 * (storage, clock, random source, the survey file, the pop-up) is handed in, so it is tested as is.
 */
import { DAY_MS } from '../engine/durations';
import type { SafeStorage } from '../engine/storage';
import type { Logger } from '../engine/types';
import type { SurveyQa } from './qa';
import type { PageFacts, Random } from './select';
import type { Language, SurveyDefinition, SurveyRecord, SurveyScope } from './types';

export const LAST_SHOWN_KEY = 'lastDateIMShown';
export const SESSION_COPY_KEY = 'im-settings';
export const INVITED_KEY = 'im-invited';
/** The interval the specification's source comments give (SV-3), used until the file says otherwise. */
const DEFAULT_DAYS = 15;

/** The visit's copy of the file: surveys already considered are dropped from it. */
export interface SessionCopy {
  definition: SurveyDefinition;
  scope?: SurveyScope;
}

export interface InvitationEnv {
  local: SafeStorage;
  session: SafeStorage;
  /**
   * Local storage can be written and read back: without it, no survey is offered. A probe costs
   * three storage calls, so it runs only when the flow would go on to download the file.
   */
  localStorageWorks(): boolean;
  now: number;
  random: Random;
  qa: SurveyQa;
  facts: PageFacts;
  language: Language;
  /** Splash and error pages never show the pop-up. */
  excludedPage: string;
  log: Logger;
  download(): Promise<SurveyDefinition | undefined>;
  /** The rest of the flow (tag-survey-file.js). */
  choose(): Promise<ChoiceModule>;
  /** Resolves false when the pop-up could not be shown (then nothing is remembered). */
  show(survey: SurveyRecord, language: Language): Promise<boolean>;
}

export type InvitationResult = 'shown' | 'none';

/** The flow's second part (choose.ts), which tag-survey-file.js exports. */
export interface ChoiceModule {
  /** `lastShown`: the stored date of the last invitation (0 when none), as the first part read it. */
  chooseInvitation(env: InvitationEnv, copy: SessionCopy, lastShown: number): Promise<InvitationResult>;
}

export async function runInvitation(env: InvitationEnv): Promise<InvitationResult> {
  const { local, session, log, qa, now } = env;
  if (qa.forgetStored) {
    local.remove(LAST_SHOWN_KEY);
    session.remove(SESSION_COPY_KEY);
    session.remove(INVITED_KEY);
    log.info('im_nocookiecheck=1: stored invitation data forgotten');
  }
  if (env.excludedPage) return none(log.info(`no invitation: ${env.excludedPage}: no pop-up here`));

  let copy = session.getJSON<SessionCopy>(SESSION_COPY_KEY);
  if (copy && !Array.isArray(copy.definition?.surveys)) copy = undefined;
  const lastShown = Number(local.get(LAST_SHOWN_KEY));
  // Checked before any download: most pages of an invited visitor end here, at no network cost.
  if (lastShown && now - lastShown < (copy?.definition.settings.persistentDays ?? DEFAULT_DAYS) * DAY_MS) {
    return none(log.info(`no invitation: invited ${Math.floor((now - lastShown) / DAY_MS)} day(s) ago`));
  }
  if (!copy) {
    // Once a visit: the visit's copy is kept only after the probe passed.
    if (!env.localStorageWorks()) return none(log.info('no invitation: local storage is unavailable'));
    const definition = await env.download();
    if (!definition) return none(log.info('no invitation: no survey definition'));
    copy = { definition };
  } else if (!copy.definition.surveys.length) return none(log.info('no invitation: every survey of the file was considered earlier in the visit'));
  let choice: ChoiceModule;
  try {
    choice = await env.choose();
  } catch (error) {
    return none(log.info(`no invitation: the survey code could not be loaded (${error instanceof Error ? error.message : String(error)})`));
  }
  return choice.chooseInvitation(env, copy, lastShown);
}

/**
 * No invitation. The caller logs why in the call itself (`none(log.info('no invitation: …'))`):
 * only a sentence written in the logger's own call goes to tag-debug.js (scripts/logMessages.ts),
 * not one handed to a helper that logs it.
 */
export const none = (_logged: unknown): InvitationResult => 'none';
