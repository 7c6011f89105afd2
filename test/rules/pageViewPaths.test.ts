/**
 * Every beacon that stands for a page view leaves the same things behind: the campaign of its
 * address is remembered (a reload, or the app's next virtual page view, does not record it again),
 * and the previous page's timings it carried are not carried again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { savePreviousPageCookies } from '../../src/dataElements';
import { CAMPAIGN_COOKIE } from '../../src/dataElements/campaign';
import { saveTimings } from '../../src/dataElements/performance';
import { siteCookies } from '../../src/engine/cookies';
import { dataLayerRules } from '../../src/rules/dataLayer';
import { measurementsRules } from '../../src/rules/measurements';
import { pageRules } from '../../src/rules/page';
import { searchRules } from '../../src/rules/search';
import { searchBoxRules } from '../../src/rules/searchBox';
import { goTo } from '../dataElements/helpers';
import { canadaPage, LANGUAGES, openPage, type Lang, type Page } from './beaconHarness';

const RULES = [pageRules, measurementsRules, dataLayerRules, searchRules, searchBoxRules];
const CAMPAIGN = 'utm_source=newsletter&utm_medium=email&utm_campaign=ei-2025';

/** Each page-view path: the page it opens and how its page view is made. */
const PATHS: Record<string, { url: (lang: Lang) => string; body: (lang: Lang) => string; view: (page: Page) => void }> = {
  'generic page view': { url: (l) => `https://www.canada.ca/${l}/services/benefits.html?${CAMPAIGN}`, body: () => '', view: () => undefined },
  'home page impression': { url: (l) => `https://www.canada.ca/${l}.html?${CAMPAIGN}`, body: () => '', view: () => undefined },
  'search results page (server-rendered results)': {
    url: (l) => `https://www.canada.ca/${l}/sr/srb.html?q=ei&${CAMPAIGN}`,
    body: (l) =>
      l === 'en' ? '<p class="result-count"><strong>12</strong> search results</p>' : '<p class="result-count"><strong>12</strong> résultats de recherche</p>',
    view: () => undefined,
  },
  CUSTOM_PAGE_LOAD: { url: (l) => `https://apps.canada.ca/${l}/app/?${CAMPAIGN}`, body: () => '', view: (page) => page.satellite.track('CUSTOM_PAGE_LOAD') },
  'pageLoad push': { url: (l) => `https://apps.canada.ca/${l}/app/?${CAMPAIGN}`, body: () => '', view: (page) => page.push({ event: 'pageLoad' }) },
};

describe.each(LANGUAGES)('page-view paths on a %s page', (lang) => {
  beforeEach(() => {
    goTo('https://www.canada.ca/');
    siteCookies.remove(CAMPAIGN_COOKIE);
  });

  describe.each(Object.keys(PATHS))('%s', (name) => {
    const path = PATHS[name]!;
    const open = () => {
      const page = openPage({ url: path.url(lang), html: canadaPage(lang, { main: path.body(lang) }), rules: RULES });
      path.view(page);
      return page;
    };
    const viewOf = (page: Page) => page.beacons().find((b) => b.params.v37 !== undefined || b.events.includes('event11'))!;

    it('records the campaign once: the same address again does not', () => {
      const first = viewOf(open());
      expect(first.params).toMatchObject({ v35: 'newsletter', v36: 'email', v37: 'ei-2025', v0: 'ei-2025', c35: 'parameter:y:y:y:n:n:n' });
      const again = viewOf(open());
      expect(again.events).toContain('event11');
      expect(again.params.v35).toBeUndefined();
      expect(again.params.v0).toBeUndefined();
      expect(again.params.c35).toBe('no-parameter:n:n:n:n:n:n');
    });

    it("carries the previous page's timings once", () => {
      goTo(path.url(lang));
      savePreviousPageCookies({ url: 'https://www.canada.ca/en/previous.html' });
      saveTimings({ load: '2.4', fcp: '812', lcp: '1534' }, 'https://www.canada.ca/en/previous.html');
      const page = open();
      expect(viewOf(page).params).toMatchObject({ v43: '812', v44: '1534', v49: '2.4' });
      page.satellite.track('CUSTOM_PAGE_LOAD');
      const later = page.pageViews().at(-1)!;
      expect([later.params.v43, later.params.v44, later.params.v49]).toEqual([undefined, undefined, undefined]);
    });
  });
});
