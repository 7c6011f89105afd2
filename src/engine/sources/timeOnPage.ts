/**
 * Time-on-page triggers count time the page is visible, as a person reading it would: a tab
 * left in the background does not reach "3 seconds on page". One timer per distinct delay.
 */
import type { Dispatcher } from '../dispatcher';
import type { Rule } from '../types';

/**
 * Starts the timers. Call the returned function with rules added later: their delays count from
 * the start of the page too, and a delay already reached fires for them at once.
 */
export function attachTimeOnPage(dispatcher: Dispatcher): (added: ReadonlySet<Rule>) => void {
  const pending = new Set<number>();
  const fired = new Set<number>();
  let visibleMs = 0;
  let visibleSince: number | null = null;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let listening = false;

  const dispatch = (seconds: number, only?: ReadonlySet<Rule>) =>
    dispatcher.dispatch('timeOnPage', {}, (trigger) => (trigger.seconds === seconds ? null : false), only);
  const fire = (seconds: number) => {
    pending.delete(seconds);
    fired.add(seconds);
    dispatch(seconds);
  };
  const resume = () => {
    if (visibleSince !== null) return;
    visibleSince = performance.now();
    timers = [...pending].map((seconds) => setTimeout(() => fire(seconds), Math.max(0, seconds * 1000 - visibleMs)));
  };
  const pause = () => {
    if (visibleSince !== null) visibleMs += performance.now() - visibleSince;
    visibleSince = null;
    timers.forEach(clearTimeout);
    timers = [];
  };
  const schedule = (only?: ReadonlySet<Rule>) => {
    for (const seconds of new Set(dispatcher.triggers('timeOnPage').map((t) => t.seconds))) {
      if (!fired.has(seconds)) pending.add(seconds);
      else if (only) dispatch(seconds, only);
    }
    if (!pending.size) return;
    if (!listening) {
      listening = true;
      document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? pause() : resume()));
    }
    pause();
    if (document.visibilityState !== 'hidden') resume();
  };
  schedule();
  return schedule;
}
