import { describe, expect, it } from 'vitest';
import { DATA_LAYER_PUSHES, dataLayerRules } from '../../src/rules/dataLayer';
import { canadaPage, closeBrowser, LANGUAGES, openPage, paramFor, type Lang } from './beaconHarness';

const URL = { en: 'https://www.canada.ca/en/services/taxes.html', fr: 'https://www.canada.ca/fr/services/impots.html' };
const SPA = { en: 'https://ircc-tracker-suivi.apps.cic.gc.ca/en/dashboard', fr: 'https://ircc-tracker-suivi.apps.cic.gc.ca/fr/tableau-de-bord' };
const T = {
  en: {
    text: 'Apply online',
    title: 'Eligibility',
    filter: 'ontario',
    form: 'ESDC|EI|Apply',
    list: 'ontario;checked',
    url: 'https://www.canada.ca/content/dam/cra-arc/formspubs/pub/t4012-24e.pdf',
  },
  fr: {
    text: 'Présenter une demande en ligne',
    title: 'Admissibilité',
    filter: 'québec',
    form: 'EDSC|AE|Demande',
    list: 'québec;checked',
    url: 'https://www.canada.ca/content/dam/cra-arc/formspubs/pub/t4012-24f.pdf',
  },
};

describe.each(LANGUAGES)('data-layer events (%s)', (lang: Lang) => {
  const t = T[lang];
  const item = (event: string) => ({
    event,
    userEvent: { text: t.text, url: t.url, title: t.title, position: 2, fileType: 'pdf', filter: t.filter },
    form: { name: t.form, list: t.list },
  });
  const start = (url = URL[lang], dataLayer?: unknown[]) => openPage({ url, html: canadaPage(lang, { main: '' }), rules: dataLayerRules, dataLayer });

  it.each(DATA_LAYER_PUSHES.map((row) => [row[0], row] as const))('%s → its beacon, with the pushed values', (event, [, type, name, events, click]) => {
    const run = start();
    run.push(item(event));
    const [beacon, ...rest] = run.links();
    expect(rest).toEqual([]);
    expect(beacon!.params).toMatchObject({
      pe: `lnk_${type}`,
      pev2: type === 'd' ? `${name} - ${t.url}` : name,
      pev1: t.url,
      [paramFor('linkText')]: t.text,
      [paramFor('linkUrl')]: t.url,
      [paramFor('interactionTitle')]: t.title,
      [paramFor('linkPosition')]: '2',
      [paramFor('fileType')]: 'pdf',
      [paramFor('filterText')]: t.filter,
      [paramFor('formName')]: t.form,
      [paramFor('formList')]: t.list,
    });
    expect(beacon!.events).toEqual([...events.map((e) => `event${e}`), ...(click ? ['event500'] : [])]);
  });

  it('only the values pushed are carried; the page address stands in for a missing link URL', () => {
    const run = start();
    run.push({ event: 'expand', userEvent: { title: t.title, text: { not: 'text' } } });
    const [beacon] = run.links();
    expect(beacon!.params.pev1).toBe(URL[lang]);
    expect(beacon!.params[paramFor('interactionTitle')]).toBe(t.title);
    expect(beacon!.params[paramFor('linkText')]).toBeUndefined();
  });

  it('customTracking and the CUSTOM_TRACK direct call are named by link.customCall', () => {
    const run = start();
    run.push({ event: 'customTracking', link: { customCall: `${t.title} calculator` }, userEvent: { text: t.text } });
    run.satellite.track('CUSTOM_TRACK', { link: { customCall: `${t.title} widget` } });
    run.satellite.track('CUSTOM_TRACK');
    expect(run.links().map((b) => b.name)).toEqual([`${t.title} calculator`, `${t.title} widget`, 'Custom Tracking']);
    expect(run.links()[0]!.params[paramFor('linkText')]).toBe(t.text);
  });

  it('items pushed before the tag loaded are handled too', () => {
    const run = start(URL[lang], [item('navMenu')]);
    expect(run.links().map((b) => b.name)).toEqual(['Navigation Menu Initiate']);
  });

  it('search, searchResult and error belong to other files; unknown events send nothing', () => {
    const run = start();
    for (const event of ['search', 'searchResult', 'error', 'isSPA', 'somethingElse']) run.push(item(event));
    run.push({ userEvent: { text: 'no event' } });
    expect(run.beacons()).toEqual([]);
  });

  it('CUSTOM_PAGE_LOAD sends a page view (events 9 and 11, page values)', () => {
    const run = start();
    run.satellite.track('CUSTOM_PAGE_LOAD');
    const [view] = run.beacons();
    expect(view!.params.pe).toBeUndefined();
    expect(view!.params.g).toBe(URL[lang]);
    expect(view!.params.pageName).toBe(lang === 'en' ? 'Test page' : "Page d'essai");
    expect(view!.events).toEqual(['event9', 'event11']);
  });

  it('a pageLoad push is a page view on a single-page app only', () => {
    const site = start();
    site.push({ event: 'pageLoad', page: { title: 'x' } });
    expect(site.beacons()).toEqual([]);
    closeBrowser();
    const app = start(SPA[lang]);
    app.push({ event: 'pageLoad' });
    const [view] = app.beacons();
    expect(view!.params.pe).toBeUndefined();
    expect(view!.params.g).toBe(SPA[lang]);
    expect(view!.events).toEqual(['event9', 'event11']);
  });
});
