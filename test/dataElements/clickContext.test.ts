import { cookies } from '../../src/engine/cookies';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_CONTEXT_COOKIE, clearClickContext, saveClickContext } from '../../src/dataElements/clickContext';
import { REDACTION_MARKER } from '../../src/privacy/redact';
import { openPage, readAll, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const CLICK_NAMES = ['clickUrl', 'clickText', 'clickSourceUrl', 'clickSourcePage'] as const;

describe('click context', () => {
  it('is blank when nothing was clicked', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(readAll(CLICK_NAMES)).toEqual({ clickUrl: '', clickText: '', clickSourceUrl: '', clickSourcePage: '' });
  });

  it.each([
    {
      lang: 'English',
      fixture: 'en-services-page.html',
      url: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html?q=ei&utm_medium=email#top',
      link: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/apply.html',
      text: '  Apply   for EI ',
      expected: {
        clickUrl: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/apply.html',
        clickText: 'Apply for EI',
        clickSourceUrl: 'https://www.canada.ca/en/services/benefits/ei/ei-regular-benefit/eligibility.html?utm_medium=email',
        clickSourcePage: 'EI regular benefits: Eligibility',
      },
    },
    {
      lang: 'French',
      fixture: 'fr-services-page.html',
      url: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
      link: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/demande.html',
      text: 'Présenter une demande',
      expected: {
        clickUrl: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/demande.html',
        clickText: 'Présenter une demande',
        clickSourceUrl: 'https://www.canada.ca/fr/services/prestations/ae/assurance-emploi-reguliere/admissibilite.html',
        clickSourcePage: 'Prestations régulières d’assurance-emploi : Admissibilité',
      },
    },
  ])('saved on a click on a $lang page, read on the next page', ({ fixture, url, link, text, expected }) => {
    openPage({ fixture, url });
    expect(saveClickContext({ url: link, text })).toBe(true);
    openPage({ url: link });
    expect(readAll(CLICK_NAMES)).toEqual(expected);
  });

  it('takes the source page and URL it is given', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    saveClickContext({ url: '/en/x.html', text: 'X', sourceUrl: 'https://www.canada.ca/en/y.html', sourcePage: 'Y' });
    expect(readAll(CLICK_NAMES)).toEqual({
      clickUrl: '/en/x.html',
      clickText: 'X',
      clickSourceUrl: 'https://www.canada.ca/en/y.html',
      clickSourcePage: 'Y',
    });
  });

  it('one cookie, gc_click, and a 30-minute life', () => {
    openPage({ html: '<html><head><title>Home - Canada.ca</title></head></html>', url: 'https://www.canada.ca/en.html' });
    const set = vi.spyOn(cookies, 'set');
    saveClickContext({ url: 'https://www.canada.ca/a.html', text: 'A' });
    expect(set.mock.calls.map(([name, value]) => [name, JSON.parse(value)])).toEqual([
      ['gc_click', ['https://www.canada.ca/a.html', 'A', 'https://www.canada.ca/en.html', 'Home']],
    ]);
    expect(set.mock.calls[0]![2]).toMatchObject({ days: 0.0208333 });
  });

  it('reads the older four cookies while gc_click is absent, and clears them with it', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    const older = { clickURL: 'https://www.canada.ca/a.html', clickText: 'A', clickSourceURL: 'https://www.canada.ca/en/y.html', clickSourcePage: 'Y' };
    for (const [name, value] of Object.entries(older)) cookies.set(name, value);
    expect(CLICK_CONTEXT_COOKIE.legacy.split(' ').sort()).toEqual(Object.keys(older).sort());
    expect(readAll(CLICK_NAMES)).toEqual({
      clickUrl: 'https://www.canada.ca/a.html',
      clickText: 'A',
      clickSourceUrl: 'https://www.canada.ca/en/y.html',
      clickSourcePage: 'Y',
    });
    expect(clearClickContext()).toBe(true);
    expect(readAll(CLICK_NAMES)).toEqual({ clickUrl: '', clickText: '', clickSourceUrl: '', clickSourcePage: '' });
    expect(document.cookie).not.toMatch(/click/);
  });

  it('personal information is scrubbed before it is stored', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    saveClickContext({ url: 'https://www.canada.ca/en/contact.html?email=jane.doe@example.com', text: 'Write to jane.doe@example.com' });
    const values = readAll(['clickUrl', 'clickText']);
    expect(String(values.clickUrl)).not.toContain('jane.doe');
    expect(values.clickText).toBe(`Write to ${REDACTION_MARKER}`);
  });

  it('clearClickContext removes the cookie', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    saveClickContext({ url: 'https://www.canada.ca/a.html', text: 'A' });
    expect(clearClickContext()).toBe(true);
    expect(readAll(CLICK_NAMES)).toEqual({ clickUrl: '', clickText: '', clickSourceUrl: '', clickSourcePage: '' });
    expect(document.cookie).not.toMatch(/click/);
  });

  it('an empty text removes the older click text rather than keeping it', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    saveClickContext({ url: 'https://www.canada.ca/a.html', text: 'A' });
    saveClickContext({ url: 'https://www.canada.ca/b.html', text: '' });
    expect(readAll(['clickUrl', 'clickText'])).toEqual({ clickUrl: 'https://www.canada.ca/b.html', clickText: '' });
  });
});
