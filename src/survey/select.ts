/**
 * Which survey, if any, to offer on this page: pure functions of the definition, the page, the
 * clock and a random source, so every step can be tested with fixed inputs and every decision
 * explained in the logim log.
 */
import type { Language, SurveyDefinition, SurveyRecord, SurveyScope } from './types';

export const SCOPES: readonly SurveyScope[] = ['Entire site', 'Theme', 'Institution', 'Page'];

/** What the selection needs to know about the page and the browser. */
export interface PageFacts {
  /** Host and path, e.g. `www.canada.ca/en/services/benefits.html`. */
  hostAndPath: string;
  theme: string;
  /** The page's language ('' when it cannot tell). */
  language: Language | '';
  creator: string;
  userAgent: string;
  browserLanguage: string;
  device: 'Desktop' | 'Mobile';
}

/** QA overrides from the im_* query parameters. */
export interface Overrides {
  scope?: SurveyScope;
  surveyId?: string;
  ignoreStartDate?: boolean;
}

export type Random = () => number;

/**
 * Picks one item with a chance proportional to its weight; items of weight 0 (or less, or not
 * a number) are never picked. `outOf` is what the weights are shares of: 1 for probabilities,
 * where nothing may be picked; the weights' own total for a draw that always picks one.
 */
export function weightedPick<T>(items: readonly T[], weight: (item: T) => number, random: Random, outOf?: number): T | undefined {
  const weighted = items.map((item) => [item, weight(item)] as const).filter(([, w]) => w > 0);
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let point = random() * Math.max(outOf ?? total, total);
  for (const [item, w] of weighted) {
    if (point < w) return item;
    point -= w;
  }
  return undefined;
}

/** The scope of this visit, drawn by the settings' allocation weights. */
export function drawScope(weights: Record<SurveyScope, number>, random: Random): SurveyScope | undefined {
  return weightedPick(SCOPES, (scope) => weights[scope], random);
}

const lower = (text: string) => text.toLowerCase();
const contains = (haystack: string, needle: string) => needle !== '' && lower(haystack).includes(lower(needle.trim()));

/** Browser-language patterns come from a file: bounded, and a bad one matches nothing. */
function languageMatches(pattern: string, language: string): boolean {
  if (pattern.length > 100) return false;
  try {
    return new RegExp(pattern, 'i').test(language.slice(0, 35));
  } catch {
    return false;
  }
}

/** Why a survey cannot be offered to this browser now, or '' when it can. */
export function ineligibility(survey: SurveyRecord, facts: PageFacts, now: number, overrides: Overrides = {}): string {
  if (!overrides.ignoreStartDate && now < survey.start) return 'not started';
  if (now > survey.end) return 'ended';
  const avoided = survey.avoidBrowsers.find((browser) => contains(facts.userAgent, browser));
  if (avoided) return `browser avoided (${avoided})`;
  if (survey.targetDevice && survey.targetDevice !== facts.device) return `for ${survey.targetDevice} only`;
  if (survey.targetLanguage && !languageMatches(survey.targetLanguage, facts.browserLanguage))
    return `browser language ${facts.browserLanguage} does not match ${survey.targetLanguage}`;
  return '';
}

/** Whether the page is one the survey is about, by its type's rule. */
export function matchesPage(survey: SurveyRecord, facts: PageFacts): boolean {
  const test: Record<SurveyScope, (target: string, index: number) => boolean> = {
    // SV-4: theme and language (science, culture: the same theme names in both languages).
    Theme: (theme, i) => {
      const language = (survey.targetLanguages || [])[i];
      return theme.trim() !== '' && lower(theme.trim()) === lower(facts.theme) && (!language || language === facts.language);
    },
    'Entire site': (site) => contains(facts.hostAndPath, site),
    // biome-ignore lint/correctness/noComponentHookFactories: survey scopes, named as the survey file names them; not React components
    Institution: (institution) => institution.trim() !== '' && lower(facts.creator).startsWith(lower(institution.trim())),
    // biome-ignore lint/correctness/noComponentHookFactories: as above
    Page: (fragment) => contains(facts.hostAndPath, fragment),
  };
  return survey.targets.some(test[survey.type]);
}

/** The allow- and blocklists of the settings, on host and path. */
export function pageAllowed(definition: SurveyDefinition, facts: PageFacts): boolean {
  const { urlAllowlist, urlBlocklist } = definition.settings;
  if (urlAllowlist.length && !urlAllowlist.some((url) => contains(facts.hostAndPath, url))) return false;
  return !urlBlocklist.some((url) => contains(facts.hostAndPath, url));
}

/**
 * A survey's chance on this page. Site-wide surveys are only considered in the visits that drew
 * the site scope, so their probability is divided by that scope's share of the draw: the
 * visitor's overall chance stays what the file says.
 */
export function chanceOf(survey: SurveyRecord, weights: Record<SurveyScope, number>): number {
  if (survey.type !== 'Entire site') return survey.probability;
  const total = SCOPES.reduce((sum, scope) => sum + Math.max(0, weights[scope]), 0);
  const share = total > 0 ? Math.max(0, weights['Entire site']) / total : 0;
  return share > 0 ? Math.min(1, survey.probability / share) : 0;
}

export interface Decision {
  survey?: SurveyRecord;
  /** Ids that entered the draw: the caller drops them from the visit's copy. */
  considered: string[];
  /** One line per survey: why it was kept or dropped. */
  reasons: string[];
}

/** Steps 5 to 7 of the invitation flow, for the visit's scope. */
export function selectSurvey(
  definition: SurveyDefinition,
  scope: SurveyScope,
  facts: PageFacts,
  now: number,
  random: Random,
  overrides: Overrides = {},
): Decision {
  if (overrides.surveyId) {
    // QA forcing a survey wants to see it whatever the scope, page, dates or odds.
    const survey = definition.surveys.find((s) => s.id === overrides.surveyId);
    return { survey, considered: survey ? [survey.id] : [], reasons: [survey ? `forced ${survey.id}` : `no survey ${overrides.surveyId}`] };
  }
  if (!pageAllowed(definition, facts)) return { considered: [], reasons: ['page is not on the survey allowlist, or is on its blocklist'] };
  const reasons: string[] = [];
  const active = new Set(definition.activeIds);
  const candidates = definition.surveys.filter((survey) => {
    const why = !active.has(survey.id)
      ? 'not in qry_active_surveys'
      : survey.type !== scope
        ? `scope ${survey.type}, visit scope ${scope}`
        : ineligibility(survey, facts, now, overrides) || (matchesPage(survey, facts) ? '' : 'page does not match');
    reasons.push(`${survey.id} ${survey.name}: ${why ? `dropped, ${why}` : 'kept'}`);
    return !why;
  });
  const survey = weightedPick(candidates, (s) => chanceOf(s, definition.settings.weights), random, 1);
  reasons.push(survey ? `drew ${survey.id}` : candidates.length ? 'the draw picked none' : 'no survey matches');
  return { survey, considered: candidates.map((s) => s.id), reasons };
}
