import { describe, expect, it } from 'vitest';
import { errorsRules } from '../../src/rules/errors';
import { canadaPage, LANGUAGES, openPage, paramFor, type Lang } from './beaconHarness';

const URL = { en: 'https://www.canada.ca/en/services/benefits/apply.html', fr: 'https://www.canada.ca/fr/services/prestations/demande.html' };
const NAME = { en: 'Required field missing', fr: 'Champ obligatoire manquant' };

describe.each(LANGUAGES)('errors (%s)', (lang: Lang) => {
  const start = (dataLayer?: unknown[]) => openPage({ url: URL[lang], html: canadaPage(lang, { main: '' }), rules: errorsRules, dataLayer });

  it('an error push sends Error Event with the error type and event 100', () => {
    const run = start();
    run.push({ event: 'error', error: { name: `  ${NAME[lang]} ` } });
    const [beacon, ...rest] = run.links();
    expect(rest).toEqual([]);
    expect(beacon!.params).toMatchObject({ pe: 'lnk_o', pev2: 'Error Event', [paramFor('errorType')]: NAME[lang], g: URL[lang] });
    expect(beacon!.events).toEqual(['event100']);
  });

  it('one beacon per error, including errors pushed before the tag loaded', () => {
    const run = start([{ event: 'error', error: { name: NAME[lang] } }]);
    run.push({ event: 'error', error: { name: 'Timeout' } });
    expect(run.links().map((b) => b.params[paramFor('errorType')])).toEqual([NAME[lang], 'Timeout']);
  });

  it.each([
    ['no error object', { event: 'error' }],
    ['a blank name', { event: 'error', error: { name: ' ' } }],
    ['a name that is not text', { event: 'error', error: { name: 404 } }],
    ['another event', { event: 'customclick', error: { name: NAME[lang] } }],
  ])('nothing for %s', (_, item) => {
    const run = start();
    run.push(item);
    expect(run.beacons()).toEqual([]);
  });
});
