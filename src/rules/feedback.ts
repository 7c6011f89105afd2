/**
 * The page feedback tool (requirements CL-1) that closes every Canada.ca page (GCWeb's
 * sites/feedback, ajax-included into page details): "Did you find what you were looking for?"
 * `#gc-pft`, whose Yes and No are `.gc-pft-btns` buttons (Yes: `name=helpful value=Yes-Oui`;
 * No opens a follow-up form), and the pii-scrub modal wet-boew appends to `<body>`
 * (`#wb-pii-scrub-modal`, data-form naming the form) when a comment holds personal information,
 * whose `.popup-modal-dismiss` is "Go back and edit comment". On every page, so in tag.js.
 */
import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';
import { elementIs } from './lib/conditions';
import { labelOf } from './lib/dom';
import { FEEDBACK_BUTTON, PII_MODAL, PII_MODAL_DISMISS } from './lib/clickOwners';
import { createLinkClicks } from './lib/linkClicks';

const PFT = '#gc-pft, .gc-pft';

/** The answer, in English whatever the page language ('Yes' / 'No'), so both languages add up. */
const answer = (button: Element) => (/^yes/i.test(button.getAttribute('value') || '') ? 'Yes' : 'No');

/** The modal belongs to the feedback tool's form (or to no form it can name). */
const forFeedback = (button: Element) => {
  const form = document.getElementById(button.closest(PII_MODAL)?.getAttribute('data-form') || '');
  return !form || !!form.closest(PFT);
};

export function feedbackRules({ tracker }: RuleDependencies): Rule[] {
  const { clickRule } = createLinkClicks(tracker);
  return [
    clickRule('Page Feedback Tool', FEEDBACK_BUTTON, (el) => ({ linkText: answer(el) }), { owner: 'block' }),
    clickRule('Page Feedback Tool edit comment click', PII_MODAL_DISMISS, (el) => ({ linkText: labelOf(el) }), {
      owner: 'block',
      when: [elementIs("the feedback tool's modal", forFeedback)],
    }),
  ];
}
