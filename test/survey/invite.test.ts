import { beforeEach, describe, expect, it, vi } from 'vitest';
import { webStorage } from '../../src/engine/storage';
import { INVITED_KEY, LAST_SHOWN_KEY, runInvitation, SESSION_COPY_KEY, type InvitationEnv } from '../../src/survey/invite';
import { chooseInvitation } from '../../src/survey/choose';
import { readSurveyQa } from '../../src/survey/qa';
import type { SurveyDefinition } from '../../src/survey/types';
import { recordingLogger } from '../analytics/helpers';
import { englishEiPage, frenchEiPage, NOW, realisticDefinition } from './helpers';

const DAY = 86_400_000;

function env(overrides: Partial<InvitationEnv> = {}) {
  const download = vi.fn(async (): Promise<SurveyDefinition | undefined> => realisticDefinition());
  const show = vi.fn(async () => true);
  // The flow's second part, as tag-survey-file.js gives it.
  const choose = vi.fn(async () => ({ chooseInvitation }));
  const log = recordingLogger();
  const value: InvitationEnv = {
    local: webStorage('local'),
    session: webStorage('session'),
    localStorageWorks: () => true,
    now: NOW,
    random: () => 0,
    qa: readSurveyQa(''),
    facts: englishEiPage,
    language: 'en',
    excludedPage: '',
    log,
    download,
    choose,
    show,
    ...overrides,
  };
  return { env: value, download, choose, show, log };
}

const sessionCopy = () => JSON.parse(sessionStorage.getItem(SESSION_COPY_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('runInvitation', () => {
  it('downloads the file on the first page of a never-invited visitor, draws a scope, shows a survey and remembers the date', async () => {
    const { env: e, download, show } = env({ qa: readSurveyQa('?im_scope=page') });
    await expect(runInvitation(e)).resolves.toBe('shown');
    expect(download).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ id: '409' }), 'en');
    expect(localStorage.getItem(LAST_SHOWN_KEY)).toBe(String(NOW));
    expect(sessionStorage.getItem(INVITED_KEY)).toBe('409');
    // Drawn surveys leave the visit's copy so that no later page reconsiders them.
    expect(sessionCopy().definition.surveys.map((s: { id: string }) => s.id)).not.toContain('409');
    expect(sessionCopy().scope).toBe('Page');
  });

  it('draws the scope once per visit and reuses the session copy without downloading again', async () => {
    const first = env({ random: () => 0.99 }); // the last scope in the draw order: Page
    await runInvitation(first.env);
    expect(sessionCopy().scope).toBe('Page');
    localStorage.clear(); // as if no invitation had been shown
    const second = env({ random: () => 0 }); // would draw Entire site if it drew again
    await runInvitation(second.env);
    expect(second.download).not.toHaveBeenCalled();
    expect(sessionCopy().scope).toBe('Page');
  });

  it('does nothing within the interval after an invitation, without downloading', async () => {
    localStorage.setItem(LAST_SHOWN_KEY, String(NOW - 3 * DAY));
    const { env: e, download, show, log } = env();
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(download).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
    expect(log.lines.join('\n')).toMatch(/invited 3 day\(s\) ago/);
  });

  it('continues once persistent_cookie_duration days have passed, and clears the stored date first', async () => {
    localStorage.setItem(LAST_SHOWN_KEY, String(NOW - 16 * DAY));
    const { env: e, show } = env({ qa: readSurveyQa('?im_scope=theme'), random: () => 0.99 });
    await expect(runInvitation(e)).resolves.toBe('none'); // the draw picks nothing at 0.99
    expect(show).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_SHOWN_KEY)).toBeNull();
  });

  it("uses the file's interval once it is known, not the default", async () => {
    const longer = realisticDefinition();
    longer.settings.persistentDays = 30;
    localStorage.setItem(LAST_SHOWN_KEY, String(NOW - 20 * DAY));
    const download = vi.fn(async () => longer);
    const { env: e, show } = env({ download });
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(download).toHaveBeenCalledOnce();
    expect(show).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_SHOWN_KEY)).toBe(String(NOW - 20 * DAY));
  });

  it('remembers nothing when the pop-up could not be shown', async () => {
    const { env: e } = env({ qa: readSurveyQa('?im_scope=page'), show: vi.fn(async () => false) });
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(localStorage.getItem(LAST_SHOWN_KEY)).toBeNull();
    expect(sessionStorage.getItem(INVITED_KEY)).toBeNull();
  });

  it('does nothing at all when local storage is unavailable', async () => {
    const { env: e, download, show } = env({ localStorageWorks: () => false });
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(download).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('probes local storage once a visit, on the page that downloads the file, and not where the flow stops before', async () => {
    const probe = vi.fn(() => true);
    localStorage.setItem(LAST_SHOWN_KEY, String(NOW - DAY)); // invited yesterday
    await expect(runInvitation(env({ localStorageWorks: probe }).env)).resolves.toBe('none');
    localStorage.clear();
    await expect(runInvitation(env({ localStorageWorks: probe, excludedPage: 'splash page' }).env)).resolves.toBe('none');
    expect(probe).not.toHaveBeenCalled();
    // The first page of the visit: probed, the file read, its copy kept for the visit.
    const first = env({ localStorageWorks: probe, random: () => 0.99 });
    await runInvitation(first.env);
    expect(first.download).toHaveBeenCalledOnce();
    expect(probe).toHaveBeenCalledOnce();
    expect(sessionCopy()).not.toBeNull();
    // A later page of the visit goes on from the copy, and is not probed again.
    const later = env({ localStorageWorks: probe, random: () => 0.99 });
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    await runInvitation(later.env);
    expect(later.choose).toHaveBeenCalledOnce();
    expect(probe).toHaveBeenCalledOnce();
    // Each stored value is read once: the invitation date, the visit's copy.
    expect(reads.mock.calls.map(([key]) => key).sort()).toEqual([LAST_SHOWN_KEY, SESSION_COPY_KEY].sort());
    reads.mockRestore();
  });

  it.each(['error page 404', 'splash page'])('shows nothing on an excluded page (%s)', async (why) => {
    const { env: e, show, download } = env({ excludedPage: why, qa: readSurveyQa('?im_surveyid=408') });
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(show).not.toHaveBeenCalled();
    expect(download).not.toHaveBeenCalled();
  });

  it('stops quietly when the file could not be had, without loading the rest of the flow', async () => {
    const { env: e, show, choose, log } = env({ download: vi.fn(async () => undefined) });
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(show).not.toHaveBeenCalled();
    expect(choose).not.toHaveBeenCalled();
    expect(log.lines.join('\n')).toMatch(/no survey definition/);
  });

  it('a later page of a visit whose surveys were all considered stops without loading the rest of the flow', async () => {
    sessionStorage.setItem(SESSION_COPY_KEY, JSON.stringify({ definition: { ...realisticDefinition(), surveys: [] }, scope: 'Page' }));
    const { env: e, download, choose, log } = env();
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(download).not.toHaveBeenCalled();
    expect(choose).not.toHaveBeenCalled();
    expect(log.lines.join('\n')).toMatch(/every survey of the file was considered/);
  });

  it('when the rest of the flow cannot be loaded, nothing shows, nothing is remembered, and it says why', async () => {
    const { env: e, show, log } = env({ choose: vi.fn(async () => Promise.reject(new Error('network down'))) });
    await expect(runInvitation(e)).resolves.toBe('none');
    expect(show).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_SHOWN_KEY)).toBeNull();
    expect(log.lines.join('\n')).toMatch(/the survey code could not be loaded \(network down\)/);
  });

  it('im_nocookiecheck=1 forgets the stored date and the visit copy', async () => {
    localStorage.setItem(LAST_SHOWN_KEY, String(NOW - DAY));
    sessionStorage.setItem(SESSION_COPY_KEY, JSON.stringify({ definition: { ...realisticDefinition(), surveys: [] }, scope: 'Page' }));
    const { env: e, show, download } = env({ qa: readSurveyQa('?im_nocookiecheck=1&im_scope=page') });
    await expect(runInvitation(e)).resolves.toBe('shown');
    expect(download).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ id: '409' }), 'en');
  });

  it('im_surveyid forces one survey in the page language', async () => {
    const { env: e, show } = env({ qa: readSurveyQa('?im_surveyid=408'), facts: frenchEiPage, language: 'fr', random: () => 0.99 });
    await expect(runInvitation(e)).resolves.toBe('shown');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ id: '408' }), 'fr');
  });

  it('ignores a corrupted session copy and downloads afresh', async () => {
    sessionStorage.setItem(SESSION_COPY_KEY, '{"definition": 42}');
    const { env: e, download } = env({ qa: readSurveyQa('?im_scope=page') });
    await expect(runInvitation(e)).resolves.toBe('shown');
    expect(download).toHaveBeenCalledOnce();
  });

  it('logs why each survey was kept or dropped', async () => {
    const { env: e, log } = env({ qa: readSurveyQa('?im_scope=page') });
    await runInvitation(e);
    const decisions = log.groups
      .find((g) => g.heading === 'survey decisions')!
      .lines.flat()
      .join('\n');
    expect(decisions).toMatch(/409 EI page: kept/);
    expect(decisions).toMatch(/410 Future page survey: dropped, not started/);
  });
});

describe('readSurveyQa', () => {
  it.each([
    ['', { forgetStored: false, ignoreStartDate: false, scope: undefined, surveyId: undefined }],
    ['?im_nocookiecheck=1&im_nodatecheck=1', { forgetStored: true, ignoreStartDate: true, scope: undefined, surveyId: undefined }],
    ['?im_scope=SITE&im_surveyid=%20301%20', { forgetStored: false, ignoreStartDate: false, scope: 'Entire site', surveyId: '301' }],
    ['?im_scope=institution', { forgetStored: false, ignoreStartDate: false, scope: 'Institution', surveyId: undefined }],
    ['?im_scope=galaxy&im_nocookiecheck=true', { forgetStored: false, ignoreStartDate: false, scope: undefined, surveyId: undefined }],
  ])('%s', (search, expected) => {
    expect(readSurveyQa(search)).toEqual(expected);
  });
});
