/**
 * Click, change and custom DOM events: one delegated listener per event name on the document,
 * in the capture phase so that a page calling stopPropagation() cannot hide a click. The tag
 * never calls preventDefault() and never delays navigation.
 */
import type { Dispatcher } from '../dispatcher';
import type { Logger, Rule } from '../types';

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

const dispatchAs = (dispatcher: Dispatcher, type: 'click' | 'change', event: Event, only?: ReadonlySet<Rule>) => {
  const target = elementOf(event.target);
  dispatcher.dispatch(type, { nativeEvent: event, target }, (trigger, closest) => (trigger.selector ? (closest(trigger.selector) ?? false) : target), only);
};

const dispatchCustom = (dispatcher: Dispatcher, event: Event, only?: ReadonlySet<Rule>) => {
  const target = elementOf(event.target);
  const detail = event instanceof CustomEvent ? event.detail : undefined;
  dispatcher.dispatch(
    'customEvent',
    { nativeEvent: event, target, detail },
    (trigger, closest) => (trigger.name !== event.type ? false : trigger.selector ? (closest(trigger.selector) ?? false) : target),
    only,
  );
};

/**
 * Gives rules added late a DOM event that happened before they were there (seen by a listener of
 * the loader's own), as click, change or custom event, whichever they listen for.
 */
export function replayDomEvent(dispatcher: Dispatcher, event: Event, only: ReadonlySet<Rule>): void {
  if (event.type === 'click' || event.type === 'change') dispatchAs(dispatcher, event.type, event, only);
  dispatchCustom(dispatcher, event, only);
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
      listen(type, (event) => dispatchAs(dispatcher, type, event), log);
      // A middle click opens a link in a new tab as a ctrl-click does, but browsers report it as
      // `auxclick`, not `click`: it is a click to the rules.
      if (type === 'click') listen('auxclick', (event) => (event as MouseEvent).button === 1 && dispatchAs(dispatcher, type, event), log);
    }
    for (const { name } of dispatcher.triggers('customEvent')) {
      // Apart from click/change: a rule listening for a custom event named "click" still needs its own listener.
      const key = ` ${name}`;
      if (listening.has(key)) continue;
      listening.add(key);
      listen(name, (event) => dispatchCustom(dispatcher, event), log);
    }
  };
  attach();
  return attach;
}
