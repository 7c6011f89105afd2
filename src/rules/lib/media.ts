/**
 * Media readers (requirements MD-1, MD-2). Media elements report their own
 * times; a player that only shows time text (WET's multimedia player prints hh:mm:ss in
 * `.wb-mm-tmln-crrnt` and `.wb-mm-tmln-ttl`, '--:--:--' before it knows, after a hidden label
 * such as "Current position") is read through `secondsOf`, which takes text that does not end
 * in hh:mm:ss as 00:00:00.
 */
import type { InteractionValue } from '../../dataElements/sdr';
import { squeeze } from '../../dataElements/read';
import { extensionOf, pick } from './dom';

/** The marks, in tenths of the duration (MD-1: the duration split into ten parts). */
export const MEDIA_MARKS = [2, 5, 8] as const;

export const timeText = (text: string | null | undefined): string => (/(?:^|\D)(\d{2}:[0-5]\d:[0-5]\d)$/.exec((text || '').trim()) || [])[1] || '00:00:00';

export const secondsOf = (text: string | null | undefined): number =>
  timeText(text)
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);

/** The text of the first `selector` inside `root` (null when there is none). */
const textIn = (root: Element | null, selector: string) => {
  const element = root?.querySelector(selector);
  return element?.textContent;
};

const shown = (media: Element, selector: string) => secondsOf(textIn(media.closest('.wb-mltmd'), selector));

/** Current and total time in seconds: the element's own, else the time text its player shows. */
export function timesOf(media: HTMLMediaElement): [current: number, total: number] {
  const total = media.duration > 0 ? media.duration : shown(media, '.wb-mm-tmln-ttl');
  return [media.duration > 0 ? media.currentTime : shown(media, '.wb-mm-tmln-crrnt'), total];
}

/**
 * Title (title attribute, aria-label, the figure's caption, else the file name), audio or video,
 * format (the file extension, else the source's MIME subtype) and source address.
 */
export function mediaValues(media: HTMLMediaElement): Partial<Record<InteractionValue, string>> {
  const first = media.querySelector('source');
  const source = media.currentSrc || media.src || first?.src || '';
  const fileName = source.split(/[?#]/)[0]!.split('/').pop()!;
  const title = media.getAttribute('title') || media.getAttribute('aria-label') || textIn(media.closest('figure'), 'figcaption') || fileName;
  const typed = media.querySelector('source[type]');
  const mime = typed?.getAttribute('type') || '';
  return {
    mediaTitle: squeeze(title),
    mediaType: media.tagName.toLowerCase(),
    mediaFormat: extensionOf(source) || (/\/([\w-]+)/.exec(mime) || [])[1] || undefined,
    linkUrl: source || undefined,
  };
}

/** Direct calls give the values themselves: `{ title, type, format, source }`. */
export function detailValues(detail: unknown): Partial<Record<InteractionValue, string>> {
  const text = (key: string) => {
    const value = pick(detail, key);
    return typeof value === 'string' ? value : undefined;
  };
  return { mediaTitle: text('title'), mediaType: text('type'), mediaFormat: text('format'), linkUrl: text('source') };
}
