/**
 * Link and click rules of every page (requirements CL-1 to CL-8): link kinds (downloads, exits,
 * e-mail, telephone, other government hosts, same-page anchors), the menu, follow and share
 * links, custom clicks. Every click beacon carries event 500; the tag never prevents or delays a
 * click, and analytics-exempt elements are never tracked. Clicks in Canada.ca blocks are in
 * blocks.ts.
 *
 * Markup conventions (GCWeb/WET; the demo site uses the same):
 * - menu `.gcweb-menu` (or WET's `#wb-sm`), opened by its `button`;
 * - follow us `.gc-followus`; share links `data-gc-share="platform|title"` or the WET share panel `.shr-pg`;
 * - custom click `data-gc-analytics-customclick="label"`.
 */
import { decoded } from '../dataElements/read';
import type { Rule } from '../engine/types';
import { redactTelephone, TELEPHONE_PLACEHOLDER } from '../privacy/telephone';
import type { RuleDependencies } from './deps';
import { elementIs, when } from './lib/conditions';
import { attrText, isExempt, labelOf, pick } from './lib/dom';
import { CUSTOM_CLICK_MARKUP, inMenu, LINK } from './lib/clickOwners';
import { createLinkClicks, linkValues } from './lib/linkClicks';
import * as L from './lib/links';
import { rule } from './lib/rule';

/** Link names the data-layer rules share, so both report the same interaction alike. */
export const DOWNLOAD_LINK = 'Download Link';
export const OUTBOUND_LINK = 'Outbound Link';
export const CUSTOM_CLICK = 'Custom Click';
export const NAVIGATION_TRACKING = 'Navigation Tracking';
export const NAVIGATION_MENU_INITIATE = 'Navigation Menu Initiate';

/** Page-widget controls: same-page links that open something rather than lead to an anchor. */
const WIDGET_CONTROL = '[role=tab], [role=button], [aria-controls], .wb-lbx, .shr-opn, .gc-followus, .gcweb-menu, #wb-sm';

/** The top-level menu section a link sits under ('' for a top-level link). */
function menuSection(el: Element): string {
  let top: Element | null = null;
  for (let li: Element | null | undefined = el.closest('li'); li; li = li.parentElement?.closest('li')) top = li;
  return top && top !== el.closest('li') ? labelOf(top.querySelector('a, button')) : '';
}

/** The anchor of the current address, decoded (`#%C3%A9tape` → `étape`). */
const currentAnchor = () => decoded(location.hash.slice(1));

export function linksRules({ tracker }: RuleDependencies): Rule[] {
  const { is, send, clickRule } = createLinkClicks(tracker);
  let menuOpened = false;
  // The hash an anchor click just went to: its hash change is the same interaction, not a second one.
  let anchorClicked = '';

  return [
    clickRule(DOWNLOAD_LINK, LINK, (el) => ({ ...linkValues(el), fileType: L.fileTypeOf(el) }), { owner: 'link', when: [is('download')], download: true }),
    clickRule(OUTBOUND_LINK, LINK, linkValues, { owner: 'link', when: [is('outbound')] }),
    clickRule('Non-outbound cross domain click', LINK, linkValues, { owner: 'link', when: [is('crossDomain')] }),
    clickRule('Email Link', LINK, L.emailValues, { owner: 'link', when: [is('email')] }),
    clickRule('Telephone Link', LINK, (el) => ({ linkText: redactTelephone(labelOf(el)), linkUrl: TELEPHONE_PLACEHOLDER }), {
      owner: 'link',
      when: [is('telephone')],
    }),
    clickRule('Anchor Link Click', LINK, (el) => ((anchorClicked = new URL(L.linkAddress(el)).hash), linkValues(el)), {
      owner: 'link',
      when: [
        is('samePage'),
        elementIs('reader anchor with text', (el) => !!labelOf(el) && !el.closest(WIDGET_CONTROL) && new URL(L.linkAddress(el)).hash !== L.MAIN_LANDING_HASH),
        when('not a search page', () => !L.onSearchPage()),
      ],
    }),
    clickRule(NAVIGATION_MENU_INITIATE, inMenu('button'), (el) => ((menuOpened = true), { linkText: labelOf(el) }), {
      owner: 'menu',
      // Capture phase: aria-expanded still says what the menu was before this click.
      when: [elementIs('menu opens, first time', (el) => !menuOpened && el.getAttribute('aria-expanded') !== 'true')],
    }),
    clickRule(NAVIGATION_TRACKING, inMenu('a[href]:not([href^="#"])'), (el) => ({ ...linkValues(el), linkPosition: menuSection(el) }), { owner: 'menu' }),
    clickRule('Follow - link', LINK, (el) => ({ linkText: L.platformOf(el), linkUrl: L.linkAddress(el) }), {
      owner: 'follow',
      when: [elementIs('a follow link', L.isFollowLink)],
    }),
    clickRule(
      'Share - link',
      L.SHARE_LINK,
      (el, ctx) => {
        const [platform, title] = attrText(el, 'data-gc-share')
          .split('|')
          .map((part) => part.trim());
        return { mediaType: platform || L.platformOf(el), mediaTitle: title || String(ctx.getVar('pageTitle') || ''), linkUrl: L.linkAddress(el) };
      },
      { owner: 'share' },
    ),
    clickRule(CUSTOM_CLICK, CUSTOM_CLICK_MARKUP, (el) => ({ linkText: attrText(el, 'data-gc-analytics-customclick') || labelOf(el) }), { owner: 'custom' }),
    rule(
      'Same-page Anchor Change',
      [{ type: 'historyChange' }],
      [
        when('hash-only change to a reader anchor', ({ event }) => {
          const { hash, href, search } = location;
          const clicked = hash === anchorClicked;
          anchorClicked = '';
          const before = String(pick(event.detail, 'oldUrl')).split('#')[0];
          return (
            !clicked &&
            hash.length > 1 &&
            before === href.split('#')[0] &&
            hash !== L.MAIN_LANDING_HASH &&
            !L.WIDGET_HASHES.test(hash) &&
            !new URLSearchParams(search).has('q') &&
            !isExempt(document.getElementById(currentAnchor()))
          );
        }),
      ],
      (ctx) => send(ctx, 'Same-page Anchor Change', { linkText: currentAnchor(), linkUrl: location.href }, { click: false }),
    ),
  ];
}
