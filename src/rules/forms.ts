/**
 * Forms (SPEC §1, §5, §7): tracked submit and reset, report a problem, the chat wizard and the
 * keyword consultation form. Markup conventions are in lib/forms.ts; submit and reset are the
 * forms' own events (the engine hears them in the capture phase), so pressing Enter counts too.
 */
import { inPageLanguage } from '../dataElements/read';
import type { Rule, RuleContext } from '../engine/types';
import { redactText } from '../privacy';
import { sendLinkBeacon } from './lib/beacons';
import { notExempt, when } from './lib/conditions';
import { labelOf } from './lib/dom';
import { checkedOptions, collectedValues, passesValidation } from './lib/forms';
import type { RuleDependencies } from './deps';

export const TRACKED_FORM = 'form[data-gc-analytics-formname]';
/** The report-a-problem form: inline in page details, or on the report-a-problem page itself. */
export const REPORT_PROBLEM_FORM = '.gc-rprt-prblm form, form[action*="report-problem"], form[action*="signaler-probleme"]';
/** WET's chat wizard opens from this link (its "bubble"). */
export const CHAT_START = '.wb-chtwzrd-link';
/** The consultation search; the attribute's value (if any) is its report name. */
export const KEYWORD_FORM = 'form[data-gc-analytics-keyword]';
/** SPEC §2: the English knowledge-test page whose quiz skips the required-fieldset check (lower case). */
export const KNOWLEDGE_TEST_PAGES = ['/en/immigration-refugees-citizenship/services/canadian-citizenship/knowledge-test.html'];

export const FORM_SUBMIT_EVENT = 79;

const formOf = (ctx: RuleContext) => ctx.event.element as HTMLFormElement;
const nameOf = (form: Element, attribute: string, fallback: string) => form.getAttribute(attribute)?.trim() || fallback;
const keywordOf = (form: Element) => (form.querySelector<HTMLInputElement>('[name=keyword], input[type=search], input[type=text]')?.value ?? '').trim();

export function formsRules({ tracker }: RuleDependencies): Rule[] {
  let problemInitiated = false;
  const reportProblemName = () => inPageLanguage('Report a problem', 'Signaler un problème');
  return [
    {
      name: 'Form Submit',
      events: [{ type: 'customEvent', name: 'submit', selector: TRACKED_FORM }],
      conditions: [notExempt, when('form passes validation', (ctx) => passesValidation(formOf(ctx), !KNOWLEDGE_TEST_PAGES.includes(location.pathname.toLowerCase())))],
      actions: [
        {
          name: 'send',
          run: (ctx) =>
            sendLinkBeacon(tracker, ctx, {
              type: 'o',
              name: 'Form Submit',
              values: { formName: nameOf(formOf(ctx), 'data-gc-analytics-formname', ''), formList: collectedValues(formOf(ctx)) || undefined },
              events: [FORM_SUBMIT_EVENT],
              click: true,
            }),
        },
      ],
    },
    {
      name: 'Form Reset',
      events: [{ type: 'customEvent', name: 'reset', selector: TRACKED_FORM }],
      conditions: [notExempt],
      actions: [
        {
          name: 'send',
          run: (ctx) =>
            sendLinkBeacon(tracker, ctx, { type: 'o', name: 'Form Reset', values: { formName: nameOf(formOf(ctx), 'data-gc-analytics-formname', '') }, click: true }),
        },
      ],
    },
    {
      name: 'Report a Problem Initiate',
      events: [{ type: 'click', selector: REPORT_PROBLEM_FORM }],
      conditions: [notExempt, when('first interaction on this page', () => !problemInitiated)],
      actions: [
        {
          name: 'send',
          run: (ctx) => {
            problemInitiated = true;
            return sendLinkBeacon(tracker, ctx, { type: 'o', name: 'Report a Problem Initiate', values: { formName: reportProblemName() }, click: true });
          },
        },
      ],
    },
    {
      name: 'Report a Problem Submit',
      events: [{ type: 'customEvent', name: 'submit', selector: REPORT_PROBLEM_FORM }],
      conditions: [notExempt],
      actions: [
        {
          name: 'send',
          run: (ctx) =>
            sendLinkBeacon(tracker, ctx, {
              type: 'o',
              name: 'Report a Problem Submit',
              values: { formName: reportProblemName(), formList: checkedOptions(formOf(ctx)) || undefined },
              events: [FORM_SUBMIT_EVENT],
              click: true,
            }),
        },
      ],
    },
    {
      name: 'Chat Initiate',
      events: [{ type: 'click', selector: CHAT_START }],
      conditions: [notExempt],
      actions: [
        {
          name: 'send',
          run: (ctx) => sendLinkBeacon(tracker, ctx, { type: 'o', name: 'Chat Initiate', values: { linkText: redactText(labelOf(ctx.event.element)) }, click: true }),
        },
      ],
    },
    {
      name: 'Keyword Consultation',
      events: [{ type: 'customEvent', name: 'submit', selector: KEYWORD_FORM }],
      conditions: [notExempt, when('keyword is not empty', (ctx) => keywordOf(formOf(ctx)) !== '')],
      actions: [
        {
          name: 'send',
          run: (ctx) =>
            sendLinkBeacon(tracker, ctx, {
              type: 'o',
              name: 'Keyword Consultation',
              values: {
                formName: nameOf(formOf(ctx), 'data-gc-analytics-keyword', inPageLanguage('Keyword consultation', 'Consultation par mot-clé')),
                formList: redactText(keywordOf(formOf(ctx))),
              },
              events: [FORM_SUBMIT_EVENT],
              click: true,
            }),
        },
      ],
    },
  ];
}
