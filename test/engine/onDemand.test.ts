import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Importer, LENT_KEY_PREFIX, onDemandFile, tagScriptUrl } from '../../src/engine/onDemand';
import type { PopupModule } from '../../src/survey/onDemand';

const fakeModule: PopupModule = { showSurveyPopup: () => true };
const popupLoader = (importer: Importer) => onDemandFile<PopupModule>('tag-survey.js', 'showSurveyPopup', importer);
const fileLoader = (importer: Importer) => onDemandFile<{ parseSurveyFile: unknown }>('tag-survey-file.js', 'parseSurveyFile', importer);
const succeeding = () => vi.fn<Importer>(async () => fakeModule);
const failing = () => vi.fn<Importer>(async () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

/** Lets every pending promise job and one timer turn run, so unhandled rejections get reported. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function watchUnhandled() {
  const unhandled = vi.fn();
  process.on('unhandledRejection', unhandled);
  return { unhandled, stop: () => process.off('unhandledRejection', unhandled) };
}

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe("onDemandFile (the one loader of the on-demand files; here, the survey's)", () => {
  it('imports tag-survey.js from the folder of the tag script, dropping its query string and hash', async () => {
    const importer = succeeding();
    const load = popupLoader(importer);
    await expect(load('https://assets.canada.ca/analytics/v2/tag.js?build=2025.09#x')).resolves.toBe(fakeModule);
    expect(importer.mock.calls).toEqual([['https://assets.canada.ca/analytics/v2/tag-survey.js']]);
  });

  it('imports the survey-file reader from tag-survey-file.js and checks it is one', async () => {
    const reader = { parseSurveyFile: () => ({ problems: [] }) };
    const importer = vi.fn<Importer>(async () => reader);
    await expect(fileLoader(importer)('https://www.canada.ca/dist/tag.js')).resolves.toBe(reader);
    expect(importer).toHaveBeenCalledWith('https://www.canada.ca/dist/tag-survey-file.js');
    await expect(fileLoader(async () => fakeModule)('https://www.canada.ca/dist/tag.js')).rejects.toThrow(
      'tag-survey-file.js is not the expected file: it has no parseSurveyFile',
    );
  });

  it('resolves beside a tag script served from the page host root or a dist folder', async () => {
    for (const [src, expected] of [
      ['https://www.canada.ca/tag.js', 'https://www.canada.ca/tag-survey.js'],
      ['http://localhost:8080/dist/tag.js?v=1', 'http://localhost:8080/dist/tag-survey.js'],
    ]) {
      const importer = succeeding();
      await popupLoader(importer)(src!);
      expect(importer).toHaveBeenCalledWith(expected);
    }
  });

  it('loads once per page for any number of calls, before and after the load finished', async () => {
    const importer = succeeding();
    const load = popupLoader(importer);
    const first = load('https://www.canada.ca/dist/tag.js');
    const second = load('https://www.canada.ca/dist/tag.js');
    expect(second).toBe(first);
    await first;
    const third = load('https://www.canada.ca/dist/tag.js');
    expect(third).toBe(first);
    await expect(third).resolves.toBe(fakeModule);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('rejects with a readable error when the file is missing, with no unhandled rejection, and does not retry', async () => {
    const { unhandled, stop } = watchUnhandled();
    try {
      const importer = failing();
      const load = popupLoader(importer);
      load('https://www.canada.ca/dist/tag.js'); // a fire-and-forget preload, no handler of its own
      await settle();
      expect(unhandled).not.toHaveBeenCalled();
      await expect(load('https://www.canada.ca/dist/tag.js')).rejects.toThrow(
        'https://www.canada.ca/dist/tag-survey.js could not be loaded: Failed to fetch dynamically imported module',
      );
      expect(importer).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("fetches a copy of another build once more, past the browser's cache, at an address of this build's own", async () => {
    // What a file built against another list throws (scripts/lentModules.ts): a stale copy from the cache.
    const otherBuild = new Error(`${LENT_KEY_PREFIX}0badc0de is missing: tag.js is of another build`);
    const importer = vi.fn<Importer>(async (url) => (url.endsWith(`?${__LENT_ID__}`) ? fakeModule : Promise.reject(otherBuild)));
    await expect(popupLoader(importer)('https://www.canada.ca/dist/tag.js')).resolves.toBe(fakeModule);
    expect(importer.mock.calls).toEqual([['https://www.canada.ca/dist/tag-survey.js'], [`https://www.canada.ca/dist/tag-survey.js?${__LENT_ID__}`]]);

    // The server's copy is another build's too (this tag.js is the one left in a cache): one retry, then the error.
    const always = vi.fn<Importer>(async () => Promise.reject(otherBuild));
    await expect(popupLoader(always)('https://www.canada.ca/dist/tag.js')).rejects.toThrow(
      `https://www.canada.ca/dist/tag-survey.js?${__LENT_ID__} could not be loaded: ${LENT_KEY_PREFIX}0badc0de is missing`,
    );
    expect(always).toHaveBeenCalledTimes(2);
  });

  it('rejects, without throwing at the call, when the tag URL is unknown', async () => {
    const { unhandled, stop } = watchUnhandled();
    try {
      const importer = succeeding();
      const load = popupLoader(importer);
      let result: Promise<PopupModule> | undefined;
      expect(() => {
        result = load('');
      }).not.toThrow();
      await expect(result).rejects.toThrow('could not be loaded');
      await settle();
      expect(importer).not.toHaveBeenCalled();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('rejects when the importer throws synchronously or the file is not the expected one', async () => {
    const throwing = popupLoader(() => {
      throw new Error('blocked by CSP');
    });
    await expect(throwing('https://www.canada.ca/tag.js')).rejects.toThrow('could not be loaded: blocked by CSP');
    const wrong = popupLoader(async () => ({ default: {} }));
    await expect(wrong('https://www.canada.ca/tag.js')).rejects.toThrow(
      'https://www.canada.ca/tag-survey.js is not the expected file: it has no showSurveyPopup',
    );
  });
});

describe('tagScriptUrl', () => {
  function addScript(src: string) {
    const script = document.createElement('script');
    script.src = src;
    document.head.appendChild(script);
    return script;
  }

  it('falls back to the last script whose src has tag.js when the script was not current at load', () => {
    addScript('https://www.canada.ca/etc/clientlibs/wet.js');
    addScript('https://assets.canada.ca/old/tag.js');
    addScript('https://assets.canada.ca/analytics/tag.js?v=2');
    addScript('https://www.canada.ca/other.js');
    expect(tagScriptUrl()).toBe('https://assets.canada.ca/analytics/tag.js?v=2');
  });

  it('is empty when there is no such script', () => {
    expect(tagScriptUrl()).toBe('');
  });

  it('uses document.currentScript as it was while the module ran, even after it changed', async () => {
    const own = addScript('https://cdn.example/tag/v3/tag.js?x=1');
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => own });
    vi.resetModules();
    const fresh = await import('../../src/engine/onDemand');
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
    addScript('https://other.example/tag.js');
    try {
      expect(fresh.tagScriptUrl()).toBe('https://cdn.example/tag/v3/tag.js?x=1');
    } finally {
      delete (document as { currentScript?: unknown }).currentScript;
    }
  });
});
