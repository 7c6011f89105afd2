/**
 * Rule areas that only some pages need live in dist/tag-rules.js, so that tag.js stays small for
 * every page. Once the DOM is parsed, each area's test below says whether this page needs it;
 * when one does, tag.js imports tag-rules.js from beside itself and adds those areas to the
 * running engine, which replays the page's lifecycle to them (see Runtime.addRules).
 */
import { runScrollDepth } from '../dataElements/scroll';
import { isSearchPage } from '../dataElements/searchPages';
import { navigationType } from '../dataElements/performance';
import type { Container, Logger } from '../engine/types';
import { BLOCKS } from './blocks';
import type { RuleDependencies } from './deps';
import { CHAT_START } from './forms';
import { MEDIA } from './media';
import { SURVEY_START_PAGES, SURVEY_THANK_YOU_PAGES } from './survey';

export const RULES_FILE = 'tag-rules.js';

/** Markup of the widgets whose rules are in widgets.ts (a filter box appears once its table script runs). */
const WIDGETS = 'details, .wb-toggle, .wb-tabs, .wb-tables, .wb-filter, .dataTables_filter, input.wb-fltr-inpt';

const AREA_NEEDED = {
  blocks: () => !!document.querySelector(BLOCKS),
  search: () => isSearchPage(location.pathname),
  forms: () => !!document.querySelector('form, ' + CHAT_START),
  media: () => !!document.querySelector(MEDIA),
  scroll: () => runScrollDepth() === 'yes' && navigationType() === 'navigate',
  survey: () => [...SURVEY_START_PAGES, ...SURVEY_THANK_YOU_PAGES].includes(location.pathname.toLowerCase()),
  widgets: () => !!document.querySelector(WIDGETS),
};

export type AreaName = keyof typeof AREA_NEEDED;

/** The areas this page needs, in a stable order. */
export const neededAreas = (): AreaName[] => (Object.keys(AREA_NEEDED) as AreaName[]).filter((name) => AREA_NEEDED[name]());

/**
 * The DOM events the on-demand rules listen for (a test checks the list against them). Between
 * the end of parsing and the arrival of tag-rules.js, these are kept and replayed to the added
 * rules: an autoplaying video or a quick click is not lost to the download.
 */
export const LATE_DOM_EVENTS = ['click', 'change', 'submit', 'reset', 'playing', 'timeupdate'];

interface RulesModule {
  AREAS: Record<AreaName, (deps: RuleDependencies) => Container>;
}

/**
 * Adds the areas this page needs. `importer` loads tag-rules.js (a dynamic import in the tag);
 * a failed load costs those areas' beacons on this page, never an error in the page.
 */
export async function addNeededAreas(
  addRules: (container: Container, earlier: readonly Event[]) => void,
  deps: RuleDependencies,
  importer: () => Promise<unknown>,
  log: Logger,
): Promise<void> {
  const names = neededAreas();
  if (!names.length) return;
  const earlier: Event[] = [];
  const keep = (event: Event) => void earlier.push(event);
  for (const type of LATE_DOM_EVENTS) document.addEventListener(type, keep, true);
  try {
    const { AREAS } = (await importer()) as RulesModule;
    for (const name of names) addRules(AREAS[name](deps), earlier);
    log.log(`Rules added for this page: ${names.join(', ')}.`);
  } catch (error) {
    log.error(`The ${names.join(', ')} rules could not be loaded:`, error);
  } finally {
    for (const type of LATE_DOM_EVENTS) document.removeEventListener(type, keep, true);
  }
}
