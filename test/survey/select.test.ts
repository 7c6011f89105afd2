import { describe, expect, it } from 'vitest';
import { chanceOf, drawScope, ineligibility, matchesPage, pageAllowed, selectSurvey, weightedPick } from '../../src/survey/select';
import type { SurveyRecord, SurveyScope } from '../../src/survey/types';
import { englishEiPage, frenchEiPage, NOW, realisticDefinition, seeded } from './helpers';

const definition = realisticDefinition();
const survey = (id: string): SurveyRecord => {
  const found = definition.surveys.find((s) => s.id === id);
  if (!found) throw new Error(id);
  return found;
};
const fixed = (value: number) => () => value;

describe('weightedPick', () => {
  it('never picks an item of weight zero, negative or NaN', () => {
    const items = ['zero', 'one', 'negative', 'nan'];
    const weights: Record<string, number> = { zero: 0, one: 1, negative: -5, nan: NaN };
    const random = seeded(1);
    for (let i = 0; i < 2000; i++) expect(weightedPick(items, (x) => weights[x]!, random)).toBe('one');
  });

  it('follows the weights over many seeded draws', () => {
    const counts = { a: 0, b: 0, c: 0 };
    const random = seeded(42);
    const runs = 20000;
    for (let i = 0; i < runs; i++) counts[weightedPick(['a', 'b', 'c'] as const, (x) => ({ a: 1, b: 2, c: 7 })[x], random)!]++;
    expect(counts.a / runs).toBeCloseTo(0.1, 1);
    expect(counts.b / runs).toBeCloseTo(0.2, 1);
    expect(counts.c / runs).toBeCloseTo(0.7, 1);
  });

  it('treats weights as probabilities out of 1 when asked: the draw may pick nothing', () => {
    const random = seeded(7);
    let picked = 0;
    const runs = 20000;
    for (let i = 0; i < runs; i++) if (weightedPick(['x'], () => 0.25, random, 1)) picked++;
    expect(picked / runs).toBeCloseTo(0.25, 1);
    expect(weightedPick(['x'], () => 0.25, fixed(0.3), 1)).toBeUndefined();
    expect(weightedPick(['x'], () => 0.25, fixed(0.2), 1)).toBe('x');
  });

  it('normalises probabilities that add up to more than 1', () => {
    expect(weightedPick(['a', 'b'], () => 0.8, fixed(0.99), 1)).toBe('b');
  });
});

describe('drawScope', () => {
  it('draws scopes in proportion to the Site, Page, Institution and Theme weights', () => {
    const counts: Record<SurveyScope, number> = { 'Entire site': 0, Theme: 0, Institution: 0, Page: 0 };
    const random = seeded(3);
    const runs = 20000;
    for (let i = 0; i < runs; i++) counts[drawScope(definition.settings.weights, random)!]++;
    expect(counts['Entire site'] / runs).toBeCloseTo(0.1, 1);
    expect(counts.Page / runs).toBeCloseTo(0.4, 1);
    expect(counts.Institution / runs).toBeCloseTo(0.3, 1);
    expect(counts.Theme / runs).toBeCloseTo(0.2, 1);
  });

  it('draws nothing when no scope has a weight, and never a zero-weight scope', () => {
    expect(drawScope({ 'Entire site': 0, Theme: 0, Institution: 0, Page: 0 }, Math.random)).toBeUndefined();
    const random = seeded(9);
    for (let i = 0; i < 1000; i++) expect(drawScope({ 'Entire site': 0, Theme: 1, Institution: 0, Page: 0 }, random)).toBe('Theme');
  });
});

describe('ineligibility', () => {
  it.each([
    ['a survey in its window', '403', englishEiPage, ''],
    ['an ended survey', '405', englishEiPage, 'ended'],
    ['a survey not started yet', '410', englishEiPage, 'not started'],
    [
      'an avoided browser',
      '401',
      { ...englishEiPage, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' },
      'browser avoided (Trident)',
    ],
    ['a mobile survey on a desktop', '402', englishEiPage, 'for Mobile only'],
    ['a desktop survey on a phone', '404', { ...englishEiPage, device: 'Mobile' as const }, 'for Desktop only'],
    ['a French-browser survey in an English browser', '406', englishEiPage, 'browser language en-CA does not match ^fr'],
    ['a French-browser survey in a French browser', '406', frenchEiPage, ''],
  ])('%s', (_, id, facts, expected) => {
    expect(ineligibility(survey(id), facts, NOW)).toBe(expected);
  });

  it('ignores the start date for QA (im_nodatecheck) but never the end date', () => {
    expect(ineligibility(survey('410'), englishEiPage, NOW, { ignoreStartDate: true })).toBe('');
    expect(ineligibility(survey('405'), englishEiPage, NOW, { ignoreStartDate: true })).toBe('ended');
  });

  it('treats a broken or oversized language pattern as matching nothing', () => {
    expect(ineligibility({ ...survey('406'), targetLanguage: '([' }, frenchEiPage, NOW)).toMatch(/does not match/);
    expect(ineligibility({ ...survey('406'), targetLanguage: `${'a'.repeat(101)}|fr` }, frenchEiPage, NOW)).toMatch(/does not match/);
  });
});

describe('matchesPage', () => {
  it.each([
    ['Entire site: site pattern in host and path, any case', '401', { ...englishEiPage, hostAndPath: 'WWW.Canada.ca/en/x.html' }, true],
    ['Entire site: another site', '401', { ...englishEiPage, hostAndPath: 'example.com/en/' }, false],
    ['Theme: English theme', '403', englishEiPage, true],
    ['Theme: French theme', '403', frenchEiPage, true],
    ['Theme: case-insensitive but exact', '403', { ...englishEiPage, theme: 'Benefits' }, true],
    ['Theme: no partial match', '403', { ...englishEiPage, theme: 'benefits-extra' }, false],
    ['Institution: creator starts with it (EN)', '406', englishEiPage, true],
    ['Institution: creator starts with it (FR)', '406', frenchEiPage, true],
    ['Institution: only at the start', '406', { ...englishEiPage, creator: 'Service Canada;Employment and Social Development Canada' }, false],
    ['Page: URL contains it (EN)', '409', englishEiPage, true],
    ['Page: URL contains it (FR)', '409', frenchEiPage, true],
    ['Page: another page', '408', englishEiPage, false],
  ])('%s', (_, id, facts, expected) => {
    expect(matchesPage(survey(id), facts)).toBe(expected);
  });
});

describe('pageAllowed', () => {
  it('needs the allowlist and refuses the blocklist', () => {
    expect(pageAllowed(definition, englishEiPage)).toBe(true);
    expect(pageAllowed(definition, { ...englishEiPage, hostAndPath: 'example.com/en/services/benefits/ei.html' })).toBe(false);
    expect(pageAllowed(definition, { ...englishEiPage, hostAndPath: 'www.canada.ca/en/revenue-agency/services/e-services/x.html' })).toBe(false);
  });
});

describe('chanceOf', () => {
  it('divides a site-wide probability by the Site share of the scope draw', () => {
    // Site is 10 of 100: a 2 % site-wide survey needs 20 % within site-scope visits.
    expect(chanceOf(survey('401'), definition.settings.weights)).toBeCloseTo(0.2);
    expect(chanceOf(survey('403'), definition.settings.weights)).toBe(0.1);
    expect(chanceOf(survey('401'), { ...definition.settings.weights, 'Entire site': 0 })).toBe(0);
  });
});

describe('selectSurvey', () => {
  it('keeps only surveys of the visit scope that are active, eligible and about this page, and says why', () => {
    const decision = selectSurvey(definition, 'Page', englishEiPage, NOW, fixed(0));
    expect(decision.considered).toEqual(['409', '412']);
    expect(decision.survey?.id).toBe('409');
    const reason = (id: string) => decision.reasons.find((r) => r.startsWith(`${id} `));
    expect(reason('409')).toMatch(/kept$/);
    expect(reason('410')).toMatch(/not started/);
    expect(reason('411')).toMatch(/not in qry_active_surveys/);
    expect(reason('412')).toMatch(/kept$/);
    expect(reason('403')).toMatch(/scope Theme, visit scope Page/);
    expect(decision.reasons.at(-1)).toBe('drew 409');
  });

  it('never draws the zero-probability survey, even when it is the only one left', () => {
    const only412 = { ...definition, surveys: definition.surveys.filter((s) => s.id === '412') };
    const random = seeded(11);
    for (let i = 0; i < 500; i++) expect(selectSurvey(only412, 'Page', englishEiPage, NOW, random).survey).toBeUndefined();
  });

  it('offers a survey at its probability over many seeded page views', () => {
    const random = seeded(5);
    let shown = 0;
    const runs = 20000;
    for (let i = 0; i < runs; i++) if (selectSurvey(definition, 'Page', englishEiPage, NOW, random).survey) shown++;
    expect(shown / runs).toBeCloseTo(0.3, 1);
  });

  it('refuses a page off the allowlist before looking at surveys', () => {
    const decision = selectSurvey(definition, 'Page', { ...englishEiPage, hostAndPath: 'example.com/en/services/benefits/ei.html' }, NOW, fixed(0));
    expect(decision).toEqual({ considered: [], reasons: ['page is not on the survey allowlist, or is on its blocklist'] });
  });

  it('forces a survey for QA whatever the scope, page and odds (im_surveyid)', () => {
    const decision = selectSurvey(definition, 'Theme', { ...englishEiPage, hostAndPath: 'example.com/' }, NOW, fixed(0.99), { surveyId: '408' });
    expect(decision.survey?.id).toBe('408');
    expect(selectSurvey(definition, 'Theme', englishEiPage, NOW, fixed(0), { surveyId: 'nope' }).survey).toBeUndefined();
  });
});

describe('matchesPage: Theme compares theme and language (SV-4)', () => {
  const themeSurvey = (targets: string[], targetLanguages?: Array<'en' | 'fr' | ''>): SurveyRecord => ({
    ...survey('403'),
    type: 'Theme',
    targets,
    ...(targetLanguages ? { targetLanguages } : {}),
  });
  const sciencePage = (language: 'en' | 'fr') => ({
    ...englishEiPage,
    hostAndPath: `www.canada.ca/${language}/services/science/x.html`,
    theme: 'science',
    language,
  });

  it('a theme spelt the same in both languages matches only the language its table names', () => {
    const frenchScience = themeSurvey(['science'], ['fr']);
    expect(matchesPage(frenchScience, sciencePage('fr'))).toBe(true);
    expect(matchesPage(frenchScience, sciencePage('en'))).toBe(false);
  });

  it('a theme whose table names no language matches the theme in either language', () => {
    expect(matchesPage(themeSurvey(['science'], ['']), sciencePage('en'))).toBe(true);
    expect(matchesPage(themeSurvey(['science']), sciencePage('fr'))).toBe(true);
  });

  it('the theme must still match, case-insensitively', () => {
    expect(matchesPage(themeSurvey(['Science'], ['en']), sciencePage('en'))).toBe(true);
    expect(matchesPage(themeSurvey(['culture'], ['en']), sciencePage('en'))).toBe(false);
  });
});
