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
/**
 * The site menus: GCWeb's, a theme page's own (GCWeb's theme template since 16.7: `nav#theme-nav`),
 * the design system's `<gcds-topic-menu>` (GCWeb's GCDS layout: its shadow root's `nav`), and WET's.
 */
const MENUS = ['.gcweb-menu', '#theme-nav', '.gcds-topic-menu', '#wb-sm'];
export const MENU_MARKUP = MENUS.join(', ');
/** `inner` inside any of the site menus. */
export const inMenu = (inner: string) => MENUS.map((menu) => `${menu} ${inner}`).join(', ');
/** What a link is to the rules: an anchor, an image-map area, or a design-system link. */
export const LINK = 'a[href], area[href], gcds-link[href], gcds-button[href]';

/** GCWeb's All services page marks its most requested links themselves: `data-gc-analytics-mostRequested`. */
export const MOST_REQUESTED_MARK = '[data-gc-analytics-mostrequested]';
/**
 * The links and controls of the Canada.ca blocks, one selector per block rule (blocks.ts,
 * feedback.ts): a click's owner is found with the very lookups those rules' triggers make.
 */
export const MOST_REQUESTED_LINK = `.gc-most-requested a[href], .home-most-requested a[href], ${MOST_REQUESTED_MARK}[href]`;
export const CAROUSEL_LINK = '[class*=carousel-s] .tabpanels a[href]';
export const FEATURE_LINK = '.gc-features a[href], .gc-feature a[href]';
export const ACTIVITIES_LINK = '.gc-nttvs a[href]';
export const SIGN_IN_CONTROL = '#wb-so a[href], #wb-so button';
export const CARD = 'gcds-card';
export const FEEDBACK_BUTTON = '#gc-pft .gc-pft-btns button, .gc-pft .gc-pft-btns button';
export const PII_MODAL = '#wb-pii-scrub-modal';
export const PII_MODAL_DISMISS = `${PII_MODAL} .popup-modal-dismiss`;
export const BLOCK_CLICKS = [MOST_REQUESTED_LINK, CAROUSEL_LINK, FEATURE_LINK, ACTIVITIES_LINK, SIGN_IN_CONTROL, CARD, FEEDBACK_BUTTON, PII_MODAL_DISMISS];

type Closest = (selector: string) => Element | null;
const OWNERS: ReadonlyArray<readonly [ClickOwner, (closest: Closest) => boolean]> = [
  ['custom', (closest) => !!closest(CUSTOM_CLICK_MARKUP)],
  ['share', (closest) => !!closest(SHARE_LINK)],
  [
    'follow',
    (closest) => {
      const link = closest(LINK);
      return !!link && isFollowLink(link);
    },
  ],
  ['menu', (closest) => !!closest(MENU_MARKUP)],
  ['block', (closest) => BLOCK_CLICKS.some((selector) => closest(selector))],
];

/** The family that owns a click on `target`; `closest` is the event's own lookup, shared with its rules. */
export const ownerOf = (target: Element | null | undefined, closest: Closest = (selector) => target?.closest(selector) ?? null): ClickOwner =>
  (target && OWNERS.find(([, owns]) => owns(closest))?.[0]) || 'link';
