/**
 * The invitation flow (requirements SV-3), its second part, in tag-survey-file.js: which scope the
 * visit draws, which survey this page offers, and what is remembered. invite.ts decides first
 * whether the visitor may be invited at all, and hands over the visit's copy of the file.
 */
import { decimal } from '../engine/decimal';
import { DAY_MS } from '../engine/durations';
import { type InvitationEnv, type InvitationResult, LAST_SHOWN_KEY, INVITED_KEY, SESSION_COPY_KEY, type SessionCopy, none } from './invite';
import { drawScope, selectSurvey } from './select';

export async function chooseInvitation(env: InvitationEnv, copy: SessionCopy, lastShown: number): Promise<InvitationResult> {
  const { local, session, log, qa, now } = env;
  const { settings } = copy.definition;
  if (lastShown) {
    if (now - lastShown < settings.persistentDays * DAY_MS) return none(log.info(`no invitation: invited less than ${settings.persistentDays} day(s) ago`));
    local.remove(LAST_SHOWN_KEY);
  }
  if (qa.scope) copy.scope = qa.scope;
  else if (!copy.scope) copy.scope = drawScope(settings.weights, env.random);
  if (!copy.scope) return none(log.info('no invitation: no scope has a weight'));
  log.info(`visit scope: ${copy.scope}`);

  const decision = selectSurvey(copy.definition, copy.scope, env.facts, now, env.random, qa);
  log.group(
    'survey decisions',
    decision.reasons.map((reason) => [reason]),
  );
  copy.definition = { ...copy.definition, surveys: copy.definition.surveys.filter((s) => !decision.considered.includes(s.id)) };
  session.setJSON(SESSION_COPY_KEY, copy);
  if (!decision.survey) return 'none';

  if (!(await env.show(decision.survey, env.language))) return none(log.info(`no invitation: survey ${decision.survey.id} could not be shown`));
  local.set(LAST_SHOWN_KEY, decimal(now));
  session.set(INVITED_KEY, decision.survey.id);
  return 'shown';
}
