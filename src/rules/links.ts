/**
 * Link and click rules (SPEC §1, §2, §5, §7, §9): link kinds (downloads, exits, e-mail,
 * telephone, other government hosts, same-page anchors), Canada.ca blocks and the home-page
 * feature impression. Every click beacon carries event 500; the tag never prevents or delays a
 * click, and analytics-exempt elements are never tracked.
 *
 * Markup conventions (GCWeb/WET; the demo site uses the same):
 * - menu `.gcweb-menu` (or WET's `#wb-sm`), opened by its `button`;
 * - most requested `.gc-most-requested`; "Government of Canada activities and initiatives" `.gc-prtts`;
 * - carousel `.wb-tabs.carousel-s1|s2`, its slides the children of `.tabpanels`;
 * - features `.gc-features` (home and theme pages), contextual feature `.gc-feature`;
 * - follow us `.gc-followus`; share links `data-gc-share="platform|title"` or the WET share panel `.shr-pg`;
 * - sign-in `#wb-so`; design-system cards `<gcds-card card-title href>`;
 * - custom click `data-gc-analytics-customclick="label"`; page feedback tool `.gc-pft`, its
 *   edit-comment control `[data-pft-edit]`.
 */
import type { LinkType } from '../analytics/wireFormat';
import { saveClickContext } from '../dataElements/clickContext';
import type { InteractionValue } from '../dataElements/sdr';
import { cookies } from '../engine/cookies';
import type { Condition, EventContext, Rule, RuleContext } from '../engine/types';
import { redactText, redactUrl } from '../privacy/redact';
import { redactTelephone, TELEPHONE_PLACEHOLDER } from '../privacy/telephone';
import type { RuleDependencies } from './deps';
import { sendLinkBeacon } from './lib/beacons';
import { elementIs, elementOf, notExempt, pathIsOneOf, when } from './lib/conditions';
import { decoded } from '../dataElements/read';
import { all, attrText, isExempt, labelOf, pick } from './lib/dom';
import { click, rule } from './lib/rule';
import * as L from './lib/links';

type Values = Partial<Record<InteractionValue, string>>;

/** Link names the data-layer rules share, so both report the same interaction alike. */
export const DOWNLOAD_LINK = 'Download Link';
export const OUTBOUND_LINK = 'Outbound Link';
export const CUSTOM_CLICK = 'Custom Click';
export const NAVIGATION_TRACKING = 'Navigation Tracking';
export const NAVIGATION_MENU_INITIATE = 'Navigation Menu Initiate';
export const DOWNLOAD_EVENT = 41;
export const EXIT_EVENT = 42;

const LINK = 'a[href], area[href]';
const FEATURES = '.gc-features a[href], .gc-feature a[href]';
export const HOME_PAGES = ['/en.html', '/fr.html'];
/** SPEC §9: the navigation cookie, about 30 minutes. */
export const NAV_COOKIE = ['dtm_gpv_nav', 'GoC Features', 0.0208333] as const;
/** Page-widget controls: same-page links that open something rather than lead to an anchor. */
const WIDGET_CONTROL = '[role=tab], [role=button], [aria-controls], .wb-lbx, .shr-opn, .gc-followus, .gcweb-menu, #wb-sm';

const linkValues = (el: Element): Values => ({ linkText: labelOf(el), linkUrl: L.linkAddress(el) });

/** The top-level menu section a link sits under ('' for a top-level link). */
function menuSection(el: Element): string {
  let top: Element | null = null;
  for (let li = el.closest('li'); li; li = li.parentElement && li.parentElement.closest('li')) top = li;
  return top && top !== el.closest('li') ? labelOf(top.querySelector('a, button')) : '';
}

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

/** The anchor of the current address, decoded (`#%C3%A9tape` → `étape`). */
const currentAnchor = () => decoded(location.hash.slice(1));

export function linksRules({ tracker }: RuleDependencies): Rule[] {
  // One click starts a dozen rules on the same link: its kind is worked out once per event.
  const kinds = new WeakMap<EventContext, L.LinkKind>();
  const kindOf = ({ event }: RuleContext): L.LinkKind => {
    if (!kinds.has(event)) kinds.set(event, event.element ? L.linkKind(event.element) : 'none');
    return kinds.get(event)!;
  };
  const is = (kind: L.LinkKind) => when(`link is ${kind}`, (ctx) => kindOf(ctx) === kind);
  let menuOpened = false;
  // The hash an anchor click just went to: its hash change is the same interaction, not a second one.
  let anchorClicked = '';

  /** Sends a link beacon; a click that loads another page of this host first leaves its context for that page. */
  const send = (ctx: RuleContext, name: string, values: Values, click = true, type: LinkType = 'o', events: number[] = []) => {
    const el = ctx.event.element;
    if (click && el && L.leadsToPageHere(el)) saveClickContext({ url: values.linkUrl || L.linkAddress(el), text: values.linkText || labelOf(el) });
    // The link URL (pev1) is the interaction's own address when it has one.
    return sendLinkBeacon(tracker, ctx, name, values, events, click, { type, url: values.linkUrl || undefined });
  };

  /**
   * One tracked click (not on exempt elements). A download is named 'Download Link - url' (SPEC
   * §7) with event 41; an exit is link type e with event 42 when the destination is another
   * site, else o.
   */
  const clickRule = (name: string, selector: string, valuesOf: (el: Element, ctx: RuleContext) => Values, conditions: Condition[] = [], kind?: 'download' | 'exit') =>
    rule(name, click(selector), [notExempt, ...conditions], (ctx) => {
      const values = valuesOf(elementOf(ctx), ctx);
      if (kind === 'download') return send(ctx, `${name} - ${values.linkUrl}`, values, true, 'd', [DOWNLOAD_EVENT]);
      return kind && kindOf(ctx) === 'outbound' ? send(ctx, name, values, true, 'e', [EXIT_EVENT]) : send(ctx, name, values);
    });

  const impression = (seconds: number): Rule =>
    rule(
      `Home-page feature impression ${seconds} s`,
      [{ type: 'timeOnPage', seconds }],
      [pathIsOneOf(HOME_PAGES), when('page has features', () => !!featureTitles())],
      (ctx) => send(ctx, 'Home-page feature impression', { linkText: featureTitles(), linkPosition: `${seconds}s` }, false),
    );

  return [
    clickRule(DOWNLOAD_LINK, LINK, (el) => ({ ...linkValues(el), fileType: L.fileTypeOf(el) }), [is('download')], 'download'),
    clickRule(OUTBOUND_LINK, LINK, linkValues, [is('outbound')], 'exit'),
    clickRule('Non-outbound cross domain click', LINK, linkValues, [is('crossDomain')]),
    clickRule('Email Link', LINK, L.emailValues, [is('email')]),
    clickRule('Telephone Link', LINK, (el) => ({ linkText: redactTelephone(labelOf(el)), linkUrl: TELEPHONE_PLACEHOLDER }), [is('telephone')]),
    clickRule('Anchor Link Click', LINK, (el) => ((anchorClicked = new URL(L.linkAddress(el)).hash), linkValues(el)), [
      is('samePage'),
      elementIs('reader anchor with text', (el) => !!labelOf(el) && !el.closest(WIDGET_CONTROL) && new URL(L.linkAddress(el)).hash !== L.MAIN_LANDING_HASH),
      when('not a search page', () => !L.onSearchPage()),
    ]),
    clickRule(NAVIGATION_MENU_INITIATE, '.gcweb-menu button, #wb-sm button', (el) => ((menuOpened = true), { linkText: labelOf(el) }), [
      // Capture phase: aria-expanded still says what the menu was before this click.
      elementIs('menu opens, first time', (el) => !menuOpened && el.getAttribute('aria-expanded') !== 'true'),
    ]),
    clickRule(NAVIGATION_TRACKING, '.gcweb-menu a[href]:not([href^="#"]), #wb-sm a[href]:not([href^="#"])', (el) => ({ ...linkValues(el), linkPosition: menuSection(el) })),
    clickRule('Most Requested Link', '.gc-most-requested a[href]', linkValues),
    clickRule('Carousel Click', '[class*=carousel-s] .tabpanels a[href]', (el) => ({ ...linkValues(el), linkPosition: carouselPosition(el) })),
    clickRule('Features/Contextual Feature Click', FEATURES, linkValues),
    clickRule('GoC Activities', '.gc-prtts a[href]', linkValues),
    clickRule('Follow - link', LINK, (el) => ({ linkText: L.platformOf(el), linkUrl: L.linkAddress(el) }), [elementIs('follow-us link', L.isFollowLink)]),
    clickRule('Share - link', L.SHARE_LINK, (el, ctx) => {
      const [platform, title] = attrText(el, 'data-gc-share').split('|').map((part) => part.trim());
      return { mediaType: platform || L.platformOf(el), mediaTitle: title || String(ctx.getVar('pageTitle') || ''), linkUrl: L.linkAddress(el) };
    }),
    // SPEC §5 names sign-in and card text and URL for redaction; the tracker scrubs them again.
    clickRule('Sign-in Click', '#wb-so a[href]', (el) => ({ linkText: redactText(labelOf(el)), linkUrl: redactUrl(L.linkAddress(el)) })),
    clickRule(
      'GCDS Card Click',
      'gcds-card',
      (el) => ({ linkText: redactText(el.getAttribute('card-title') || labelOf(el)), linkUrl: redactUrl(L.linkAddress(el)) }),
      [],
      'exit',
    ),
    clickRule(CUSTOM_CLICK, '[data-gc-analytics-customclick]', (el) => ({ linkText: attrText(el, 'data-gc-analytics-customclick') || labelOf(el) })),
    clickRule('Page Feedback Tool edit comment click', '.gc-pft [data-pft-edit], #gc-pft [data-pft-edit]', (el) => ({ linkText: labelOf(el) })),
    // The next page tells feature traffic from menu traffic by this cookie (SPEC §9).
    rule('Features: navigation cookie', click(FEATURES), [notExempt], () => cookies.set(NAV_COOKIE[0], NAV_COOKIE[1], { days: NAV_COOKIE[2] }), undefined, 'Set dtm_gpv_nav'),
    impression(3),
    impression(6),
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
      (ctx) => send(ctx, 'Same-page Anchor Change', { linkText: currentAnchor(), linkUrl: location.href }, false),
    ),
  ];
}
