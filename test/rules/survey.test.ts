import { afterEach, describe, expect, it, vi } from 'vitest';
import { SURVEY_KEYS, SURVEY_START_PAGES, SURVEY_THANK_YOU_PAGES, surveyRules } from '../../src/rules/survey';
import { canadaPage, closeBrowser, LANGUAGES, leavePage, openPage, paramFor, type Lang } from './beaconHarness';

const ORIGIN = 'https://www.canada.ca';
const START = { en: SURVEY_START_PAGES[0]!, fr: SURVEY_START_PAGES[1]! };
const THANKS = { en: SURVEY_THANK_YOU_PAGES[0]!, fr: SURVEY_THANK_YOU_PAGES[1]! };
const T0 = new Date('2025-09-17T14:00:00Z').getTime();

afterEach(() => vi.useRealTimers());

/** What the survey pages keep in session storage (SV-9). */
function answer(lang: Lang) {
  const set = (key: string, value: string) => sessionStorage.setItem(key, value);
  set('tss-task-en', 'Apply for a passport');
  set('tss-task-fr', 'Demander un passeport');
  set('tss-q1-en', 'Yes');
  set('tss-q1-fr', 'Oui');
  set('tss-q3-en', 'Easy');
  set('tss-q3-fr', 'Facile');
  set(SURVEY_KEYS.source, lang === 'en' ? 'gc-tss' : 'gc-tss-fr');
}

describe.each(LANGUAGES)('survey (%s)', (lang: Lang) => {
  const open = (path: string) => openPage({ url: `${ORIGIN}${path}`, html: canadaPage(lang, { main: '' }), rules: surveyRules });

  it('the start page stores the start time at page bottom; the thank-you page sends events 104 (seconds) and 110 with the task and answers, once', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = open(START[lang]);
    expect(sessionStorage.getItem(SURVEY_KEYS.start)).toBe(String(T0));
    expect(first.beacons()).toEqual([]);
    leavePage();
    answer(lang);
    vi.setSystemTime(T0 + 154_400);
    const thanks = open(THANKS[lang]);
    const [beacon, ...rest] = thanks.links();
    expect(rest).toEqual([]);
    expect(beacon!.params).toMatchObject({
      pe: 'lnk_o',
      pev2: 'Survey Complete',
      [paramFor('surveyTaskEn')]: 'Apply for a passport;;Yes;;Easy;;N/A;N/A',
      [paramFor('surveyTaskFr')]: 'Demander un passeport;;Oui;;Facile;;S/O;S/O',
      [paramFor('exitSurvey')]: lang === 'en' ? 'gc-tss' : 'gc-tss-fr',
    });
    expect(beacon!.events).toEqual(['event104=154', 'event110']);
    expect(sessionStorage.getItem(SURVEY_KEYS.submitted)).toBe('true');
    // A reload of the thank-you page (the flag is set) sends nothing more.
    leavePage();
    expect(open(THANKS[lang]).beacons()).toEqual([]);
  });

  it('time to complete alone when there are no answers; the completion alone when there is no start time', () => {
    sessionStorage.setItem(SURVEY_KEYS.start, String(Date.now() - 30_000));
    expect(open(THANKS[lang]).links()[0]!.events).toEqual(['event104=30']);
    closeBrowser();
    answer(lang);
    const run = open(THANKS[lang]);
    expect(run.links()[0]!.events).toEqual(['event110']);
  });

  it('nothing on the thank-you page with neither a start time nor answers, and the flag is left unset', () => {
    expect(open(THANKS[lang]).beacons()).toEqual([]);
    expect(sessionStorage.getItem(SURVEY_KEYS.submitted)).toBeNull();
  });

  it.each([
    ['a start time in the future', () => sessionStorage.setItem(SURVEY_KEYS.start, String(Date.now() + 60_000))],
    ['a start time that is not a number', () => sessionStorage.setItem(SURVEY_KEYS.start, 'yesterday')],
  ])('no event 104 with %s', (_, setup) => {
    setup();
    expect(open(THANKS[lang]).beacons()).toEqual([]);
  });

  it('other pages neither store a start time nor send anything', () => {
    sessionStorage.setItem(SURVEY_KEYS.start, String(Date.now() - 5000));
    answer(lang);
    const run = open(lang === 'en' ? '/en/surveys.html' : '/fr/sondages/merci-beaucoup.html');
    expect(run.beacons()).toEqual([]);
    closeBrowser();
    open(lang === 'en' ? '/en/surveys/other.html' : '/fr/sondages/autre.html');
    expect(sessionStorage.getItem(SURVEY_KEYS.start)).toBeNull();
  });
});
