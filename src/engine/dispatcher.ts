/**
 * Turns one occurrence of an event into rule runs. Rules are indexed by trigger type once, so
 * an event only looks at the rules that listen for it; selectors shared by several rules are
 * matched once per event (the browser asked only when a cheap probe says they may match:
 * selectorProbes.ts), and the rules may ask more through the event's `closest()`, which also looks
 * in the open shadow trees the event came through (shadowTargets.ts). Each matched
 * element gets its own frozen context and data-element cache, shared by the rules that matched it.
 */
import { withCookieSnapshot } from './cookies';
import { probesOf } from './selectorProbes';
import { shadowTargets } from './shadowTargets';
import type { DataElementResolver, Scope } from './dataElements';
import { runRule, type RuleOutcome } from './runRule';
import type { EventContext, Logger, Rule, Trigger, TriggerOf, TriggerType } from './types';

/** What the native event looked like, before a rule's selector picks its element. */
export type EventBase = Omit<EventContext, 'id' | 'type' | 'element' | 'timeStamp' | 'closest'>;

/**
 * Says whether a trigger matches this occurrence: false, or the element the rule sees as
 * `this` (null when the trigger has no selector).
 */
export type Matcher<T extends TriggerType> = (trigger: TriggerOf<T>, closest: (selector: string) => Element | null) => false | Element | null;

export interface Dispatcher {
  /** Runs the matching rules; with `only`, just those of them (a replay for rules added late). */
  dispatch<T extends TriggerType>(type: T, base: EventBase, match?: Matcher<T>, only?: ReadonlySet<Rule>): Array<RuleOutcome | Promise<RuleOutcome>>;
  /** Registers rules after start; they take their place by order among the others. */
  add(rules: Rule[]): void;
  /** The triggers of one type, for event sources that must know what to listen for. */
  triggers<T extends TriggerType>(type: T): Array<TriggerOf<T>>;
}

interface Listener {
  rule: Rule;
  trigger: Trigger;
}

/**
 * A selector as the page's events look it up: its probes and its answer for the last event that
 * asked. One per selector for the page's life, instead of a map of answers per event: a click
 * asks twenty-odd of them. The container's selectors are constants, so there are as many lookups
 * as selectors, however many events the page has.
 */
interface Lookup {
  probes: string[] | null;
  event: number;
  found: Element | null;
}

export function createDispatcher(
  rules: Rule[],
  resolver: DataElementResolver,
  log: Logger,
  isTrackingAllowed: () => boolean,
  componentTimeoutMs?: number,
  /** Where the rules from one marked `startsTask` on run: at once by default. */
  later: (run: () => void) => void = (run) => run(),
): Dispatcher {
  const index = new Map<TriggerType, Listener[]>();
  const registered: Rule[] = [];
  const add = (added: Rule[]) => {
    registered.push(...added);
    // A stable sort keeps declaration order among rules of equal order value, as Launch does.
    const ordered = registered.map((rule, position) => ({ rule, position }));
    ordered.sort((a, b) => (a.rule.order ?? 50) - (b.rule.order ?? 50) || a.position - b.position);
    index.clear();
    for (const { rule } of ordered) {
      for (const trigger of rule.events) {
        const list = index.get(trigger.type) ?? [];
        list.push({ rule, trigger });
        index.set(trigger.type, list);
      }
    }
  };
  add(rules);
  let nextId = 1;
  const lookups = new Map<string, Lookup>();

  return {
    add,
    triggers: <T extends TriggerType>(type: T) => (index.get(type) ?? []).map((l) => l.trigger as TriggerOf<T>),
    dispatch(type, base, match, only) {
      const listeners = index.get(type);
      return listeners ? withCookieSnapshot(() => run(type, listeners, base, match, only)) : [];
    },
  };

  function run<T extends TriggerType>(
    type: T,
    listeners: Listener[],
    base: EventBase,
    match: Matcher<T> | undefined,
    only: ReadonlySet<Rule> | undefined,
  ): Array<RuleOutcome | Promise<RuleOutcome>> {
    const id = nextId++;
    const timeStamp = performance.now();
    const origin = base.target ?? null;
    // Asked only when a selector matches nothing in the target's own tree, and the target hosts one.
    let inner: Element[] | undefined;
    const deeper = (selector: string): Element | null => {
      inner ??= origin!.shadowRoot ? shadowTargets(base.nativeEvent, origin!) : [];
      for (const element of inner) {
        const found = element.closest(selector);
        if (found) return found;
      }
      return null;
    };
    // An answer kept for this event; one asked after another event has looked the selector up is asked again.
    const closest = (selector: string): Element | null => {
      let lookup = lookups.get(selector);
      if (!lookup) lookups.set(selector, (lookup = { probes: probesOf(selector), event: 0, found: null }));
      if (lookup.event !== id) {
        lookup.event = id;
        lookup.found = null;
        try {
          if (origin && typeof origin.closest === 'function' && (!lookup.probes || lookup.probes.some(closest)))
            lookup.found = origin.closest(selector) ?? deeper(selector);
        } catch {
          log.error(`Invalid selector "${selector}"`);
        }
      }
      return lookup.found;
    };
    // One scope per matched element, with its reader of data elements, shared by its rules.
    const scopes = new Map<Element | null, Scope & { getVar(name: string): unknown }>();
    const scopeFor = (element: Element | null) => {
      let scope = scopes.get(element);
      if (!scope) {
        const event: EventContext = Object.freeze({ ...base, id, type, element, timeStamp, closest });
        const made: Scope & { getVar(name: string): unknown } = { event, cache: new Map(), getVar: (name) => resolver.getVar(name, made) };
        scopes.set(element, (scope = made));
      }
      return scope;
    };

    const outcomes: Array<RuleOutcome | Promise<RuleOutcome>> = [];
    const started = new Set<Rule>();
    // Runs the listeners from `first` on, until one that starts a task of its own. One loop, no
    // call per listener: a click goes through every click rule, most of which do not match.
    const runFrom = (first: number) => {
      for (let at = first; at < listeners.length; at++) {
        const { rule, trigger } = listeners[at]!;
        if (started.has(rule) || (only && !only.has(rule))) continue;
        if (rule.startsTask && at > first) {
          later(() => withCookieSnapshot(() => runFrom(at)));
          return;
        }
        if (rule.requiresTracking !== false && !isTrackingAllowed()) continue;
        let element: Element | null | false = null;
        if (match) {
          try {
            element = match(trigger as TriggerOf<typeof type>, closest);
          } catch (error) {
            log.error(`Rule "${rule.name}": event matching failed:`, error);
            element = false;
          }
        }
        if (element === false) continue;
        started.add(rule);
        const scope = scopeFor(element);
        outcomes.push(runRule(rule, { event: scope.event!, ruleName: rule.name, getVar: scope.getVar, log }, log, componentTimeoutMs));
      }
    };
    runFrom(0);
    return outcomes;
  }
}
