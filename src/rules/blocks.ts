/**
 * Clicks in Canada.ca blocks (requirements CL-1, CL-10), loaded on demand on pages that have one (BLOCKS),
 * with GCWeb's markup: most requested (`section.gc-most-requested` on theme and topic pages,
 * `section.home-most-requested` on the home page, links marked `data-gc-analytics-mostRequested`
 * on the All services page), the carousel `.wb-tabs.carousel-s1|s2` (its
 * slides the children of `.tabpanels`), features `.gc-features` and the contextual feature
 * `.gc-feature` (with the home-page feature impression of the features a visitor can see), the
 * activities and initiatives block `aside.gc-nttvs`, sign-in `#wb-so` (links, and the buttons of
 * the signed-off and signed-in variants) and design-system cards `<gcds-card card-title href>`.
 * The page feedback tool, on every page, is in feedback.ts.
 */
import { VISIT_DAYS } from '../dataElements/visitLength';
import { siteCookies } from '../engine/cookies';
import type { Rule } from '../engine/types';
import type { RuleDependencies } from './deps';
import { notExempt, pathIsOneOf, when } from './lib/conditions';
import { all, isExempt, isVisible, labelOf } from './lib/dom';
import { ACTIVITIES_LINK, CARD, CAROUSEL_LINK, FEATURE_LINK, MOST_REQUESTED_LINK, MOST_REQUESTED_MARK, SIGN_IN_CONTROL } from './lib/clickOwners';
import { createLinkClicks, linkValues } from './lib/linkClicks';
import * as L from './lib/links';
import { click, rule } from './lib/rule';

export const HOME_PAGES = ['/en.html', '/fr.html'];
/** Set when a feature is clicked: [name, value, days (30 minutes)]. */
export const NAV_COOKIE = ['dtm_gpv_nav', 'GoC Features', VISIT_DAYS] as const;
/** Markup of the blocks below; a page with none of them does not load this area. */
export const BLOCKS = `.gc-most-requested, .home-most-requested, ${MOST_REQUESTED_MARK}, [class*=carousel-s], .gc-features, .gc-feature, .gc-nttvs, #wb-so, gcds-card`;

/** The sign-in label a desktop visitor reads: GCWeb gives small screens a shorter copy (`.visible-xs`). */
const signInLabel = (el: Element) => labelOf(el.querySelector('.hidden-xs') || el);

/** 'tab' + the number (from 1) of the slide the link is on. */
function carouselPosition(el: Element): string {
  const slide = el.closest('.tabpanels > *');
  return slide ? `tab${Array.from(slide.parentElement!.children).indexOf(slide) + 1}` : '';
}

/**
 * The titles of the features a visitor sees, 'A | B': GCWeb keeps the features its randomizer did
 * not pick (`.hide`) and a no-JavaScript copy of the list (`.nojs-show`) in the page, hidden.
 */
const featureTitles = () =>
  all(FEATURE_LINK)
    .filter((a) => !isExempt(a) && isVisible(a))
    .map(labelOf)
    .join(' | ');

export function blocksRules({ tracker }: RuleDependencies): Rule[] {
  const { send, clickRule } = createLinkClicks(tracker);
  const impression = (seconds: number): Rule =>
    rule(
      `Home-page feature impression ${seconds} s`,
      [{ type: 'timeOnPage', seconds }],
      [pathIsOneOf(HOME_PAGES), when('page has features', () => !!featureTitles())],
      (ctx) => send(ctx, 'Home-page feature impression', { linkText: featureTitles(), linkPosition: `${seconds}s` }, { click: false }),
    );
  return [
    clickRule('Most Requested Link', MOST_REQUESTED_LINK, linkValues, { owner: 'block' }),
    clickRule('Carousel Click', CAROUSEL_LINK, (el) => ({ ...linkValues(el), linkPosition: carouselPosition(el) }), {
      owner: 'block',
    }),
    clickRule('Features/Contextual Feature Click', FEATURE_LINK, linkValues, { owner: 'block' }),
    clickRule('GoC Activities', ACTIVITIES_LINK, linkValues, { owner: 'block' }),
    // PR-7 names sign-in and card text and URL for redaction: the tracker scrubs every value it sends.
    clickRule('Sign-in Click', SIGN_IN_CONTROL, (el) => ({ linkText: signInLabel(el), linkUrl: L.linkAddress(el) || undefined }), {
      owner: 'block',
    }),
    clickRule('GCDS Card Click', CARD, (el) => ({ linkText: el.getAttribute('card-title') || labelOf(el), linkUrl: L.linkAddress(el) }), {
      owner: 'block',
    }),
    // The next page tells feature traffic from menu traffic by this cookie (CL-10).
    rule('Features: navigation cookie', click(FEATURE_LINK), [notExempt], () => siteCookies.set(NAV_COOKIE[0], NAV_COOKIE[1], { days: NAV_COOKIE[2] }), {
      action: 'Set dtm_gpv_nav',
    }),
    impression(3),
    impression(6),
  ];
}
