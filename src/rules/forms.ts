/**
 * Forms (requirements FM-1 to FM-3): tracked submit and reset, report a problem, the chat wizard and the
 * keyword consultation form. Markup conventions are in lib/forms.ts; submit and reset are the
 * forms' own events (the engine hears them in the capture phase), so pressing Enter counts too.
 */
import { inPageLanguage } from '../dataElements/read';
import { EVENTS, type InteractionValue } from '../dataElements/sdr';
import type { Condition, Rule, Trigger } from '../engine/types';
import { sendLinkBeacon } from './lib/beacons';
import { elementOf, notExempt, when } from './lib/conditions';
import { attrText, labelOf } from './lib/dom';
import { click, domEvent, rule } from './lib/rule';
import { checkedOptions, collectedValues, passesValidation } from './lib/forms';
import type { RuleDependencies } from './deps';

export const TRACKED_FORM = 'form[data-gc-analytics-formname]';
/** The report-a-problem form: inline in page details, or on the report-a-problem page itself. */
export const REPORT_PROBLEM_FORM = '.gc-rprt-prblm form, form[action*="report-problem"], form[action*="signaler-probleme"]';
/** WET's chat wizard opens from this link (its "bubble"). */
export const CHAT_START = '.wb-chtwzrd-link';
/** The consultation search; the attribute's value (if any) is its report name. */
export const KEYWORD_FORM = 'form[data-gc-analytics-keyword]';
/** FM-1: the English knowledge-test page whose quiz skips the required-fieldset check (lower case). */
export const KNOWLEDGE_TEST_PAGES = ['/en/immigration-refugees-citizenship/services/canadian-citizenship/knowledge-test.html'];

/**
 * What this area's rules act on (areas.ts loads it when a page has some): not every form, since
 * every Canada.ca page has the header's site-search form (`#wb-srch form[role=search]`).
 */
export const FORMS = [TRACKED_FORM, REPORT_PROBLEM_FORM, KEYWORD_FORM, CHAT_START].join(', ');
/**
 * Report a problem as GCWeb's page details carry it, on every content page: folded away (in its
 * `details.brdr-0`, or behind its own toggle) until a visitor turns to it. Its form does not load
 * this area; the first click in it does (areas.ts), well before the form can be sent. The page
 * feedback tool's own `details` (urgent help, what counts as personal information) are not it.
 */
export const PAGE_DETAILS_PROBLEM = '.pagedetails details.brdr-0, .pagedetails .gc-rprt-prblm';
export const PAGE_DETAILS_PROBLEM_FORM = '.pagedetails details.brdr-0 form, .pagedetails .gc-rprt-prblm form';

export const FORM_SUBMIT = 'Form Submit';

type Values = Partial<Record<InteractionValue, string>>;

const nameOf = (form: Element, attribute: string, fallback: string) => attrText(form, attribute) || fallback;
const keywordOf = (form: Element) => {
  const input = form.querySelector<HTMLInputElement>('[name=keyword], input[type=search], input[type=text]');
  return (input?.value || '').trim();
};
const trackedName = (form: Element) => nameOf(form, 'data-gc-analytics-formname', '');

export function formsRules({ tracker }: RuleDependencies): Rule[] {
  let problemInitiated = false;
  const reportProblemName = () => inPageLanguage('Report a problem', 'Signaler un problème');
  /** A form rule (not on exempt elements): its beacon has the rule's name, counts as a click, and a submit adds event 79. */
  /** A form interaction (not on exempt forms): a `submit` carries the form-submit event; `only` is a further condition. */
  const formRule = (
    name: string,
    events: Trigger[],
    values: (form: HTMLFormElement) => Values,
    { submit = false, only }: { submit?: boolean; only?: Condition } = {},
  ) =>
    rule(name, events, only ? [notExempt, only] : [notExempt], (ctx) =>
      sendLinkBeacon(tracker, ctx, name, values(elementOf<HTMLFormElement>(ctx)), { events: submit ? [EVENTS.formSubmit] : [], click: true }),
    );
  return [
    formRule(FORM_SUBMIT, domEvent('submit', TRACKED_FORM), (form) => ({ formName: trackedName(form), formList: collectedValues(form) || undefined }), {
      submit: true,
      only: when('form passes validation', (ctx) =>
        passesValidation(elementOf<HTMLFormElement>(ctx), !KNOWLEDGE_TEST_PAGES.includes(location.pathname.toLowerCase())),
      ),
    }),
    formRule('Form Reset', domEvent('reset', TRACKED_FORM), (form) => ({ formName: trackedName(form) })),
    formRule('Report a Problem Initiate', click(REPORT_PROBLEM_FORM), () => ((problemInitiated = true), { formName: reportProblemName() }), {
      only: when('first on this page', () => !problemInitiated),
    }),
    formRule(
      'Report a Problem Submit',
      domEvent('submit', REPORT_PROBLEM_FORM),
      (form) => ({ formName: reportProblemName(), formList: checkedOptions(form) || undefined }),
      { submit: true },
    ),
    formRule('Chat Initiate', click(CHAT_START), (link) => ({ linkText: labelOf(link) })),
    formRule(
      'Keyword Consultation',
      domEvent('submit', KEYWORD_FORM),
      (form) => ({
        formName: nameOf(form, 'data-gc-analytics-keyword', inPageLanguage('Keyword consultation', 'Consultation par mot-clé')),
        formList: keywordOf(form),
      }),
      { submit: true, only: when('keyword is not empty', (ctx) => keywordOf(elementOf<HTMLFormElement>(ctx)) !== '') },
    ),
  ];
}
