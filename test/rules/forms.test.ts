import { beforeEach, describe, expect, it } from 'vitest';
import { REDACTION_MARKER } from '../../src/privacy';
import { formsRules, KNOWLEDGE_TEST_PAGES } from '../../src/rules/forms';
import { collectedValues } from '../../src/rules/lib/forms';
import { $, canadaPage, click, fire, LANGUAGES, openPage, paramFor, stubLayout, type Lang } from './beaconHarness';

const URL = { en: 'https://www.canada.ca/en/services/benefits/apply.html', fr: 'https://www.canada.ca/fr/services/prestations/demande.html' };

const T = {
  en: { name: 'ESDC|EI|Apply', province: 'Ontario', placeholder: 'Select one', legend: 'Contact method', required: '(required)', agree: 'I agree' },
  fr: { name: 'EDSC|AE|Demande', province: 'Québec', placeholder: 'Sélectionnez', legend: 'Moyen de contact', required: '(obligatoire)', agree: "J'accepte" },
};

/** A tracked form, filled in correctly unless a test changes it. */
function trackedForm(lang: Lang, extra = ''): string {
  const t = T[lang];
  return `<form data-gc-analytics-formname="${t.name}" action="/submit">
  <label for="given">Name</label><input id="given" name="given" required value="Jane">
  <select id="prov" name="prov" required data-gc-analytics-collect>
    <option value="">${t.placeholder}</option><option value="on" selected>${t.province}</option>
  </select>
  <fieldset><legend><span>${t.legend}</span> <strong class="required">${t.required}</strong></legend>
    <label><input type="radio" name="contact" value="phone" checked data-gc-analytics-collect> Phone</label>
    <label><input type="radio" name="contact" value="mail" data-gc-analytics-collect> Mail</label>
  </fieldset>
  <label><input type="checkbox" name="agree" checked data-gc-analytics-collect> ${t.agree}</label>
  <textarea name="comment" data-gc-analytics-collect>write to jane.doe@example.com</textarea>
  <input name="sin" value="046454286" data-gc-analytics-collect data-private>
  <div data-private><input name="dob" value="1990-01-01" data-gc-analytics-collect></div>
  <input type="password" name="pw" value="secret" data-gc-analytics-collect>
  ${extra}
  <button type="submit">Submit</button><button type="reset">Reset</button>
</form>`;
}

const submit = () => fire($('form'), 'submit', { bubbles: true, cancelable: true });

beforeEach(stubLayout);

describe.each(LANGUAGES)('forms (%s)', (lang) => {
  const start = (main: string, url = URL[lang]) => openPage({ url, html: canadaPage(lang, { main }), rules: formsRules });

  it('Form Submit: a valid tracked form sends the name, the collected values (scrubbed, checkbox as "checked", private ones left out), events 79 and 500', () => {
    const run = start(trackedForm(lang));
    submit();
    const [beacon, ...rest] = run.links();
    expect(rest).toEqual([]);
    expect(beacon!.params).toMatchObject({ pe: 'lnk_o', pev2: 'Form Submit', [paramFor('formName')]: T[lang].name });
    expect(beacon!.params[paramFor('formList')]).toBe(`${T[lang].province};phone;checked;write to ${REDACTION_MARKER}`);
    expect(beacon!.events).toEqual(['event79', 'event500']);
    expect(JSON.stringify(beacon)).not.toMatch(/046454286|1990-01-01|secret/);
  });

  it("Form Submit: an attached file is recorded as 'checked', never by its name; a control with no file as ''", () => {
    const run = start(trackedForm(lang, '<input type="file" name="doc" data-gc-analytics-collect><input type="file" name="other" data-gc-analytics-collect>'));
    // What Chromium gives a control once a file is chosen (test/e2e/demoSite.e2e.ts chooses one for real).
    const file = new File(['%PDF-1.7'], 'Jean Tremblay - T4 2025.pdf', { type: 'application/pdf' });
    Object.defineProperties($('[name=doc]'), {
      files: { value: [file], configurable: true },
      value: { value: `C:\\fakepath\\${file.name}`, configurable: true },
    });
    submit();
    expect(run.links()[0]!.params[paramFor('formList')]).toBe(`${T[lang].province};phone;checked;write to ${REDACTION_MARKER};checked;`);
    expect(JSON.stringify(run.links())).not.toMatch(/Tremblay|fakepath/);
  });

  it("Form Submit: a filled field whose autocomplete names a person's data is recorded as the marker, an empty one as ''; a city by its value", () => {
    const fields =
      '<input autocomplete="name" value="Jean Tremblay" data-gc-analytics-collect><input autocomplete="home tel" value="555 0199" data-gc-analytics-collect><input autocomplete="street-address" data-gc-analytics-collect><input autocomplete="address-level2" value="Gatineau" data-gc-analytics-collect>';
    const run = start(trackedForm(lang, fields));
    submit();
    expect(run.links()[0]!.params[paramFor('formList')]).toBe(
      `${T[lang].province};phone;checked;write to ${REDACTION_MARKER};${REDACTION_MARKER};${REDACTION_MARKER};;Gatineau`,
    );
    expect(JSON.stringify(run.links())).not.toMatch(/Tremblay|0199/);
  });

  const invalid: Array<[string, (form: HTMLFormElement) => void]> = [
    ['an empty required text field', (f) => ((f.elements.namedItem('given') as HTMLInputElement).value = '  ')],
    ['a required select on its placeholder', (f) => ((f.elements.namedItem('prov') as HTMLSelectElement).selectedIndex = 0)],
    [
      'a required select whose placeholder has a value',
      (f) => {
        const select = f.elements.namedItem('prov') as HTMLSelectElement;
        select.options[0]!.value = 'none';
        select.selectedIndex = 0;
      },
    ],
    ['a required-legend fieldset with no choice', (f) => f.querySelectorAll<HTMLInputElement>('[name=contact]').forEach((r) => (r.checked = false))],
    [
      'a legend with the required class and no choice',
      (f) => {
        f.querySelector('legend strong')!.remove();
        f.querySelector('legend')!.classList.add('required');
        f.querySelectorAll<HTMLInputElement>('[name=contact]').forEach((r) => (r.checked = false));
      },
    ],
    ['an unchecked required checkbox', (f) => f.insertAdjacentHTML('beforeend', '<input type="checkbox" name="terms" required>')],
    [
      'a required radio group with no choice',
      (f) => f.insertAdjacentHTML('beforeend', '<input type="radio" name="yn" value="y" required><input type="radio" name="yn" value="n">'),
    ],
  ];
  it.each(invalid)('Form Submit: nothing with %s', (_, spoil) => {
    const run = start(trackedForm(lang));
    spoil($('form') as HTMLFormElement);
    submit();
    expect(run.beacons()).toEqual([]);
  });

  const stillValid: Array<[string, (form: HTMLFormElement) => void]> = [
    ['an empty required field that is hidden', (f) => f.insertAdjacentHTML('beforeend', '<div hidden><input name="x" required></div>')],
    [
      'an empty required field inside display:none',
      (f) => f.insertAdjacentHTML('beforeend', '<div style="display: none"><textarea name="y" required></textarea></div>'),
    ],
    [
      'a required radio group answered by its second radio',
      (f) => f.insertAdjacentHTML('beforeend', '<input type="radio" name="yn" value="y" required><input type="radio" name="yn" value="n" checked>'),
    ],
    [
      'an optional fieldset with no choice',
      (f) => f.insertAdjacentHTML('beforeend', '<fieldset><legend>Optional</legend><input type="checkbox" name="o"></fieldset>'),
    ],
  ];
  it.each(stillValid)('Form Submit: still sent with %s', (_, change) => {
    const run = start(trackedForm(lang));
    change($('form') as HTMLFormElement);
    submit();
    expect(run.links().map((b) => b.name)).toEqual(['Form Submit']);
  });

  /**
   * The GC Design System's controls, as their hosts are in a tracked form: each host carries
   * `required` and the collect mark, and the component sets its `value` and `validity` (jsdom
   * has no component; the real ones are in test/e2e/realMarkup.e2e.ts).
   */
  const designForm = `<form data-gc-analytics-formname="${T[lang].name}" novalidate>
  <gcds-input name="email" type="email" required data-gc-analytics-collect></gcds-input>
  <gcds-select name="prov" required data-gc-analytics-collect><option value="">${T[lang].placeholder}</option><option value="on">Ontario</option><option value="qc">Québec</option></gcds-select>
  <gcds-radios name="contact" required data-gc-analytics-collect></gcds-radios>
  <gcds-checkboxes name="agree" data-gc-analytics-collect></gcds-checkboxes>
  <gcds-textarea name="comment" data-gc-analytics-collect></gcds-textarea>
  <gcds-input name="pw" type="password" data-gc-analytics-collect></gcds-input>
  <gcds-button type="submit">Submit</gcds-button>
</form>`;
  /** What each component would hold: its value, and whether the browser finds it left empty. */
  const fillIn = (values: Record<string, unknown>, missing: string[] = []) => {
    for (const host of Array.from(document.querySelectorAll<HTMLElement>('form [name]'))) {
      const name = host.getAttribute('name')!;
      Object.defineProperties(host, {
        value: { value: values[name], configurable: true },
        validity: { value: { valueMissing: missing.includes(name), valid: !missing.includes(name) }, configurable: true },
        type: { value: host.getAttribute('type') ?? undefined, configurable: true },
      });
    }
  };
  const filled = { email: 'jane.doe@example.com', prov: 'qc', contact: 'phone', agree: ['agree', '613-555-0199'], comment: undefined, pw: 'secret' };

  it('Form Submit: design-system controls report their values, scrubbed: an option by its text, a group of checkboxes as "checked" (never its values), nothing typed as ""', () => {
    const run = start(designForm);
    fillIn(filled);
    submit();
    const [beacon, ...rest] = run.links();
    expect(rest).toEqual([]);
    expect(beacon!.params[paramFor('formList')]).toBe(`${REDACTION_MARKER};Québec;phone;checked;`);
    expect(JSON.stringify(beacon)).not.toMatch(/jane|613-555|secret|agree/);
  });

  it("Form Submit: a design-system control whose autocomplete names a person's data is recorded as the marker", () => {
    const run = start(
      designForm.replace('<gcds-textarea', '<gcds-input name="full" autocomplete="name" data-gc-analytics-collect></gcds-input><gcds-textarea'),
    );
    fillIn({ ...filled, full: 'Jean Tremblay' });
    submit();
    expect(run.links()[0]!.params[paramFor('formList')]).toBe(`${REDACTION_MARKER};Québec;phone;checked;${REDACTION_MARKER};`);
    expect(JSON.stringify(run.links())).not.toMatch(/Tremblay/);
  });

  it("Form Submit: the design system's file uploader, which holds its files' names, is recorded as 'checked', never by a name", () => {
    const run = start(designForm.replace('<gcds-textarea', '<gcds-file-uploader name="doc" data-gc-analytics-collect></gcds-file-uploader><gcds-textarea'));
    fillIn({ ...filled, doc: ['Jean Tremblay - T4 2025.pdf'] });
    submit();
    expect(run.links()[0]!.params[paramFor('formList')]).toBe(`${REDACTION_MARKER};Québec;phone;checked;checked;`);
    expect(JSON.stringify(run.links())).not.toMatch(/Tremblay/);
  });

  it('Form Submit: nothing when a visible required design-system control is left empty; sent when that control is hidden', () => {
    const run = start(designForm);
    fillIn({ ...filled, prov: null }, ['prov']);
    submit();
    expect(run.beacons()).toEqual([]);
    $('gcds-select')!.setAttribute('hidden', '');
    submit();
    expect(run.links().map((b) => b.name)).toEqual(['Form Submit']);
    expect(run.links()[0]!.params[paramFor('formList')]).toBe(`${REDACTION_MARKER};;phone;checked;`);
  });

  it('Form Submit: a custom element that tells nothing of its validity or value (not defined yet) counts as filled and empty; a password one is still left out', () => {
    const run = start(designForm);
    submit();
    expect(run.links()[0]!.params[paramFor('formList')]).toBe(';;;;');
  });

  it('Form Submit: nothing for an untracked form or an exempt one', () => {
    const run = start(`${trackedForm(lang).replace('data-gc-analytics-formname', 'data-other')}`);
    submit();
    document.querySelector('main')!.innerHTML = `<div data-analytics-exempt>${trackedForm(lang)}</div>`;
    submit();
    expect(run.beacons()).toEqual([]);
  });

  it('Form Reset: the form name and event 500', () => {
    const run = start(trackedForm(lang));
    click($('button[type=reset]'));
    const beacons = run.links();
    expect(beacons.map((b) => b.name)).toEqual(['Form Reset']);
    expect(beacons[0]!.params[paramFor('formName')]).toBe(T[lang].name);
    expect(beacons[0]!.events).toEqual(['event500']);
  });

  const rapForm = (action: string) => `<section class="pagedetails"><details><summary>Report</summary>
    <form action="${action}" method="post"><fieldset><legend>Select all that apply</legend>
      <label><input type="checkbox" name="p1" value="broken"> ${lang === 'en' ? 'A link is broken' : 'Un lien est brisé'}</label>
      <label><input type="checkbox" name="p2" value="spelling"> ${lang === 'en' ? 'Spelling mistake' : "Faute d'orthographe"}</label>
      <label><input type="checkbox" name="p3" value="other"> Call 613-555-0199</label>
    </fieldset><button type="submit">Submit</button></form></details></section>`;

  it('Report a problem: initiate once per page on the first interaction, then the submit with the checked options', () => {
    const run = start(rapForm(`https://www.canada.ca/${lang === 'en' ? 'en/report-problem.html' : 'fr/signaler-probleme.html'}`));
    click($('[name=p1]'));
    click($('[name=p3]'));
    click($('[name=p2]'));
    click($('[name=p2]'));
    submit();
    const beacons = run.links();
    expect(beacons.map((b) => b.name)).toEqual(['Report a Problem Initiate', 'Report a Problem Submit']);
    const formName = lang === 'en' ? 'Report a problem' : 'Signaler un problème';
    expect(beacons[0]!.params[paramFor('formName')]).toBe(formName);
    expect(beacons[0]!.events).toEqual(['event500']);
    expect(beacons[1]!.params[paramFor('formName')]).toBe(formName);
    expect(beacons[1]!.params[paramFor('formList')]).toBe(`${lang === 'en' ? 'A link is broken' : 'Un lien est brisé'};Call ${REDACTION_MARKER}`);
    expect(beacons[1]!.events).toEqual(['event79', 'event500']);
  });

  it("Report a problem: GCWeb's bilingual data-gc-analytics-rap values are reported English first on both pages", () => {
    // GCWeb (sites/feedback): the page's language first, a hyphen, the other language.
    const value =
      lang === 'en'
        ? "It has a spelling mistake-Il y a une erreur d'orthographe ou de grammaire"
        : "Il y a une erreur d'orthographe ou de grammaire-It has a spelling mistake";
    const run = start(`<section class="pagedetails"><details><summary>Report</summary><div class="gc-rprt-prblm"><div class="gc-rprt-prblm-frm">
      <form id="gc-rprt-prblm-form" class="wb-postback" action="https://www.canada.ca/${lang}/report-problem.html" method="post">
      <div class="checkbox"><label for="problem2"><input type="checkbox" id="problem2" name="problem2" value="Yes" data-gc-analytics-rap="${value}"> ${lang === 'en' ? 'It has a spelling mistake' : "Il y a une erreur d'orthographe ou de grammaire"}</label></div>
      <button type="submit">Submit</button></form></div></div></details></section>`);
    click($('#problem2'));
    submit();
    const sent = run.links().find((b) => b.name === 'Report a Problem Submit')!;
    expect(sent.params[paramFor('formList')]).toBe("It has a spelling mistake-Il y a une erreur d'orthographe ou de grammaire");
  });

  it('Report a problem: the GCWeb wrapper is recognised too, and nothing outside the form counts', () => {
    const run = start(`<p id="outside">Text</p><div class="gc-rprt-prblm"><form action="/x"><input type="checkbox" name="a" checked></form></div>`);
    click($('#outside'));
    expect(run.beacons()).toEqual([]);
    click($('.gc-rprt-prblm form'));
    expect(run.links().map((b) => b.name)).toEqual(['Report a Problem Initiate']);
  });

  it('Chat Initiate: the wizard link, with its label', () => {
    const label = lang === 'en' ? 'Chat with us' : 'Clavardez avec nous';
    const run = start(`<a href="#wb-chtwzrd-container" class="wb-chtwzrd-link bubble">${label}</a>`);
    $('a')!.addEventListener('click', (event) => event.preventDefault());
    click($('.wb-chtwzrd-link'));
    const [beacon] = run.links();
    expect(beacon!.params).toMatchObject({ pev2: 'Chat Initiate', [paramFor('linkText')]: label });
    expect(beacon!.events).toEqual(['event500']);
  });

  it('Keyword consultation: only with a keyword, which is scrubbed', () => {
    const run = start(`<form data-gc-analytics-keyword><input type="search" name="keyword" value="   "><button>Search</button></form>`);
    submit();
    expect(run.beacons()).toEqual([]);
    ($('[name=keyword]') as HTMLInputElement).value = lang === 'en' ? 'housing K1A 0B1' : 'logement K1A 0B1';
    submit();
    const [beacon] = run.links();
    expect(beacon!.params).toMatchObject({
      pev2: 'Keyword Consultation',
      [paramFor('formName')]: lang === 'en' ? 'Keyword consultation' : 'Consultation par mot-clé',
      [paramFor('formList')]: `${lang === 'en' ? 'housing' : 'logement'} ${REDACTION_MARKER}`,
    });
    expect(beacon!.events).toEqual(['event79', 'event500']);
  });
});

describe('forms: the knowledge-test page', () => {
  const quiz = `<form data-gc-analytics-formname="Knowledge test"><fieldset><legend class="required">Question 1</legend>
    <input type="radio" name="q1" value="a"><input type="radio" name="q1" value="b"></fieldset><button>Submit</button></form>`;

  it('skips the required-fieldset check there', () => {
    const run = openPage({ url: `https://www.canada.ca${KNOWLEDGE_TEST_PAGES[0]}`, html: canadaPage('en', { main: quiz }), rules: formsRules });
    submit();
    expect(run.links().map((b) => b.name)).toEqual(['Form Submit']);
  });

  it('but not on another page', () => {
    const run = openPage({ url: 'https://www.canada.ca/en/services/quiz.html', html: canadaPage('en', { main: quiz }), rules: formsRules });
    submit();
    expect(run.beacons()).toEqual([]);
  });

  it('nor does it skip the required-field check', () => {
    const run = openPage({
      url: `https://www.canada.ca${KNOWLEDGE_TEST_PAGES[0]}`,
      html: canadaPage('en', { main: quiz.replace('<button>', '<input name="n" required><button>') }),
      rules: formsRules,
    });
    submit();
    expect(run.beacons()).toEqual([]);
  });
});

describe("collected values: the autocomplete tokens, types, names and ids that name a person's data", () => {
  /** The value one collected input reports, the input named by an attribute (`autocomplete`, `type`). */
  const reported = (attribute: string, name: string, value: string) => {
    document.body.innerHTML = `<form><input ${attribute}="${name}" value="${value}" data-gc-analytics-collect></form>`;
    return collectedValues(document.querySelector('form')!);
  };
  it.each([
    ['name', 'Jean Tremblay'],
    ['given-name', 'Marie-Ève'],
    ['additional-name', 'Anne'],
    ['family-name', 'St-Pierre'],
    ['nickname', 'Mimi'],
    ['username', 'jtremblay'],
    ['one-time-code', '482913'],
    ['street-address', '123 Main'],
    ['address-line1', '45 Elm'],
    ['section-home shipping address-line2', 'Unit 4'],
    ['postal-code', 'K1A 0B1'],
    ['bday', '1985-03-12'],
    ['bday-year', '1985'],
    ['tel', '555 0199'],
    ['work tel-national', '5550199'],
    ['EMAIL', 'jdoe at gmail'],
    ['home email', 'jdoe at gmail'],
    ['impp', 'xmpp:jdoe'],
    ['cc-name', 'J TREMBLAY'],
    ['cc-given-name', 'Jean'],
    ['cc-number', '4111'],
    ['cc-exp-month', '12'],
    ['cc-csc', '123'],
  ])('%s: the marker', (token, value) => {
    expect(reported('autocomplete', token, value)).toBe(REDACTION_MARKER);
  });
  it.each([
    ['address-level2', 'Gatineau'],
    ['address-level1', 'QC'],
    ['country-name', 'Canada'],
    ['country', 'CA'],
    ['organization', 'Service Canada'],
    ['organization-title', 'Clerk'],
    ['language', 'fr'],
    ['cc-type', 'Visa'],
    ['on', 'Maple'],
    ['off', 'Maple'],
    ['', 'Maple'],
  ])('%s: its value', (token, value) => {
    expect(reported('autocomplete', token, value)).toBe(value);
  });

  // A field's name or id says as much, as WET's stepsform and wb-postback templates name theirs.
  it.each([
    ['name', 'firstname', 'Jean'],
    ['name', 'lastname', 'Tremblay'],
    ['id', 'firstname1', 'Jean'],
    ['name', 'first_name', 'Jean'],
    ['name', 'applicant-last-name', 'Tremblay'],
    ['name', 'fullName', 'Jean Tremblay'],
    ['name', 'surname', 'Okafor'],
    ['name', 'nomComplet', 'Jean Tremblay'],
    ['name', 'prenom', 'Marie-Ève'],
    ['name', 'prénom', 'Marie-Ève'],
    ['name', 'nom_de_famille', 'St-Pierre'],
    ['name', 'nom', 'Côté'],
    ['name', 'name', 'Jean Tremblay'],
    ['name', 'fname', 'Jean'],
    ['name', 'username', 'jtremblay'],
    ['name', 'dateOfBirth', '1985-03-12'],
    ['name', 'date_naissance', '1985-03-12'],
    ['name', 'dob', '1985-03-12'],
    ['name', 'contact[email]', 'jdoe at gmail'],
    ['name', 'courriel', 'jdoe at gmail'],
    ['name', 'homePhone', '555-0199'],
    ['name', 'telephone', '555-0199'],
    ['name', 'téléphone', '555-0199'],
    ['name', 'street_address', '123 Maple'],
    ['name', 'adresse', '12 des Érables'],
    ['name', 'postalCode', 'K1A 0B1'],
    ['name', 'ctl00$MainContent$BeneficiaryName', 'Jean Tremblay'],
    ['id', 'MainContent_BeneficiaryName', 'Jean Tremblay'],
    ['name', 'contact_name', 'Jean Tremblay'],
    ['name', 'spouseName', 'Jean Tremblay'],
    ['name', 'maiden-name', 'Roy'],
    ['name', 'nom_du_demandeur', 'Jean Tremblay'],
    ['name', 'prenomDuDemandeur', 'Jean'],
    ['name', "nom-de-l'enfant", 'Léa'],
    ['name', 'nomDeLaPersonne', 'Léa Roy'],
    ['name', 'tel1', '555-0199'],
  ])('%s %s: the marker', (attribute, name, value) => {
    expect(reported(attribute, name, value)).toBe(REDACTION_MARKER);
  });
  it.each([
    ['name', 'programName', 'Canada Child Benefit'],
    ['name', 'filename', 'report.pdf'],
    ['name', 'companyName', 'Service Canada'],
    ['name', 'province', 'Quebec'],
    ['name', 'weeks', '12'],
    ['name', 'renom', 'Maple'],
    ['name', 'hotel', 'Maple'],
    ['name', 'hotel1', 'Maple'],
    ['name', 'telework', 'yes'],
    ['name', 'contactMethod', 'Maple'],
    ['name', 'nomDuProgramme', 'Maple'],
    ['name', 'travelDate', '2025-07-01'],
    ['id', 'comments', 'Maple'],
  ])('%s %s: its value', (attribute, name, value) => {
    expect(reported(attribute, name, value)).toBe(value);
  });

  // A field's type says as much: `555-0199` alone, a local number, reads as any number in text.
  it.each([
    ['tel', '555-0199', REDACTION_MARKER],
    ['TEL', '555-0199', REDACTION_MARKER],
    ['email', 'jdoe at gmail', REDACTION_MARKER],
    ['text', '555-0199', '555-0199'],
    ['number', '12', '12'],
    ['search', 'parental leave', 'parental leave'],
  ])('type %s: %s as %s', (type, value, expected) => {
    expect(reported('type', type, value)).toBe(expected);
  });
});
