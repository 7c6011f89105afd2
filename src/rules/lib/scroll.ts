/**
 * One scroll watcher per container for every scroll goal ("seen 25 % of the page after 3 s").
 * It is cheap by construction: a single passive scroll listener that measures at most once per
 * animation frame (reads only, so no layout thrash), a timer only while a goal has been reached
 * but its time has not come, and nothing at all once every goal is met. It never polls.
 */

export interface ScrollGoal {
  /** Percent of the page seen: the bottom of the window over the page height. */
  depth: number;
  /** Earliest moment, in ms since navigation start (time spent on the page). */
  afterMs: number;
  /** Also met on a page that fits in the window, where there is nothing to scroll. */
  shortPages: boolean;
  reached(): void;
}

export interface ScrollWatcher {
  /** Starts watching `goals` after `initialDelayMs`. Goals are met once each, shallowest first. */
  watch(goals: ScrollGoal[], initialDelayMs: number): void;
}

export function createScrollWatcher(): ScrollWatcher {
  const pending: ScrollGoal[] = [];
  let deepest = 0;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let listening = false;

  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(check);
  };
  function check() {
    frame = 0;
    clearTimeout(timer);
    const height = document.documentElement.scrollHeight;
    const short = height <= innerHeight;
    // The deepest point seen counts: scrolling back up does not undo having read the page.
    deepest = Math.max(deepest, short ? 100 : ((scrollY + innerHeight) / height) * 100);
    const now = performance.now();
    let wait = Infinity;
    for (const goal of pending.slice()) {
      if (deepest < goal.depth || (short && !goal.shortPages)) continue;
      if (now < goal.afterMs) wait = Math.min(wait, goal.afterMs - now);
      else {
        pending.splice(pending.indexOf(goal), 1);
        try {
          goal.reached();
        } catch {
          // One goal's failure must not keep the others from being met.
        }
      }
    }
    if (wait < Infinity) timer = setTimeout(check, wait);
    if (!pending.length && listening) {
      removeEventListener('scroll', onScroll);
      listening = false;
    }
  }

  return {
    watch(goals, initialDelayMs) {
      setTimeout(() => {
        pending.push(...goals);
        pending.sort((a, b) => a.depth - b.depth);
        if (!listening) addEventListener('scroll', onScroll, { passive: true });
        listening = true;
        check();
      }, initialDelayMs);
    },
  };
}
