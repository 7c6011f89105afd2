import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, normalise, parseSurveyFile } from '../../src/survey/parse';
import { fixture, sharedSample } from './helpers';

describe('parseSurveyFile', () => {
  it('reads the shared sample: settings, one survey of each scope, the active list', () => {
    const { definition, problems } = parseSurveyFile(sharedSample());
    expect(problems).toEqual([]);
    expect(definition?.settings).toEqual({
      weights: { 'Entire site': 10, Page: 40, Institution: 30, Theme: 20 },
      persistentDays: 15,
      urlAllowlist: ['www.canada.ca'],
      urlBlocklist: ['/en/revenue-agency/services/e-services/', '/fr/agence-revenu/services/services-electroniques/'],
    });
    expect(definition?.surveys.map((s) => [s.id, s.type, s.targets])).toEqual([
      ['301', 'Entire site', ['www.canada.ca/']],
      ['302', 'Theme', ['immigration-citizenship']],
      ['303', 'Institution', ['Employment and Social Development Canada', 'Emploi et Développement social Canada']],
      [
        '304',
        'Page',
        ['/en/immigration-refugees-citizenship/services/canadian-passports.html', '/fr/immigration-refugies-citoyennete/services/passeports-canadiens.html'],
      ],
    ]);
    expect(definition?.activeIds).toEqual(['301', '302', '303', '304']);
    const tss = definition!.surveys[0]!;
    expect(tss.start).toBe(new Date(2025, 0, 1, 0, 0, 0).getTime());
    expect(tss.probability).toBe(0.02);
    expect(tss.avoidBrowsers).toEqual(['MSIE']);
    expect(tss.text.fr).toEqual({
      title: 'Aidez-nous à améliorer Canada.ca',
      body: 'Pourriez-vous prendre quelques minutes pour nous parler de votre visite?',
      link: 'https://www.canada.ca/fr/sondages/raison-visite-categorie.html',
      yes: 'Oui, répondre au sondage',
      no: 'Non merci',
      close: 'Fermer',
    });
    expect(definition!.surveys[1]!.targetDevice).toBe('Desktop');
    expect(definition!.surveys[2]!.targetLanguage).toBe('^fr');
    expect(definition!.surveys[1]!.text.fr.title).toBe("Parlez-nous des services d'immigration");
  });

  it('reads a realistic bilingual file with several surveys of each scope', () => {
    const { definition, problems } = parseSurveyFile(fixture('im-realistic.xml'));
    expect(problems).toEqual([]);
    const byType = (type: string) => definition!.surveys.filter((s) => s.type === type).length;
    expect([byType('Entire site'), byType('Theme'), byType('Institution'), byType('Page')]).toEqual([2, 3, 2, 5]);
    expect(definition!.activeIds).not.toContain('411');
  });

  it('decodes XML entities and \\u escapes and drops carriage returns', () => {
    const file = sharedSample().replace(
      '<title-en>Help us improve Canada.ca</title-en>',
      '<title-en>Help &amp; improve\r\n Canada\\u002eca \\u00e9</title-en>',
    );
    expect(parseSurveyFile(file).definition!.surveys[0]!.text.en.title).toBe('Help & improve\n Canada.ca é');
    expect(normalise('a\r\nb\\u0041')).toBe('a\nb&#x41;');
  });

  it('decodes numeric character references (decimal, hex, beyond the BMP) and &nbsp;, and keeps &amp;#233; as written', () => {
    const file = sharedSample().replace(
      '<title-fr>Aidez-nous à améliorer Canada.ca</title-fr>',
      '<title-fr>Am&#233;liorer&#xA0;Canada.ca &#x1F600;&nbsp;&#201;t&#xE9; &amp;#233;</title-fr>',
    );
    expect(parseSurveyFile(file).definition!.surveys[0]!.text.fr.title).toBe('Améliorer\u00a0Canada.ca 😀\u00a0Été &#233;');
  });

  it("decodes HTML's named references the authors write (French letters, quotes, dashes); an unknown name stays as written", () => {
    const file = sharedSample().replace(
      '<title-fr>Aidez-nous à améliorer Canada.ca</title-fr>',
      '<title-fr>&Eacute;t&eacute; &laquo;&nbsp;l&rsquo;&ecirc;tre&nbsp;&raquo; &ndash; &foo; &amp;eacute;</title-fr>',
    );
    expect(parseSurveyFile(file).definition!.surveys[0]!.text.fr.title).toBe('Été «\u00a0l’être\u00a0» – &foo; &eacute;');
  });

  it('reads a file with a document type as if it had none: its entities are not defined', () => {
    const file = sharedSample().replace('<root>', '<!DOCTYPE root [<!ENTITY who "Canada.ca">]><root>').replace('Help us improve Canada.ca', 'Help &who;');
    expect(parseSurveyFile(file).definition!.surveys[0]!.text.en.title).toBe('Help &who;');
  });

  it('no \\u escape can change the structure: an escaped & or < is text, and one bad escape does not drop every survey', () => {
    const file = sharedSample().replace(
      '<title-en>Help us improve Canada.ca</title-en>',
      '<title-en>Q\\u0026A \\u003cb\\u003ebold\\u003c/b\\u003e \\u003c/title-en\\u003e \\ud83d\\ude00 \\ud83d alone</title-en>',
    );
    const { definition } = parseSurveyFile(file);
    expect(definition!.surveys).toHaveLength(parseSurveyFile(sharedSample()).definition!.surveys.length);
    expect(definition!.surveys[0]!.text.en.title).toBe('Q&A <b>bold</b> </title-en> 😀 \ufffd alone');
  });

  it('reads each theme table with the language it names (en/fr, eng/fra), or none', () => {
    const file = sharedSample().replace(
      '<tbl_survey_themes><theme>immigration-citizenship</theme></tbl_survey_themes>',
      '<tbl_survey_themes><theme>science</theme><theme>culture</theme><language>fra</language></tbl_survey_themes>' +
        '<tbl_survey_themes><theme>science</theme><language>en</language></tbl_survey_themes>' +
        '<tbl_survey_themes><theme>immigration-citizenship</theme></tbl_survey_themes>',
    );
    const theme = parseSurveyFile(file).definition!.surveys.find((s) => s.type === 'Theme')!;
    expect(theme.targets).toEqual(['science', 'culture', 'science', 'immigration-citizenship']);
    expect(theme.targetLanguages).toEqual(['fr', 'fr', 'en', '']);
  });

  it('drops control characters a reference or an escape would put in the pop-up', () => {
    const file = sharedSample().replace('<title-en>Help us improve Canada.ca</title-en>', '<title-en>Help&#x7;\\u0001 us\\u001b</title-en>');
    expect(parseSurveyFile(file).definition!.surveys[0]!.text.en.title).toBe('Help us');
  });

  it.each([
    ['empty', ''],
    ['not XML', 'this is not xml'],
    ['truncated', sharedSample().slice(0, 1200)],
    ['without a root', '<settings><Site>1</Site></settings>'],
  ])('gives a conversion error and no definition for a %s file', (_, file) => {
    const { definition, problems } = parseSurveyFile(file);
    expect(definition).toBeUndefined();
    expect(problems[0]).toMatch(/^conversion error/);
  });

  it('does not expand an entity bomb (billion laughs): small result, quickly', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY l0 "lol">${levels}]><root><settings><Site>&l9;</Site></settings><qry_active_surveys><id>&l9;</id></qry_active_surveys></root>`;
    const result = parseSurveyFile(bomb);
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it(`refuses a file over ${MAX_FILE_BYTES} characters without reading it`, () => {
    const { definition, problems } = parseSurveyFile(`<root>${' '.repeat(MAX_FILE_BYTES)}</root>`);
    expect(definition).toBeUndefined();
    expect(problems[0]).toMatch(/over the .* cap/);
  });

  it('skips a survey with a bad field and keeps the others, saying why', () => {
    const file = sharedSample()
      .replace('<probability>0.02</probability>', '<probability>lots</probability>')
      .replace('<type>Theme</type>', '<type>Galaxy</type>')
      .replace('<uniqueTitle>esdc-inst</uniqueTitle>', '<uniqueTitle>esdc-inst</uniqueTitle><colour>blue</colour>');
    const { definition, problems } = parseSurveyFile(file);
    expect(definition!.surveys.map((s) => s.id)).toEqual(['303', '304']);
    expect(problems).toEqual([
      'survey 301 skipped: bad or missing probability (got "lots")',
      'survey 302 skipped: bad or missing type (got "Galaxy")',
      'survey 303: unknown fields ignored (colour)',
    ]);
  });

  it('tolerates missing settings and lists with log lines and safe defaults', () => {
    const { definition, problems } = parseSurveyFile('<root><qry_active_surveys><id>1</id></qry_active_surveys></root>');
    expect(definition!.settings.weights).toEqual({ 'Entire site': 0, Theme: 0, Institution: 0, Page: 0 });
    expect(definition!.settings.persistentDays).toBe(15);
    expect(problems).toContain('settings missing: no scope weights, every scope weighs 0');
  });
});
