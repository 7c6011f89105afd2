import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseInvitation } from '../../src/survey/choose';
import { parseSurveyFile } from '../../src/survey/parse';
import { SURVEY_FILE_PATH, startSurvey } from '../../src/survey/start';
import { sharedSample } from './helpers';

const showSurveyPopup = vi.fn(() => true);
vi.mock('../../src/survey/loadOnDemand', () => ({
  tagScriptUrl: () => 'https://www.canada.ca/etc/tag.js',
  loadSurveyFileReader: vi.fn(async () => ({ parseSurveyFile, chooseInvitation })),
  loadSurveyPopup: vi.fn(async () => ({ showSurveyPopup })),
}));

const vars: Record<string, string> = { pageLanguage: 'en', theme: '', pageCreator: '', deviceType: 'desktop', errorPageType: '' };
const getVar = (name: string) => vars[name];

async function run(search: string, response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', `/en/immigration-refugees-citizenship/services/canadian-passports.html${search}`);
  const track = vi.fn();
  startSurvey({ getVar, track });
  // The flow starts once the page is loaded and the browser idle (a zero timer in jsdom).
  await new Promise((done) => setTimeout(done, 50));
  return { fetchMock, track };
}

const fileOnThisHost = () => sharedSample().replace('<url>www.canada.ca</url></tbl_url_whitelist>', '<url>localhost</url></tbl_url_whitelist>');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  showSurveyPopup.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startSurvey', () => {
  it(`fetches ${SURVEY_FILE_PATH} from the page's origin and shows the matching survey`, async () => {
    const { fetchMock } = await run(
      '?im_scope=page&im_nocookiecheck=1',
      () => new Response(fileOnThisHost().replace('<probability>0.5</probability>', '<probability>1</probability>')),
    );
    expect(fetchMock).toHaveBeenCalledWith(SURVEY_FILE_PATH, { credentials: 'same-origin' });
    await vi.waitFor(() => expect(showSurveyPopup).toHaveBeenCalledWith(expect.objectContaining({ id: '304' }), 'en', expect.any(Object)));
    expect(localStorage.getItem('lastDateIMShown')).toMatch(/^\d+$/);
  });

  it.each([
    ['a 404', () => new Response('missing', { status: 404 })],
    ['an empty file', () => new Response('  ')],
    ['a broken file', () => new Response('<root><surveys>')],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows nothing and throws nothing on %s', async (_, response) => {
    const errors = vi.fn();
    window.addEventListener('error', errors);
    await run('?im_scope=page&im_nocookiecheck=1', response);
    expect(showSurveyPopup).not.toHaveBeenCalled();
    expect(localStorage.getItem('lastDateIMShown')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    window.removeEventListener('error', errors);
  });

  it('does not fetch the file while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fetchMock } = await run('?im_scope=page', () => new Response(fileOnThisHost()));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(showSurveyPopup).not.toHaveBeenCalled();
  });
});
