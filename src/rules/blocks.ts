/**
 * Clicks in Canada.ca blocks (SPEC §1, §9), loaded on demand on pages that have one (BLOCKS):
 * most requested `.gc-most-requested`, the carousel `.wb-tabs.carousel-s1|s2` (its slides the
 * children of `.tabpanels`), features `.gc-features` and the contextual feature `.gc-feature`
 * (with the home-page feature impression), "Government of Canada activities and initiatives"
 * `.gc-prtts`, sign-in `#wb-so`, design-system cards `<gcds-card card-title href>` and the page
 * feedback tool's edit-comment control `.gc-pft [data-pft-edit]`.
 */
import { cookies } from '../engine/cookies';
import type { Rule } from '../engine/types';
import { redactText } from '../privacy/redact';
import { redactUrl } from '../privacy/url';
import type { RuleDependencies } from './deps';
import { notExempt, pathIsOneOf, when } from './lib/conditions';
import { all, isExempt, labelOf } from './lib/dom';
import { createLinkClicks, linkValues } from './lib/linkClicks';
import * as L from './lib/links';
import { click, rule } from './lib/rule';

const FEATURES = '.gc-features a[href], .gc-feature a[href]';
export const HOME_PAGES = ['/en.html', '/fr.html'];
/** Set when a feature is clicked: [name, value, days (30 minutes)]. */
export const NAV_COOKIE = ['dtm_gpv_nav', 'GoC Features', 0.0208333] as const;
/** Markup of the blocks below; a page with none of them does not load this area. */
export const BLOCKS = '.gc-most-requested, [class*=carousel-s], .gc-features, .gc-feature, .gc-prtts, #wb-so, gcds-card, .gc-pft, #gc-pft';

/** 'tab' + the number (from 1) of the slide the link is on. */
function carouselPosition(el: Element): string {
  const slide = el.closest('.tabpanels > *');
  return slide ? `tab${Array.from(slide.parentElement!.children).indexOf(slide) + 1}` : '';
}

/** The titles of the features shown (not exempt ones), 'A | B'. */
const featureTitles = () =>
  all(FEATURES)
    .filter((a) => !isExempt(a))
    .map(labelOf)
    .join(' | ');

export function blocksRules({ tracker }: RuleDependencies): Rule[] {
  const { send, clickRule } = createLinkClicks(tracker);
  const impression = (seconds: number): Rule =>
    rule(
      `Home-page feature impression ${seconds} s`,
      [{ type: 'timeOnPage', seconds }],
      [pathIsOneOf(HOME_PAGES), when('page has features', () => !!featureTitles())],
      (ctx) => send(ctx, 'Home-page feature impression', { linkText: featureTitles(), linkPosition: `${seconds}s` }, false),
    );
  return [
    clickRule('Most Requested Link', '.gc-most-requested a[href]', linkValues),
    clickRule('Carousel Click', '[class*=carousel-s] .tabpanels a[href]', (el) => ({ ...linkValues(el), linkPosition: carouselPosition(el) })),
    clickRule('Features/Contextual Feature Click', FEATURES, linkValues),
    clickRule('GoC Activities', '.gc-prtts a[href]', linkValues),
    // SPEC §5 names sign-in and card text and URL for redaction; the tracker scrubs them again.
    clickRule('Sign-in Click', '#wb-so a[href]', (el) => ({ linkText: redactText(labelOf(el)), linkUrl: redactUrl(L.linkAddress(el)) })),
    clickRule(
      'GCDS Card Click',
      'gcds-card',
      (el) => ({ linkText: redactText(el.getAttribute('card-title') || labelOf(el)), linkUrl: redactUrl(L.linkAddress(el)) }),
      [],
      'exit',
    ),
    clickRule('Page Feedback Tool edit comment click', '.gc-pft [data-pft-edit], #gc-pft [data-pft-edit]', (el) => ({ linkText: labelOf(el) })),
    // The next page tells feature traffic from menu traffic by this cookie (SPEC §9).
    rule('Features: navigation cookie', click(FEATURES), [notExempt], () => cookies.set(NAV_COOKIE[0], NAV_COOKIE[1], { days: NAV_COOKIE[2] }), undefined, 'Set dtm_gpv_nav'),
    impression(3),
    impression(6),
  ];
}
