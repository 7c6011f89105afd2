/**
 * Media progress with real media elements in Chromium: the engine's capture listeners on the
 * document hear `playing` and `timeupdate` (which do not bubble), and the collector receives
 * Media Play once and Media Progress 20, 50 and 80 once each, in order. The media file is a
 * 3-second silent WAV written here, so Chromium can play it without proprietary codecs; a
 * `<video>` plays it as well as an `<audio>`.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, type Beacon } from '../../demo/server';
import { sleep, startHarness, type Harness } from './harness';

const SECONDS = 3;
const MEDIA_PATH = '/content/dam/demo/tone.wav';

/** A PCM WAV file: 8 kHz, 8-bit, mono, silence (128). */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const wav = Buffer.alloc(44 + data, 128);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  return wav;
}

const pageHtml = (lang: 'en' | 'fr', tag: 'video' | 'audio', title: string) => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${title} - Canada.ca</title>
<meta name="dcterms.title" content="${title}"><meta name="dcterms.language" content="${lang === 'en' ? 'eng' : 'fra'}"></head>
<body><main><h1>${title}</h1>
<figure><${tag} id="media" title="${title}" preload="auto" src="${MEDIA_PATH}"></${tag}><figcaption>${title}</figcaption></figure>
<button id="play" type="button" onclick="document.getElementById('media').play()">Play</button>
<button id="pause" type="button" onclick="document.getElementById('media').pause()">Pause</button>
</main><script src="/dist/tag.js"></script></body></html>`;

const linkName = (beacon: Beacon) => beaconParam(beacon, 'pev2');
const isMedia = (beacon: Beacon) => /^Media /.test(linkName(beacon) ?? '');

describe('media in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = async (lang: 'en' | 'fr', tag: 'video' | 'audio', title: string) => {
    const path = lang === 'en' ? '/en/services/media-test.html' : '/fr/services/essai-media.html';
    const wav = silentWav(SECONDS);
    return h.open(path, {
      before: (page: Page) =>
        Promise.all([
          page.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: pageHtml(lang, tag, title) })),
          page.route(`**${MEDIA_PATH}`, (route) => route.fulfill({ contentType: 'audio/wav', body: wav })),
          // Neither the icon nor the survey file is under test here; their 404s would hide a real error.
          page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 })),
          page.route('**/content/dam/canada/json/im.xml', (route) => route.fulfill({ status: 200, contentType: 'application/xml', body: '' })),
        ]),
    });
  };

  const cases = [
    ['en', 'video', 'How to apply for EI'],
    ['fr', 'audio', "Comment demander l'AE"],
  ] as const;

  it.each(cases)('%s <%s> "%s": Media Play once, then Media Progress 20, 50, 80 once each, in order', async (lang, tag, title) => {
    const { page, errors } = await open(lang, tag, title);
    await page.waitForFunction(() => (document.getElementById('media') as HTMLMediaElement).readyState >= 1);
    // A click is the user gesture play() needs; the button's own handler starts playback.
    await page.click('#play');
    await h.server.beacons.waitFor((b) => linkName(b) === 'Media Progress 20', 5000);
    // Pausing and playing again is a second `playing`: it must not send a second Media Play.
    await page.click('#pause');
    await page.click('#play');
    await page.waitForFunction(() => (document.getElementById('media') as HTMLMediaElement).ended, undefined, { timeout: 10_000 });
    await h.server.beacons.waitFor((b) => linkName(b) === 'Media Progress 80', 5000);
    await sleep(1000);

    const media = h.server.beacons.list().filter(isMedia);
    expect(media.map(linkName)).toEqual(['Media Play', 'Media Progress 20', 'Media Progress 50', 'Media Progress 80']);
    const [play, ...marks] = media;
    expect(beaconParam(play!, 'events')).toBe('event82');
    for (const mark of marks) expect(beaconParam(mark, 'events')).toBe('event84');
    for (const beacon of media) {
      expect(beaconParam(beacon, 'pe')).toBe('lnk_o');
      expect(beaconParam(beacon, 'v54')).toBe(title);
      expect(beaconParam(beacon, 'v55')).toBe(tag);
      expect(beaconParam(beacon, 'v56')).toBe('wav');
      expect(beaconParam(beacon, 'v51')).toBe(`${h.origin}${MEDIA_PATH}`);
    }
    expect(errors).toEqual([]);
  });

  it('the direct calls send the same beacons', async () => {
    const { page, errors } = await open('en', 'video', 'Direct calls');
    const detail = { title: 'YouTube player', type: 'video', format: 'youtube', source: 'https://www.youtube.com/watch?v=abc' };
    // One call at a time: four image requests sent together may reach the collector in any order.
    for (const [id, name] of [
      ['media play', 'Media Play'],
      ['media mark 20', 'Media Progress 20'],
      ['media mark 50', 'Media Progress 50'],
      ['media mark 80', 'Media Progress 80'],
    ]) {
      await page.evaluate(
        ([identifier, d]) => (window as unknown as { _satellite: { track(id: string, detail?: unknown): void } })._satellite.track(identifier as string, d),
        [id, detail] as const,
      );
      await h.server.beacons.waitFor((b) => linkName(b) === name, 5000);
    }
    const media = h.server.beacons.list().filter(isMedia);
    expect(media.map((b) => [linkName(b), beaconParam(b, 'events'), beaconParam(b, 'v54'), beaconParam(b, 'v56')])).toEqual([
      ['Media Play', 'event82', 'YouTube player', 'youtube'],
      ['Media Progress 20', 'event84', 'YouTube player', 'youtube'],
      ['Media Progress 50', 'event84', 'YouTube player', 'youtube'],
      ['Media Progress 80', 'event84', 'YouTube player', 'youtube'],
    ]);
    expect(errors).toEqual([]);
  });
});
