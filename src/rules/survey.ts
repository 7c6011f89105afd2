/**
 * The task-success survey (requirements SV-9): its start page stores the start time (page bottom,
 * order 30); its thank-you page sends, once per visit (the survey-submitted flag), the time to
 * complete (event 104, in seconds) and the completion (event 110) with the visitor's task and
 * answers, which the survey pages keep in session storage under the `tss-` keys below.
 */
import { EVENTS } from '../dataElements/sdr';
import { decimal } from '../engine/decimal';
import type { Rule } from '../engine/types';
import { webStorage } from '../engine/storage';
import { sendLinkBeacon } from './lib/beacons';
import { pathIsOneOf, when } from './lib/conditions';
import { PAGE_BOTTOM_ORDER } from './lib/pageBottomOrder';
import { PAGE_BOTTOM, rule } from './lib/rule';
import type { RuleDependencies } from './deps';

export const SURVEY_START_PAGES = ['/en/surveys/reason-visit-category.html', '/fr/sondages/raison-visite-categorie.html'];
export const SURVEY_THANK_YOU_PAGES = ['/en/surveys/thank-you.html', '/fr/sondages/merci.html'];
export const SURVEY_KEYS = { start: 'tss-start', submitted: 'tss-submitted', source: 'tss-source' } as const;
/** Task, second task and answers q1–q6, read as `tss-{field}-{en|fr}`; q5 and q6 default to N/A or S/O. */
export const SURVEY_ANSWERS = 'task task2 q1 q2 q3 q4 q5 q6'.split(' ');

export function surveyRules({ tracker }: RuleDependencies): Rule[] {
  const session = webStorage('session');
  const get = (key: string) => (session.get(key) || '').trim();
  const answers = (lang: 'en' | 'fr') => SURVEY_ANSWERS.map((field, i) => get(`tss-${field}-${lang}`) || (i > 5 ? (lang === 'en' ? 'N/A' : 'S/O') : ''));
  const hasTask = () => !!(get('tss-task-en') || get('tss-task-fr'));
  const elapsed = () => {
    const start = Number(get(SURVEY_KEYS.start) || NaN);
    const seconds = Math.round((Date.now() - start) / 1000);
    return seconds >= 0 ? seconds : undefined;
  };
  return [
    rule('Survey start time', [PAGE_BOTTOM], [pathIsOneOf(SURVEY_START_PAGES)], () => session.set(SURVEY_KEYS.start, decimal(Date.now())), {
      order: PAGE_BOTTOM_ORDER.surveyStart,
      action: 'store',
    }),
    rule(
      'Survey completion',
      [PAGE_BOTTOM],
      [
        pathIsOneOf(SURVEY_THANK_YOU_PAGES),
        when('not yet submitted', () => !get(SURVEY_KEYS.submitted)),
        when('start time or task', () => elapsed() !== undefined || hasTask()),
      ],
      (ctx) => {
        session.set(SURVEY_KEYS.submitted, 'true');
        const seconds = elapsed();
        return sendLinkBeacon(
          tracker,
          ctx,
          'Survey Complete',
          hasTask() ? { surveyTaskEn: answers('en').join(';'), surveyTaskFr: answers('fr').join(';'), exitSurvey: get(SURVEY_KEYS.source) || undefined } : {},
          { events: [...(seconds === undefined ? [] : [[EVENTS.timeToComplete, seconds] as const]), ...(hasTask() ? [EVENTS.survey] : [])] },
        );
      },
    ),
  ];
}
