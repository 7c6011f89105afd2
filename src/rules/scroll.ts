/**
 * Scroll depth (requirements SC-1 to SC-4), reached by normal navigation only, since a reload or a
 * back/forward visit restores a scroll position the visitor did not scroll to. On the
 * scroll-list pages (runScrollDepth), the depth marks:
 * - 'Custom Scroll Depth 25', '50', '75': once each, in order, after 3 s on the page and a
 *   1000 ms initial delay, also on a page too short to scroll;
 * - 'Custom Scroll Depth 100': once, at 98 % after 3 s, only when there is something to scroll;
 * On every page (in tag.js: it is the one area every page needs, and a reader who stays would
 * otherwise download tag-rules.js for it):
 * - 'Custom Time and Scroll': once, when the visitor has both seen half the page and spent
 *   30 s on it (initial delay 100 ms); an engagement signal, so a short page counts too. It
 *   carries no event, so that event 85 stays a count of depth marks.
 * Each beacon is followed by clear-vars and the restored title, URL and version.
 */
import { EVENTS } from '../dataElements/sdr';
import type { Condition, Rule } from '../engine/types';
import type { RuleDependencies } from './deps';
import { sendLinkBeacon } from './lib/beacons';
import { when } from './lib/conditions';
import { sentInBackground } from './lib/page';
import { rule } from './lib/rule';
import { createScrollWatcher } from './lib/scroll';

export const TIME_AND_SCROLL = 'Custom Time and Scroll';

/** [depth %, seconds on page, also on short pages, link name, events] */
type Goal = readonly [number, number, boolean, string, number[]];

const DEPTH_GOALS: readonly Goal[] = [
  ...[25, 50, 75].map((d): Goal => [d, 3, true, `Custom Scroll Depth ${d}`, [EVENTS.scrollDepth]]),
  [98, 3, false, 'Custom Scroll Depth 100', [EVENTS.scrollDepth]],
];
const TIME_AND_SCROLL_GOALS: readonly Goal[] = [[50, 30, true, TIME_AND_SCROLL, []]];

const onNormalNavigation = when('normal navigation', (ctx) => ctx.getVar('navigationType') === 'navigate');

function scrollRule({ tracker }: RuleDependencies, name: string, initialDelayMs: number, goals: readonly Goal[], conditions: Condition[]): Rule {
  const watcher = createScrollWatcher();
  return rule(
    name,
    [{ type: 'domReady' }],
    conditions,
    (ctx) =>
      watcher.watch(
        goals.map(([depth, seconds, shortPages, name, events]) => ({
          depth,
          afterMs: seconds * 1000,
          shortPages,
          reached: () => sentInBackground(ctx, sendLinkBeacon(tracker, ctx, name, {}, { events })),
        })),
        initialDelayMs,
      ),
    { action: 'Watch scroll' },
  );
}

export const scrollRules = (deps: RuleDependencies): Rule[] => [
  scrollRule(deps, 'Scroll depth', 1000, DEPTH_GOALS, [when('on scroll-depth list', (ctx) => ctx.getVar('runScrollDepth') === 'yes'), onNormalNavigation]),
];

export const engagementRules = (deps: RuleDependencies): Rule[] => [scrollRule(deps, 'Time and scroll', 100, TIME_AND_SCROLL_GOALS, [onNormalNavigation])];
