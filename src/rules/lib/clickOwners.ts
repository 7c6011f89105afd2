/**
 * One click is one tracked interaction. Several rule families can match the same click (a custom
 * click on a link that leaves the site, a follow link to an RSS `.xml` feed, a menu link to another
 * gc.ca host), so each click has one owner: the first family, in this order, whose markup the
 * clicked element sits in. The most deliberate labelling wins: a site owner's own label, then the
 * share and follow links, the menu, a Canada.ca block, and last the kind of link (download, exit,
 * cross-domain, e-mail, telephone, anchor). The owner's beacon still carries the download or exit
 * it also was (type d with event 41, e with event 42), except for follow and share links, which
 * CL-4 never counts as exits (nor downloads). Documented in README "Tracked clicks".
 */
import { isFollowLink, SHARE_LINK } from './links';

export type ClickOwner = 'custom' | 'share' | 'follow' | 'menu' | 'block' | 'link';

export const CUSTOM_CLICK_MARKUP = '[data-gc-analytics-customclick]';
export const MENU_MARKUP = '.gcweb-menu, #wb-sm';
/** Links and controls of the Canada.ca blocks (blocks.ts has their rules). */
export const BLOCK_CLICKS =
  '.gc-most-requested a[href], .home-most-requested a[href], [class*=carousel-s] .tabpanels a[href], .gc-features a[href], .gc-feature a[href], .gc-nttvs a[href], #wb-so a[href], #wb-so button, gcds-card, #gc-pft .gc-pft-btns button, .gc-pft .gc-pft-btns button, #wb-pii-scrub-modal .popup-modal-dismiss';
/** What a link is to the rules: an anchor, an image-map area, or a design-system link. */
export const LINK = 'a[href], area[href], gcds-link[href], gcds-button[href]';

const OWNERS: ReadonlyArray<readonly [ClickOwner, (target: Element) => boolean]> = [
  ['custom', (target) => !!target.closest(CUSTOM_CLICK_MARKUP)],
  ['share', (target) => !!target.closest(SHARE_LINK)],
  [
    'follow',
    (target) => {
      const link = target.closest(LINK);
      return !!link && isFollowLink(link);
    },
  ],
  ['menu', (target) => !!target.closest(MENU_MARKUP)],
  ['block', (target) => !!target.closest(BLOCK_CLICKS)],
];

/** The family that owns a click on `target`. */
export const ownerOf = (target: Element | null | undefined): ClickOwner => (target && OWNERS.find(([, owns]) => owns(target))?.[0]) || 'link';
