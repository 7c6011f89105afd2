/**
 * Media (requirements MD-1, MD-2): play once per element on the first `playing`
 * with a known duration, and the 20/50/80 % marks once each during `timeupdate`.
 *
 * Media events do not bubble, but they do pass through the capture phase on the document, where
 * the engine listens, so every `<video>` and `<audio>` is covered without per-element setup,
 * including elements added later. The original's "setup retries after 500 ms if jQuery is
 * missing" becomes: an element that has no duration yet when it starts playing is checked once
 * more 500 ms later (the condition waits; the engine bounds it at 2000 ms).
 */
import type { CanadaRuleContext } from '../dataElements/names';
import { EVENTS, type InteractionValue } from '../dataElements/sdr';
import type { Rule } from '../engine/types';
import { sendLinkBeacon } from './lib/beacons';
import { elementOf, notExempt, when } from './lib/conditions';
import { called, domEvent, rule } from './lib/rule';
import { detailValues, MEDIA_MARKS, mediaValues, timesOf } from './lib/media';
import type { RuleDependencies } from './deps';

export const MEDIA = 'video, audio';
export const MEDIA_RETRY_MS = 500;

const hasDuration = (media: HTMLMediaElement) => timesOf(media)[1] > 0;

export function mediaRules({ tracker }: RuleDependencies): Rule[] {
  // MD-2: what was already sent for each element (the rest is read when needed).
  // Weak collections forget elements the page removes.
  const played = new WeakSet<Element>();
  const marksSent = new WeakMap<Element, Set<number>>();
  const marksOf = (media: Element) => marksSent.get(media) || marksSent.set(media, new Set()).get(media)!;
  /** The marks reached (in tenths of a finite duration) and not yet sent, in order. */
  const dueMarks = (media: HTMLMediaElement) => {
    const [current, total] = timesOf(media);
    const tenths = total > 0 && total < Infinity ? Math.floor((current * 10) / total + 1e-9) : 0;
    return MEDIA_MARKS.filter((mark) => mark <= tenths && !marksOf(media).has(mark));
  };
  const send = (ctx: CanadaRuleContext, name: string, values: Partial<Record<InteractionValue, string | undefined>>, event: number) =>
    sendLinkBeacon(tracker, ctx, name, values, { events: [event] });

  return [
    rule(
      'Media Play',
      domEvent('playing', MEDIA),
      [
        notExempt,
        when('first play', (ctx) => !played.has(elementOf<HTMLMediaElement>(ctx))),
        when(
          'has a duration',
          (ctx) =>
            hasDuration(elementOf<HTMLMediaElement>(ctx)) ||
            new Promise<boolean>((done) => setTimeout(() => done(hasDuration(elementOf<HTMLMediaElement>(ctx))), MEDIA_RETRY_MS)),
        ),
      ],
      (ctx) => {
        const media = elementOf<HTMLMediaElement>(ctx);
        // A second `playing` may have passed the conditions during the retry wait.
        if (played.has(media)) return;
        played.add(media);
        return send(ctx, 'Media Play', mediaValues(media), EVENTS.mediaPlay);
      },
    ),
    rule(
      'Media Progress',
      domEvent('timeupdate', MEDIA),
      [notExempt, when('a new 20/50/80 % mark', (ctx) => dueMarks(elementOf<HTMLMediaElement>(ctx)).length > 0)],
      (ctx) => {
        const media = elementOf<HTMLMediaElement>(ctx);
        return Promise.all(
          dueMarks(media).map((mark) => {
            marksOf(media).add(mark);
            return send(ctx, `Media Progress ${mark * 10}`, mediaValues(media), EVENTS.mediaProgress);
          }),
        );
      },
    ),
  ];
}

/**
 * The direct calls of players the tag cannot see (in frames, or custom ones): on every page,
 * since nothing in the markup announces them.
 */
export function mediaCallRules({ tracker }: RuleDependencies): Rule[] {
  return [
    rule('Media direct calls', ['media play', 'media mark 20', 'media mark 50', 'media mark 80'].map(called), [], (ctx) => {
      const mark = /\d+$/.exec(String(ctx.event.identifier));
      const values = detailValues(ctx.event.detail);
      return mark
        ? sendLinkBeacon(tracker, ctx, `Media Progress ${mark[0]}`, values, { events: [EVENTS.mediaProgress] })
        : sendLinkBeacon(tracker, ctx, 'Media Play', values, { events: [EVENTS.mediaPlay] });
    }),
  ];
}
