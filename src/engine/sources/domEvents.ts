/**
 * Click, change and custom DOM events: one delegated listener per event name on the document,
 * in the capture phase so that a page calling stopPropagation() cannot hide a click. The tag
 * never calls preventDefault() and never delays navigation.
 */
import type { Dispatcher } from '../dispatcher';
import type { Logger } from '../types';

function elementOf(target: EventTarget | null): Element | null {
  if (target instanceof Element) return target;
  return target instanceof Node ? target.parentElement : null;
}

function listen(name: string, handler: (event: Event) => void, log: Logger) {
  document.addEventListener(
    name,
    (event) => {
      try {
        handler(event);
      } catch (error) {
        log.error(`Handling "${name}" failed:`, error);
      }
    },
    true,
  );
}

export function attachDomEvents(dispatcher: Dispatcher, log: Logger): void {
  for (const type of ['click', 'change'] as const) {
    if (!dispatcher.triggers(type).length) continue;
    listen(
      type,
      (event) => {
        const target = elementOf(event.target);
        dispatcher.dispatch(type, { nativeEvent: event, target }, (trigger, closest) =>
          trigger.selector ? closest(trigger.selector) ?? false : target,
        );
      },
      log,
    );
  }

  const customNames = new Set(dispatcher.triggers('customEvent').map((t) => t.name));
  for (const name of customNames) {
    listen(
      name,
      (event) => {
        const target = elementOf(event.target);
        const detail = event instanceof CustomEvent ? event.detail : undefined;
        dispatcher.dispatch('customEvent', { nativeEvent: event, target, detail }, (trigger, closest) => {
          if (trigger.name !== name) return false;
          return trigger.selector ? closest(trigger.selector) ?? false : target;
        });
      },
      log,
    );
  }
}
