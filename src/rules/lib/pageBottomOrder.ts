/**
 * The page-bottom sequence (requirements PB-1), named once: the order values the rules that run at the page
 * bottom take, lowest first. Rule components are synchronous, so each order value has finished
 * before the next starts; rules of one value run in the order they were added. From the page
 * variables on, the sequence runs in a task of its own (the rule `startsTask`), so the page bottom
 * is two short tasks rather than one long one.
 */
export const PAGE_BOTTOM_ORDER = {
  /** Start watching this page's paint times (page.ts). */
  paintObserver: 10,
  /** A survey start page notes the time (survey.ts). */
  surveyStart: 30,
  /** Setters: the error-page type (page.ts); survey completion reads the time kept at 30. */
  errorPage: 50,
  /** The screen id (interactions.ts), for the page view to carry. */
  screenId: 80,
  /** The page variables, and this page's values kept for the next page (page.ts). */
  pageVariables: 90,
  /** The visit's cookies (measurements.ts). */
  visitCookies: 95,
  /**
   * The page view, or what stands in for it (the home and news pages' internal-campaign
   * impression, the first search of a results page); then the click cookies are deleted and
   * pageReset clears the variables.
   */
  pageView: 100,
} as const;
