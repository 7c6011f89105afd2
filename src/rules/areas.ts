/**
 * Rule areas that only some pages need live in dist/tag-rules.js, so that tag.js stays small for
 * every page. Each area says here what makes a page need it: markup (present when parsing ends,
 * or added later: WET's ajax includes, lightboxes, single-page apps), what the page is (its
 * path), or an event the area handles (the first one loads it, and is replayed to it). When one
 * does, tag.js imports tag-rules.js from beside itself, once, and adds the area to the running
 * engine, which replays the page's lifecycle to it (see Runtime.addRules).
 */
import { runScrollDepth } from '../dataElements/scroll';
import { isSearchPage, SEARCH_EVENT } from '../dataElements/searchPages';
import { navigationType } from '../dataElements/performance';
import { onDomReady } from '../engine/runtime';
import type { Container, Logger, Rule, Trigger } from '../engine/types';
import { BLOCKS } from './blocks';
import type { RuleDependencies } from './deps';
import { FORMS, PAGE_DETAILS_PROBLEM, PAGE_DETAILS_PROBLEM_FORM } from './forms';
import { pushed, rule } from './lib/rule';
import { MEDIA } from './media';
import { SURVEY_START_PAGES, SURVEY_THANK_YOU_PAGES } from './survey';
import { GCDS_TABLE_CHANGE, UNTRACKED_DETAILS, WIDGETS } from './widgets';

export const RULES_FILE = 'tag-rules.js';

interface Need {
  /** Markup its rules act on, present when parsing ends or added later. */
  markup?: string;
  /** Markup that matches `markup` but does not count: the area's rules leave it alone, or wait for `clickIn`. */
  except?: string;
  /** A click inside this markup loads the area, and is replayed to it. */
  clickIn?: string;
  /** The page needs it by what it is. */
  page?: () => boolean;
  /** Engine events it handles (data-layer pushes, time on page): the first loads it. */
  triggers?: Trigger[];
  /** Window or document events it handles: the first loads it and is replayed to it. */
  domEvents?: string[];
}

export const AREA_NEEDS = {
  blocks: { markup: BLOCKS },
  search: { page: () => isSearchPage(location.pathname), triggers: [pushed('search'), pushed('searchResult')], domEvents: [SEARCH_EVENT] },
  forms: { markup: FORMS, except: PAGE_DETAILS_PROBLEM_FORM, clickIn: PAGE_DETAILS_PROBLEM },
  media: { markup: MEDIA },
  scroll: { page: () => runScrollDepth() === 'yes' && navigationType() === 'navigate' },
  survey: { page: () => [...SURVEY_START_PAGES, ...SURVEY_THANK_YOU_PAGES].includes(location.pathname.toLowerCase()) },
  widgets: { markup: WIDGETS, except: UNTRACKED_DETAILS },
} satisfies Record<string, Need>;

export type AreaName = keyof typeof AREA_NEEDS;

const NAMES = Object.keys(AREA_NEEDS) as AreaName[];
const needs = (name: AreaName): Need => AREA_NEEDS[name];

/** Whether `root` is, or holds, markup that makes the area needed. */
function holdsMarkup(root: Element | Document, { markup, except }: Need): boolean {
  if (!markup) return false;
  const counts = (element: Element) => !except || !element.matches(except);
  return (root instanceof Element && root.matches(markup) && counts(root)) || Array.from(root.querySelectorAll(markup)).some(counts);
}

/** The areas this page needs when parsing ends, in a stable order. */
export const neededAreas = (): AreaName[] => NAMES.filter((name) => holdsMarkup(document, needs(name)) || !!needs(name).page?.());

/**
 * The DOM events the on-demand rules listen for (a test checks the list against them). Between
 * the moment an area is needed and the arrival of tag-rules.js, these are kept and replayed to
 * the added rules: an autoplaying video or a quick click is not lost to the download.
 */
export const LATE_DOM_EVENTS = ['click', 'auxclick', 'change', 'submit', 'reset', 'playing', 'timeupdate', SEARCH_EVENT, GCDS_TABLE_CHANGE];

export interface RulesModule {
  AREAS: Record<AreaName, (deps: RuleDependencies) => Container>;
}

/**
 * Adds the areas this page needs once it is parsed, then each other one as soon as the page
 * needs it. Call it when the tag starts. `importer` loads tag-rules.js (a dynamic import in the
 * tag); a failed load costs those areas' beacons on this page, never an error in the page.
 * `whenToLook` says when the parsed page's markup is looked at (tag.js: once the page view is on
 * its way, which must not wait for it); the events the areas handle are kept from the start until
 * then, and handed to the areas found. Resolves once the areas found then are added.
 */
export function addNeededAreas(
  addRules: (container: Container, earlier: readonly Event[]) => void,
  deps: RuleDependencies,
  /** tag-rules.js, imported at most once (engine/onDemand.ts). */
  importer: () => Promise<RulesModule>,
  log: Logger,
  whenToLook: (look: () => void) => void = onDomReady,
): Promise<void> {
  const requested = new Set<AreaName>();

  /**
   * Loads `names` (those not requested before); `kept` are events they handle that already
   * happened, oldest first, and `first` one that is happening now.
   */
  const load = (names: AreaName[], first?: Event, kept: readonly Event[] = []): Promise<void> => {
    const fresh = names.filter((name) => !requested.has(name));
    if (!fresh.length) return Promise.resolve();
    fresh.forEach((name) => requested.add(name));
    const earlier = first ? [...kept, first] : [...kept];
    // The first event may still be on its way down to the document when this listener is added.
    const keep = (event: Event) => void (event !== first && earlier.push(event));
    for (const type of LATE_DOM_EVENTS) document.addEventListener(type, keep, true);
    return Promise.resolve()
      .then(importer)
      .then(({ AREAS }) => {
        for (const name of fresh) addRules(AREAS[name](deps), earlier);
        log.log(`Rules added for this page: ${fresh.join(', ')}.`);
      })
      .catch((error: unknown) => log.error(`The ${fresh.join(', ')} rules could not be loaded:`, error))
      .finally(() => {
        for (const type of LATE_DOM_EVENTS) document.removeEventListener(type, keep, true);
      });
  };

  // Events an area handles, heard from the tag's start (a search can be announced before the
  // page is parsed): the first one loads the area and is replayed to it.
  const firstOf = (name: AreaName, type: string, counts: (event: Event) => boolean = () => true) => {
    const first = (event: Event) => {
      // Loaded by other means (its markup, another event): nothing left to look at on each event.
      if (requested.has(name)) return removeEventListener(type, first, true);
      if (!counts(event)) return;
      removeEventListener(type, first, true);
      void load([name], event);
    };
    addEventListener(type, first, { capture: true, passive: true });
  };
  for (const name of NAMES) {
    const { domEvents = [], clickIn } = needs(name);
    for (const type of domEvents) firstOf(name, type);
    if (clickIn) firstOf(name, 'click', (event) => event.target instanceof Element && !!event.target.closest(clickIn));
  }

  // Until the markup is looked at: a click on a block, a form sent, a video played are not lost.
  const early: Event[] = [];
  const keepEarly = (event: Event) => void early.push(event);
  for (const type of LATE_DOM_EVENTS) document.addEventListener(type, keepEarly, true);

  /** Once the page is parsed: what it needs now, and how it will tell what it needs later. */
  const whenParsed = (): Promise<void> => {
    for (const type of LATE_DOM_EVENTS) document.removeEventListener(type, keepEarly, true);
    const needed = neededAreas();
    const later = NAMES.filter((name) => !needed.includes(name));
    // Markup added after parsing: one observer for every area, gone once none is left to find.
    // Each added element is matched once against all the markup still awaited, and only a match
    // is sorted out by area: a busy page's mutations cost one selector test each.
    let watched = later.filter((name) => needs(name).markup);
    if (watched.length && typeof MutationObserver === 'function') {
      const observer = new MutationObserver((records) => {
        // An area an event has loaded meanwhile is no longer awaited.
        watched = watched.filter((name) => !requested.has(name));
        if (!watched.length) return observer.disconnect();
        const awaited = watched.map((name) => needs(name).markup!).join(', ');
        const added = records
          .flatMap((record) => Array.from(record.addedNodes))
          .filter((node): node is Element => node instanceof Element && (node.matches(awaited) || !!node.querySelector(awaited)));
        if (!added.length) return;
        const found = watched.filter((name) => added.some((node) => holdsMarkup(node, needs(name))));
        watched = watched.filter((name) => !found.includes(name));
        void load(found);
        if (!watched.length) observer.disconnect();
      });
      observer.observe(document.documentElement, { childList: true, subtree: true });
    }
    // Engine events an area handles (data-layer pushes, time on the page): the first one loads it.
    const loaders: Rule[] = [];
    for (const name of later) {
      const { triggers } = needs(name);
      if (triggers) loaders.push(rule(`Load the ${name} rules`, triggers, [], () => load([name]), { action: 'load' }));
    }
    if (loaders.length) addRules({ dataElements: [], rules: loaders }, []);
    return load(needed, undefined, early);
  };
  return new Promise((resolve) => whenToLook(() => resolve(whenParsed())));
}
