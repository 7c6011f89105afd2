/**
 * Media (SPEC §4 event timing, §7 direct calls): play once per element on the first `playing`
 * with a known duration, and the 20/50/80 % marks once each during `timeupdate`.
 *
 * Media events do not bubble, but they do pass through the capture phase on the document, where
 * the engine listens, so every `<video>` and `<audio>` is covered without per-element setup,
 * including elements added later. The original's "setup retries after 500 ms if jQuery is
 * missing" becomes: an element that has no duration yet when it starts playing is checked once
 * more 500 ms later (the condition waits; the engine bounds it at 2000 ms).
 */
import type { InteractionValue } from '../dataElements/sdr';
import type { Rule, RuleContext } from '../engine/types';
import { sendLinkBeacon } from './lib/beacons';
import { notExempt, when } from './lib/conditions';
import { detailValues, MEDIA_MARKS, mediaValues, timesOf } from './lib/media';
import type { RuleDependencies } from './deps';

export const MEDIA = 'video, audio';
export const MEDIA_PLAY_EVENT = 82;
export const MEDIA_PROGRESS_EVENT = 84;
export const MEDIA_RETRY_MS = 500;

/** SPEC §3 media entry: what was already sent for one element (the rest is read when needed). */
interface MediaState {
  played?: boolean;
  marks: Set<number>;
}

const mediaOf = (ctx: RuleContext) => ctx.event.element as HTMLMediaElement;
const hasDuration = (media: HTMLMediaElement) => timesOf(media)[1] > 0;

export function mediaRules({ tracker }: RuleDependencies): Rule[] {
  // A WeakMap forgets elements the page removes.
  const states = new WeakMap<Element, MediaState>();
  const stateOf = (media: Element) => {
    let state = states.get(media);
    if (!state) states.set(media, (state = { marks: new Set() }));
    return state;
  };
  /** The marks reached (in tenths of a finite duration) and not yet sent, in order. */
  const dueMarks = (media: HTMLMediaElement) => {
    const [current, total] = timesOf(media);
    const tenths = total > 0 && total < Infinity ? Math.floor((current * 10) / total + 1e-9) : 0;
    return MEDIA_MARKS.filter((mark) => mark <= tenths && !stateOf(media).marks.has(mark));
  };
  const send = (ctx: RuleContext, name: string, values: Partial<Record<InteractionValue, string | undefined>>, event: number) =>
    sendLinkBeacon(tracker, ctx, { type: 'o', name, values, events: [event] });

  return [
    {
      name: 'Media Play',
      events: [{ type: 'customEvent', name: 'playing', selector: MEDIA }],
      conditions: [
        notExempt,
        when('first play of this element', (ctx) => !stateOf(mediaOf(ctx)).played),
        {
          name: 'has a duration',
          check: (ctx) =>
            hasDuration(mediaOf(ctx)) || new Promise<boolean>((done) => setTimeout(() => done(hasDuration(mediaOf(ctx))), MEDIA_RETRY_MS)),
        },
      ],
      actions: [
        {
          name: 'send',
          run: (ctx) => {
            const state = stateOf(mediaOf(ctx));
            // A second `playing` may have passed the conditions during the retry wait.
            if (state.played) return;
            state.played = true;
            return send(ctx, 'Media Play', mediaValues(mediaOf(ctx)), MEDIA_PLAY_EVENT);
          },
        },
      ],
    },
    {
      name: 'Media Progress',
      events: [{ type: 'customEvent', name: 'timeupdate', selector: MEDIA }],
      conditions: [notExempt, when('reached a 20/50/80 % mark not yet sent', (ctx) => dueMarks(mediaOf(ctx)).length > 0)],
      actions: [
        {
          name: 'send',
          run: (ctx) => {
            const media = mediaOf(ctx);
            return Promise.all(
              dueMarks(media).map((mark) => {
                stateOf(media).marks.add(mark);
                return send(ctx, `Media Progress ${mark * 10}`, mediaValues(media), MEDIA_PROGRESS_EVENT);
              }),
            );
          },
        },
      ],
    },
    {
      name: 'Media direct calls',
      events: ['media play', 'media mark 20', 'media mark 50', 'media mark 80'].map((identifier) => ({ type: 'directCall', identifier }) as const),
      actions: [
        {
          name: 'send',
          run: (ctx) => {
            const mark = /\d+$/.exec(ctx.event.identifier ?? '')?.[0];
            return mark
              ? send(ctx, `Media Progress ${mark}`, detailValues(ctx.event.detail), MEDIA_PROGRESS_EVENT)
              : send(ctx, 'Media Play', detailValues(ctx.event.detail), MEDIA_PLAY_EVENT);
          },
        },
      ],
    },
  ];
}
