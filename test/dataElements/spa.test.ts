import { beforeEach, describe, expect, it } from 'vitest';
import { liveHosts } from '../../src/config/hosts';
import { isSinglePageApp, pushSpaFlag, SPA_HOSTS } from '../../src/dataElements/spa';
import { openPage, reader, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const layer = () => (window as { adobeDataLayer?: unknown[] }).adobeDataLayer;

describe('single-page-app flag', () => {
  it('has two app hosts, kept as data, both on the live host list (the tag runs there)', () => {
    expect(SPA_HOSTS).toHaveLength(2);
    for (const host of SPA_HOSTS) expect(liveHosts().map((entry) => entry.host)).toContain(host);
  });

  it.each([
    ['https://ircc-tracker-suivi.apps.cic.gc.ca/en/login', 'yes'],
    ['https://ircc-tracker-suivi.apps.cic.gc.ca/fr/connexion', 'yes'],
    ['https://apps.canada.ca/ab/en/finder', 'yes'],
    ['https://APPS.CANADA.CA/x', 'yes'],
    ['https://www.canada.ca/en/services.html', 'no'],
    ['https://www.canada.ca/fr/services.html', 'no'],
    ['https://www.canada.ca/en/services.html?return=https://apps.canada.ca/ab/en/finder', 'no'],
    ['https://www.canada.ca/en/apps.canada.ca.html', 'no'],
    ['https://notapps.canada.ca/x', 'no'],
  ])('%s → %s', (url, expected) => {
    openPage({ url });
    expect(reader()('singlePageApp')).toBe(expected);
  });

  it('pushSpaFlag pushes isSPA = yes on an app, and nothing elsewhere', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    expect(pushSpaFlag()).toBe(false);
    expect(layer()).toEqual([]);

    openPage({ url: 'https://apps.canada.ca/ab/fr/outil' });
    expect(pushSpaFlag()).toBe(true);
    expect(layer()).toEqual([{ event: 'isSPA', value: 'yes' }]);
  });

  it('creates the data layer when the page has none', () => {
    openPage({ url: 'https://apps.canada.ca/ab/en/finder' });
    delete (window as { adobeDataLayer?: unknown }).adobeDataLayer;
    pushSpaFlag();
    expect(layer()).toEqual([{ event: 'isSPA', value: 'yes' }]);
  });

  it('isSinglePageApp takes any URL, and only its host counts', () => {
    expect(isSinglePageApp('https://example.org/?from=apps.canada.ca')).toBe(false);
    expect(isSinglePageApp('https://sub.apps.canada.ca/x')).toBe(true);
    expect(isSinglePageApp('')).toBe(false);
  });
});
