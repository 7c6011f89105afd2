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
import { notExempt, pathIsOneOf, when } from './lib/conditions';
import { isExempt, labelOf } from './lib/dom';
import * as L from './lib/links';

type Values = Partial<Record<InteractionValue, string>>;
/**
 * One tracked click: [link name, selector, values, extra conditions, link type, events].
 * Link type 'exit' means e (with event 42) when the destination is another site, else o.
 */
type ClickRow = readonly [string, string, (el: Element, ctx: RuleContext) => Values, Condition[]?, (LinkType | 'exit')?, number[]?];

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
  Array.from(document.querySelectorAll(FEATURES))
    .filter((a) => !isExempt(a))
    .map(labelOf)
    .join(' | ');

/** The anchor of the current address, decoded (`#%C3%A9tape` → `étape`). */
function currentAnchor(): string {
  const hash = location.hash.slice(1);
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

export function linksRules({ tracker }: RuleDependencies): Rule[] {
  // One click starts a dozen rules on the same link: its kind is worked out once per event.
  const kinds = new WeakMap<EventContext, L.LinkKind>();
  const kindOf = ({ event }: RuleContext): L.LinkKind => {
    if (!kinds.has(event)) kinds.set(event, event.element ? L.linkKind(event.element) : 'none');
    return kinds.get(event)!;
  };
  const is = (kind: L.LinkKind) => [when(`link is ${kind}`, (ctx) => kindOf(ctx) === kind)];
  let menuOpened = false;
  // The hash an anchor click just went to: its hash change is the same interaction, not a second one.
  let anchorClicked = '';

  /** Sends a link beacon; a click that loads another page of this host first leaves its context for that page. */
  const send = (ctx: RuleContext, name: string, values: Values, type: LinkType = 'o', events: number[] = [], click = true) => {
    const el = ctx.event.element;
    if (click && el && L.leadsToPageHere(el)) saveClickContext({ url: values.linkUrl || L.linkAddress(el), text: values.linkText || labelOf(el) });
    // The link URL (pev1) is the interaction's own address when it has one.
    return sendLinkBeacon(tracker, ctx, { type, name, url: values.linkUrl || undefined, values, events, click });
  };

  const clicks: ClickRow[] = [
    // SPEC §7 names the download beacon 'Download Link - url'.
    ['Download Link', LINK, (el) => ({ ...linkValues(el), fileType: L.fileTypeOf(el) }), is('download'), 'd', [41]],
    ['Outbound Link', LINK, linkValues, is('outbound'), 'e', [42]],
    ['Non-outbound cross domain click', LINK, linkValues, is('crossDomain')],
    ['Email Link', LINK, L.emailValues, is('email')],
    ['Telephone Link', LINK, (el) => ({ linkText: redactTelephone(labelOf(el)), linkUrl: TELEPHONE_PLACEHOLDER }), is('telephone')],
    [
      'Anchor Link Click',
      LINK,
      (el) => ((anchorClicked = new URL(L.linkAddress(el)).hash), linkValues(el)),
      [
        ...is('samePage'),
        when('anchor with text, not the main landing area or a widget', ({ event }) => {
          const el = event.element!;
          return !!labelOf(el) && !el.closest(WIDGET_CONTROL) && new URL(L.linkAddress(el)).hash !== L.MAIN_LANDING_HASH;
        }),
        when('not a search page', () => !L.onSearchPage()),
      ],
    ],
    [
      'Navigation Menu Initiate',
      '.gcweb-menu button, #wb-sm button',
      (el) => ((menuOpened = true), { linkText: labelOf(el) }),
      // Capture phase: aria-expanded still says what the menu was before this click.
      [when('menu opens, first time', ({ event }) => !menuOpened && event.element!.getAttribute('aria-expanded') !== 'true')],
    ],
    ['Navigation Tracking', '.gcweb-menu a[href]:not([href^="#"]), #wb-sm a[href]:not([href^="#"])', (el) => ({ ...linkValues(el), linkPosition: menuSection(el) })],
    ['Most Requested Link', '.gc-most-requested a[href]', linkValues],
    ['Carousel Click', '[class*=carousel-s] .tabpanels a[href]', (el) => ({ ...linkValues(el), linkPosition: carouselPosition(el) })],
    ['Features/Contextual Feature Click', FEATURES, linkValues],
    ['GoC Activities', '.gc-prtts a[href]', linkValues],
    ['Follow - link', LINK, (el) => ({ linkText: L.platformOf(el), linkUrl: L.linkAddress(el) }), [when('follow-us link', ({ event }) => L.isFollowLink(event.element!))]],
    [
      'Share - link',
      L.SHARE_LINK,
      (el, ctx) => {
        const [platform, title] = (el.getAttribute('data-gc-share') || '').split('|').map((part) => part.trim());
        return { mediaType: platform || L.platformOf(el), mediaTitle: title || String(ctx.getVar('pageTitle') || ''), linkUrl: L.linkAddress(el) };
      },
    ],
    // SPEC §5 names sign-in and card text and URL for redaction; the tracker scrubs them again.
    ['Sign-in Click', '#wb-so a[href]', (el) => ({ linkText: redactText(labelOf(el)), linkUrl: redactUrl(L.linkAddress(el)) })],
    ['GCDS Card Click', 'gcds-card', (el) => ({ linkText: redactText(el.getAttribute('card-title') || labelOf(el)), linkUrl: redactUrl(L.linkAddress(el)) }), [], 'exit'],
    ['Custom Click', '[data-gc-analytics-customclick]', (el) => ({ linkText: (el.getAttribute('data-gc-analytics-customclick') || '').trim() || labelOf(el) })],
    ['Page Feedback Tool edit comment click', '.gc-pft [data-pft-edit], #gc-pft [data-pft-edit]', (el) => ({ linkText: labelOf(el) })],
  ];

  const impression = (seconds: number): Rule => ({
    name: `Home-page feature impression ${seconds} s`,
    events: [{ type: 'timeOnPage', seconds }],
    conditions: [pathIsOneOf(HOME_PAGES), when('page has features', () => !!featureTitles())],
    actions: [
      {
        name: 'Send',
        run: (ctx) => send(ctx, 'Home-page feature impression', { linkText: featureTitles(), linkPosition: `${seconds}s` }, 'o', [], false),
      },
    ],
  });

  return [
    ...clicks.map(
      ([name, selector, values, conditions = [], type = 'o', events]): Rule => ({
        name,
        events: [{ type: 'click', selector }],
        conditions: [notExempt, ...conditions],
        actions: [
          {
            name: 'Send',
            run: (ctx) => {
              const v = values(ctx.event.element!, ctx);
              const exit = type === 'e' || (type === 'exit' && kindOf(ctx) === 'outbound');
              const beaconName = type === 'd' ? `${name} - ${v.linkUrl}` : name;
              return send(ctx, beaconName, v, exit ? 'e' : type === 'd' ? 'd' : 'o', events || (exit ? [42] : []));
            },
          },
        ],
      }),
    ),
    {
      name: 'Features: navigation cookie',
      events: [{ type: 'click', selector: FEATURES }],
      conditions: [notExempt],
      // The next page tells feature traffic from menu traffic by this cookie (SPEC §9).
      actions: [{ name: 'Set dtm_gpv_nav', run: () => cookies.set(NAV_COOKIE[0], NAV_COOKIE[1], { days: NAV_COOKIE[2] }) }],
    },
    impression(3),
    impression(6),
    {
      name: 'Same-page Anchor Change',
      events: [{ type: 'historyChange' }],
      conditions: [
        when('only the hash changed, to a reader anchor (not exempt), no search query', ({ event }) => {
          const { hash, href, search } = location;
          const clicked = hash === anchorClicked;
          anchorClicked = '';
          const before = String((event.detail as { oldUrl?: unknown } | undefined)?.oldUrl).split('#')[0];
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
      actions: [
        {
          name: 'Send',
          run: (ctx) => send(ctx, 'Same-page Anchor Change', { linkText: currentAnchor(), linkUrl: location.href }, 'o', [], false),
        },
      ],
    },
  ];
}
