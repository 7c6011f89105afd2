/**
 * The container model: everything a site declares (data elements and rules) is plain data
 * built from these types. The engine never learns a site-specific name.
 */

export type Awaitable<T> = T | PromiseLike<T>;

/** What started a rule, frozen so that no rule can change what another rule sees. */
export interface EventContext {
  /** The trigger type that produced this event. */
  readonly type: TriggerType;
  /** A number unique to this event within the page view. */
  readonly id: number;
  /** The native DOM event, when there is one. */
  readonly nativeEvent?: Event;
  /** The element the native event was dispatched to. */
  readonly target?: Element | null;
  /** The element the rule's selector matched (Launch's `this`). */
  readonly element?: Element | null;
  /** Direct-call identifier. */
  readonly identifier?: string;
  /** Direct-call detail, data-layer item or custom-event detail. */
  readonly detail?: unknown;
  /** performance.now() when the event occurred. */
  readonly timeStamp: number;
  /**
   * The nearest element at or above `target` that matches a selector, else the nearest in the open
   * shadow trees under `target` that the event came through, outermost first (null for none or an
   * invalid selector), looked up once per event for all its rules: the dispatcher's own lookups are shared.
   */
  readonly closest?: (selector: string) => Element | null;
}

/** Each trigger type with the options a rule gives it. */
interface TriggerOptions {
  libraryLoaded: Record<never, never>;
  pageBottom: Record<never, never>;
  domReady: Record<never, never>;
  windowLoaded: Record<never, never>;
  historyChange: Record<never, never>;
  /** `selector` is matched against the target and its ancestors; the match is the rule's element. */
  click: { selector?: string };
  change: { selector?: string };
  timeOnPage: { seconds: number };
  directCall: { identifier: string };
  /** Without `event`, every pushed object matches. */
  dataLayerPush: { event?: string };
  customEvent: { name: string; selector?: string };
}

export type TriggerType = keyof TriggerOptions;
export type TriggerOf<T extends TriggerType> = { type: T } & TriggerOptions[T];
/** What a rule listens for. */
export type Trigger = { [T in TriggerType]: TriggerOf<T> }[TriggerType];

/** What conditions, actions and data elements of one rule run can read and do. */
export interface RuleContext {
  readonly event: EventContext;
  readonly ruleName: string;
  /** A data element's value (computed at most once for this event), a custom var or a built-in. */
  getVar(name: string): unknown;
  log: Logger;
}

export interface Condition {
  name: string;
  check(ctx: RuleContext): Awaitable<boolean>;
  /** Pass when the check fails. */
  negate?: boolean;
  /** Defaults to the runtime's component time-out (2000 ms). */
  timeoutMs?: number;
}

export interface Action {
  name: string;
  run(ctx: RuleContext): Awaitable<unknown>;
  timeoutMs?: number;
}

export interface Rule {
  name: string;
  /** Lower runs first among the rules of one event; Launch's default is 50. */
  order?: number;
  events: Trigger[];
  conditions?: Condition[];
  actions: Action[];
  /** Rules that describe the visit to analytics need the tracking gate open. Default true. */
  requiresTracking?: boolean;
  /**
   * This rule, and those after it for the same occurrence of the event, run in a later task (the
   * engine's `later`), in the same order and with the same event: a long lifecycle event is cut
   * where nothing after needs what comes before to run in the same task.
   */
  startsTask?: boolean;
}

export type StorageDuration = 'none' | 'pageview' | 'session' | 'visitor';

export interface DataElementContext {
  /** The event being handled, when the value is read for a rule. */
  readonly event?: EventContext;
  /** Another data element, with the same per-event cache and reference-depth guard. */
  getVar(name: string): unknown;
}

export interface DataElement {
  name: string;
  get(ctx: DataElementContext): unknown;
  /** Used when the getter gives undefined, null or ''. */
  defaultValue?: string;
  storage?: StorageDuration;
  /** Trim and fold runs of white space. */
  cleanText?: boolean;
  forceLowerCase?: boolean;
}

export interface Container {
  dataElements: DataElement[];
  rules: Rule[];
}

export interface Logger {
  readonly enabled: boolean;
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** A collapsed console group: a heading and the lines under it. */
  group(heading: string, lines: ReadonlyArray<readonly unknown[]>): void;
}
