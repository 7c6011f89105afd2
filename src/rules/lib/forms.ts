/**
 * Form readers for the Canada.ca form rules: the validation of requirement FM-1 and the values a tracked
 * form reports. Markup conventions (WET/GCWeb forms and Canada.ca's data-gc-analytics-* family):
 * - `form[data-gc-analytics-formname="…"]` is a tracked form; the attribute is its report name.
 * - `[data-gc-analytics-collect]` on a control: its value is reported (form options, eVar58),
 *   positionally, semicolon-separated; `data-private` on it or an ancestor keeps it out, and
 *   passwords are never read. A control whose `autocomplete` names a person's own data, whose
 *   type is `email` or `tel`, or whose name or id says it holds one (`firstname`, `dateOfBirth`),
 *   reports the redaction marker when filled (isPersonalField).
 * - A required field has the `required` attribute; a required radio/checkbox group is a
 *   `fieldset` whose `legend` has the class `required` or holds an element that has it (WET's
 *   `<strong class="required">`).
 * - The GC Design System's controls (`<gcds-input>`, `<gcds-select>`, `<gcds-radios>`,
 *   `<gcds-checkboxes>`…) are form-associated custom elements: their own input is in their shadow
 *   root, and the host carries `required`, `data-gc-analytics-collect`, `validity` and `value`.
 */
import { pageLanguage } from '../../dataElements/read';
import { REDACTION_MARKER, redactText } from '../../privacy';
import { ROLES, ROLES_FR } from '../../privacy/patterns';
import { all, isVisible, labelOf } from './dom';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** A design-system control's host; a custom element that is not form-associated has neither property. */
type CustomControl = Element & { readonly validity?: ValidityState; readonly value?: unknown };

const isCustomControl = (element: Element): boolean => element.localName.includes('-');

/** A select left on its placeholder option ('Select one', '-- Sélectionnez --', …). */
const PLACEHOLDER = /^\W*(select one|s[ée]lectionnez)/i;

const sameGroup = (form: HTMLFormElement, radio: HTMLInputElement) => all<HTMLInputElement>('input[type=radio]', form).filter((r) => r.name === radio.name);

/** The selected option's text, trimmed ('' when none is selected). */
const optionText = (select: HTMLSelectElement) => {
  const option = select.selectedOptions[0];
  return option ? option.text.trim() : '';
};

function isFilled(form: HTMLFormElement, c: Control): boolean {
  if (c.type === 'radio') return sameGroup(form, c as HTMLInputElement).some((r) => r.checked);
  if (c.type === 'checkbox') return (c as HTMLInputElement).checked;
  if (c instanceof HTMLSelectElement) return !!c.value && !PLACEHOLDER.test(optionText(c));
  return c.value.trim() !== '';
}

const legendOf = (fieldset: Element) => Array.from(fieldset.children).find((child) => child.tagName === 'LEGEND');

/**
 * FM-1: every visible required field is filled (a select on its
 * placeholder is not), and every visible fieldset with a required legend has a choice, unless
 * `checkFieldsets` is false (the knowledge-test page, whose quiz fieldsets may be left blank).
 */
export function passesValidation(form: HTMLFormElement, checkFieldsets: boolean): boolean {
  const fields = all<Control>('input[required], select[required], textarea[required]', form);
  if (!fields.every((c) => !isVisible(c) || isFilled(form, c))) return false;
  // A design-system control says itself whether it is left empty: the browser's validity of its host.
  if (!all('[required]', form).every((c) => !isCustomControl(c) || !isVisible(c) || !(c as CustomControl).validity?.valueMissing)) return false;
  return (
    !checkFieldsets ||
    all('fieldset', form).every((fieldset) => {
      const legend = legendOf(fieldset);
      const required = legend && (legend.classList.contains('required') || legend.querySelector('.required'));
      return !required || !isVisible(fieldset) || !!fieldset.querySelector('input[type=radio]:checked, input[type=checkbox]:checked');
    })
  );
}

/**
 * GCWeb's report-a-problem value of a choice, `data-gc-analytics-rap`: the label in the page's
 * language, a hyphen, the label in the other ('It has a spelling mistake-Il y a une erreur…' on
 * English pages, the reverse on French ones). Reported English first in both languages, so one
 * option adds up to one value; the halves split at the first hyphen that starts a capitalised label.
 */
function bilingualValue(box: Element): string {
  const value = (box.getAttribute('data-gc-analytics-rap') || '').trim();
  const split = /-(?=\p{Lu})/u.exec(value);
  if (!split || pageLanguage() !== 'fr') return value;
  return `${value.slice(split.index + 1)}-${value.slice(0, split.index)}`;
}

/** A choice's report value (GCWeb's bilingual one), else its visible text (its label), else its value; scrubbed. */
const choiceText = (box: HTMLInputElement) => redactText(bilingualValue(box) || labelOf(box.labels?.[0] || box.closest('label')) || box.value);

/**
 * A design-system control's value, scrubbed: a group of checkboxes, or a file uploader (its list
 * of the files' names), gives 'checked' when any box is checked or any file chosen (checkbox
 * values are recorded as 'checked', never as their values), a control with options the chosen
 * option's text, anything else its text; '' when nothing is chosen or typed (its `value` is then
 * not a string, or an empty list).
 */
function customValue(control: CustomControl): string {
  const { value } = control;
  if (Array.isArray(value)) return value.length ? 'checked' : '';
  const text = typeof value === 'string' ? value.trim() : '';
  const option = text && all<HTMLOptionElement>('option', control).find((o) => o.value === text);
  return redactText(option ? option.text.trim() : text);
}

/**
 * HTML's autofill field names for what identifies a person: a name, a user name, a one-time
 * code, a street address, a postal code, a birth date, a telephone number, an e-mail
 * address, a payment card. WET's form templates, GCWeb's test page and the design system's
 * `<gcds-input autocomplete>` mark such fields with them, and a name alone is what no pattern can
 * tell from other words. Not a city, province or country (`address-level1`…), a language or an
 * organisation. The field name may follow a section and a kind (`section-a shipping
 * street-address`, `home tel`); tokens are compared without case, as HTML compares them.
 */
const PERSONAL_FIELD =
  /(?:^|\s)(?:(?:cc-)?(?:given-|additional-|family-|nick|user)?name|one-time-code|street-address|address-line\d|postal-code|cc-(?:number|exp|csc)|bday|tel|email|impp)(?![^\s-])/i;

// Built at its first use: tag.js imports the forms rules' names from beside this module, and a
// RegExp built as it loads would keep the module in tag.js.
let personalName: RegExp | undefined;

/**
 * The names and ids that say a field holds a person's data, written in any case and joined any
 * way (`firstname`, `first_name`, `applicant-first-name`, `dateOfBirth`, `nomComplet`, `email4`):
 * WET's own form templates (stepsform, wb-postback, which GCWeb's report a problem builds on)
 * name their fields so, without autocomplete. The short ones (`name`, `nom`, `dob`, `tel`) only whole:
 * `programname` or `renom` say nothing of a person. A telephone (`phone` ends `telephone` and
 * `téléphone`), a date or place of birth (`naissance`) and an address are named in either language,
 * and so is a name by the role of its bearer (`BeneficiaryName`, `nom_du_demandeur`: ROLES).
 */
const PERSONAL_NAME = () =>
  (personalName ??= new RegExp(
    `(?:(?:first|last|given|family|full|middle|sur|maiden|${ROLES})name|(?:pr[eé])?nom(?:d[ue](?:la)?|del|d)?(?:${ROLES_FR})|pr[eé]nom|nom(?:complet|(?:de)?famille)|mail|courriel|phone|dateofbirth|birthdate|naissance|address|adresse|postalcode|codepostal)$|^(?:(?:user|f|l)?name|nom|dob|ddn|tel)$`,
  ));

/**
 * A field that says it holds a person's data: by its autocomplete, by its type, an e-mail
 * address or a telephone number (`email` and `tel` are also autofill field names), where
 * `555-0199` alone reads as any number, or by its name or id.
 */
const isPersonalField = (c: Element): boolean =>
  PERSONAL_FIELD.test(`${c.getAttribute('autocomplete')} ${c.getAttribute('type')}`) ||
  [c.getAttribute('name'), c.id].some((key) => PERSONAL_NAME().test((key || '').toLowerCase().replace(/[^a-zé]/g, '')));

/**
 * The collected values, one entry per marked control (one per radio group), in page order:
 * a checkbox or a file control as 'checked' or '', a radio group as its chosen value, a select
 * as its option text, text as typed, a design-system control as customValue gives it; each
 * scrubbed on its own so that no pattern spans two fields. A filled field that says it holds a
 * person's data (isPersonalField) gives the marker instead.
 */
export function collectedValues(form: HTMLFormElement): string {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const c of all<Control>('[data-gc-analytics-collect]', form)) {
    const push = (value: string) => values.push(value && isPersonalField(c) ? REDACTION_MARKER : value);
    // A design-system password field says it by its attribute, also before its component is defined.
    if (c.closest('[data-private]') || c.type === 'password' || c.matches('[type=password i]')) continue;
    if (isCustomControl(c)) push(customValue(c));
    else if (c.type === 'radio') {
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      const chosen = sameGroup(form, c as HTMLInputElement).find((r) => r.checked);
      push(chosen ? redactText(chosen.value) : '');
    } else if (c.type === 'checkbox') push((c as HTMLInputElement).checked ? 'checked' : '');
    // An attached file's name is the visitor's own (and its value a path of the browser's): it is
    // recorded as a checkbox is, as the design system's file uploader already is by customValue.
    else if (c.type === 'file') push((c as HTMLInputElement).files?.length ? 'checked' : '');
    else push(redactText(c instanceof HTMLSelectElement ? optionText(c) : c.value.trim()));
  }
  return values.join(';');
}

/** The options a visitor checked, by their visible text, semicolon-separated (report a problem). */
export const checkedOptions = (form: HTMLFormElement): string =>
  all<HTMLInputElement>('input[type=checkbox]:checked, input[type=radio]:checked', form).map(choiceText).join(';');
