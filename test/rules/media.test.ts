import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsOf, timeText } from '../../src/rules/lib/media';
import { MEDIA_RETRY_MS, mediaCallRules, mediaRules } from '../../src/rules/media';
import { $, canadaPage, fire, LANGUAGES, openPage, paramFor, stubLayout } from './beaconHarness';

const URL = { en: 'https://www.canada.ca/en/services/video.html', fr: 'https://www.canada.ca/fr/services/video.html' };
const TITLE = { en: 'How to apply for EI', fr: "Comment demander l'AE" };

/** jsdom plays nothing: the test sets what a playing element would report. */
function setTimes(media: Element | null, times: { duration?: number; currentTime?: number }) {
  for (const [key, value] of Object.entries(times)) Object.defineProperty(media, key, { configurable: true, value });
}

const play = (media = $('video')) => fire(media, 'playing');
const at = (seconds: number, media = $('video')) => {
  setTimes(media, { currentTime: seconds });
  fire(media, 'timeupdate');
};

beforeEach(stubLayout);
afterEach(() => vi.useRealTimers());

describe.each(LANGUAGES)('media (%s)', (lang) => {
  const start = (main: string) => openPage({ url: URL[lang], html: canadaPage(lang, { main }), rules: [mediaRules, mediaCallRules] });
  const video = `<video title="${TITLE[lang]}" src="https://www.canada.ca/content/dam/esdc/videos/ei-${lang}.mp4?v=2"></video>`;

  it('Media Play: once per element, on the first playing with a duration: title, video, format, source, event 82', () => {
    const run = start(video);
    setTimes($('video'), { duration: 100, currentTime: 0 });
    play();
    play();
    const beacons = run.links();
    expect(beacons.map((b) => b.name)).toEqual(['Media Play']);
    expect(beacons[0]!.params).toMatchObject({
      pe: 'lnk_o',
      [paramFor('mediaTitle')]: TITLE[lang],
      [paramFor('mediaType')]: 'video',
      [paramFor('mediaFormat')]: 'mp4',
      [paramFor('linkUrl')]: `https://www.canada.ca/content/dam/esdc/videos/ei-${lang}.mp4?v=2`,
    });
    expect(beacons[0]!.events).toEqual(['event82']);
  });

  it('Media Play: each element counts on its own; an audio element is "audio", titled by its caption, format from its source type', () => {
    const run = start(`${video}<figure><audio><source src="/podcast/episode-1" type="audio/mpeg"></audio><figcaption> Episode 1 </figcaption></figure>`);
    setTimes($('video'), { duration: 100 });
    setTimes($('audio'), { duration: 300 });
    play($('audio'));
    play();
    play($('audio'));
    const [audio, videoBeacon, ...rest] = run.links();
    expect(rest).toEqual([]);
    expect(audio!.params).toMatchObject({ [paramFor('mediaTitle')]: 'Episode 1', [paramFor('mediaType')]: 'audio', [paramFor('mediaFormat')]: 'mpeg' });
    expect(videoBeacon!.params[paramFor('mediaType')]).toBe('video');
  });

  it(`Media Play: an element without a duration yet is checked again after ${MEDIA_RETRY_MS} ms, once`, async () => {
    vi.useFakeTimers();
    const run = start(`${video}<audio src="/a.mp3"></audio>`);
    play();
    play($('audio'));
    expect(run.links()).toEqual([]);
    setTimes($('video'), { duration: 60 });
    await vi.advanceTimersByTimeAsync(MEDIA_RETRY_MS - 1);
    expect(run.links()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.links().map((b) => b.params[paramFor('mediaType')])).toEqual(['video']);
    // The audio still had no duration at its retry: nothing until a later playing has one.
    setTimes($('audio'), { duration: 30 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(run.links()).toHaveLength(1);
    play($('audio'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.links().map((b) => b.params[paramFor('mediaType')])).toEqual(['video', 'audio']);
  });

  it('Media Progress: 20, 50 and 80 % (tenths 2, 5, 8) once each, during timeupdate', () => {
    const run = start(video);
    setTimes($('video'), { duration: 100 });
    for (const t of [0, 10, 19.9, 20, 21, 49, 50, 55, 20, 79.9, 80, 99, 100]) at(t);
    const beacons = run.links();
    expect(beacons.map((b) => b.name)).toEqual(['Media Progress 20', 'Media Progress 50', 'Media Progress 80']);
    for (const b of beacons) {
      expect(b.events).toEqual(['event84']);
      expect(b.params).toMatchObject({ [paramFor('mediaTitle')]: TITLE[lang], [paramFor('mediaType')]: 'video', [paramFor('mediaFormat')]: 'mp4' });
    }
  });

  it('Media Progress: a seek past several marks sends each, in order; an odd duration still splits into tenths', () => {
    const run = start(video);
    setTimes($('video'), { duration: 7 });
    at(1.4);
    at(6);
    at(6.5);
    expect(run.links().map((b) => b.name)).toEqual(['Media Progress 20', 'Media Progress 50', 'Media Progress 80']);
  });

  it('Media Progress: nothing without a finite duration (not loaded, or a live stream)', () => {
    const run = start(video);
    at(50);
    setTimes($('video'), { duration: Infinity });
    at(5000);
    expect(run.links()).toEqual([]);
  });

  it("Media Progress: a WET player's hh:mm:ss time text stands in for a missing duration; other text reads as 00:00:00", () => {
    const run = start(
      `<figure class="wb-mltmd">${video}<div class="wb-mm-txtonly"><p class="wb-mm-tmln-crrnt"><span class="wb-inv">Current position</span><span>00:00:55</span></p><p class="wb-mm-tmln-ttl"><span class="wb-inv">Total time</span><span>00:01:40</span></p></div></figure>`,
    );
    fire($('video'), 'timeupdate');
    expect(run.links().map((b) => b.name)).toEqual(['Media Progress 20', 'Media Progress 50']);
    $('.wb-mm-tmln-ttl span:nth-child(2)')!.textContent = '--:--:--';
    $('.wb-mm-tmln-crrnt span:nth-child(2)')!.textContent = '00:01:35';
    fire($('video'), 'timeupdate');
    expect(run.links()).toHaveLength(2);
  });

  it('nothing for exempt media', () => {
    const run = start(`<div data-analytics-exempt>${video}</div>`);
    setTimes($('video'), { duration: 100 });
    play();
    at(90);
    expect(run.beacons()).toEqual([]);
  });

  it.each([
    ['media play', 'Media Play', 'event82'],
    ['media mark 20', 'Media Progress 20', 'event84'],
    ['media mark 50', 'Media Progress 50', 'event84'],
    ['media mark 80', 'Media Progress 80', 'event84'],
  ])('direct call %j sends %s from its detail', (identifier, name, event) => {
    const run = start('');
    run.satellite.track(identifier, { title: TITLE[lang], type: 'video', format: 'youtube', source: 'https://www.youtube.com/watch?v=abc' });
    const [beacon] = run.links();
    expect(beacon!.name).toBe(name);
    expect(beacon!.events).toEqual([event]);
    expect(beacon!.params).toMatchObject({
      [paramFor('mediaTitle')]: TITLE[lang],
      [paramFor('mediaType')]: 'video',
      [paramFor('mediaFormat')]: 'youtube',
      [paramFor('linkUrl')]: 'https://www.youtube.com/watch?v=abc',
    });
  });
});

describe('media time text', () => {
  it.each([
    ['00:01:05', '00:01:05', 65],
    ['01:00:00', '01:00:00', 3600],
    [' 12:34:56 ', '12:34:56', 45296],
    ['Current position00:00:55', '00:00:55', 55],
    ['Position actuelle 01:02:03', '01:02:03', 3723],
    ['Durée--:--:--', '00:00:00', 0],
    ['100:00:00', '00:00:00', 0],
    ['--:--:--', '00:00:00', 0],
    ['1:05', '00:00:00', 0],
    ['00:60:00', '00:00:00', 0],
    ['00:00:5', '00:00:00', 0],
    ['', '00:00:00', 0],
    [null, '00:00:00', 0],
  ])('%j → %s (%i s)', (text, shown, seconds) => {
    expect(timeText(text)).toBe(shown);
    expect(secondsOf(text)).toBe(seconds);
  });
});
