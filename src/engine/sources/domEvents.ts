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

/**
 * Listens for the DOM events the dispatcher's rules need. Call the returned function again after
 * rules are added: it listens for the new names only, so no event is ever dispatched twice.
 */
export function attachDomEvents(dispatcher: Dispatcher, log: Logger): () => void {
  const listening = new Set<string>();
  const attach = () => {
    for (const type of ['click', 'change'] as const) {
      if (listening.has(type) || !dispatcher.triggers(type).length) continue;
      listening.add(type);
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
    for (const { name } of dispatcher.triggers('customEvent')) {
      // A custom name is kept apart from click/change so that a rule listening for a custom
      // event named "click" does not stop the click rules from being attached.
      const key = ' ' + name;
      if (listening.has(key)) continue;
      listening.add(key);
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
  };
  attach();
  return attach;
}
