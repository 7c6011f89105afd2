/**
 * Time-on-page triggers count time the page is visible, as a person reading it would: a tab
 * left in the background does not reach "3 seconds on page". One timer per distinct delay.
 */
import type { Dispatcher } from '../dispatcher';

export function attachTimeOnPage(dispatcher: Dispatcher): void {
  const pending = new Set(dispatcher.triggers('timeOnPage').map((t) => t.seconds));
  if (!pending.size) return;
  let visibleMs = 0;
  let visibleSince: number | null = null;
  let timers: ReturnType<typeof setTimeout>[] = [];

  const fire = (seconds: number) => {
    pending.delete(seconds);
    dispatcher.dispatch('timeOnPage', {}, (trigger) => (trigger.seconds === seconds ? null : false));
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
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? pause() : resume()));
  if (document.visibilityState !== 'hidden') resume();
}
