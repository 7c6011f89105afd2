/**
 * Link and click rules (SPEC §1, §2, §5, §7, §9): link kinds (downloads, exits, e-mail,
 * telephone, other government hosts, same-page anchors), Canada.ca blocks (menu, most requested,
 * carousel, features, activities, follow, share, sign-in, cards, custom clicks, page feedback)
 * and the home-page feature impression. Every click beacon carries event 500; the tag never
 * prevents or delays the click, and an analytics-exempt element is never tracked.
 *
 * Markup conventions (GCWeb/WET, the demo site uses the same):
 * - menu `.gcweb-menu` (or WET's `#wb-sm`), opened by its `button`;
 * - most requested `.gc-most-requested`; activities and initiatives `.gc-prtts`;
 * - carousel `.wb-tabs.carousel-s1|s2`, slides are the children of `.tabpanels`;
 * - features `.gc-features` (home and theme pages), contextual feature `.gc-feature`;
 * - follow us `.gc-followus` (platform from the link's class or host), share links
 *   `data-gc-share="platform|title"` or the WET share panel `.shr-pg`;
 * - sign-in `#wb-so`; design-system cards `<gcds-card card-title href>`;
 * - custom click `data-gc-analytics-customclick="label"`; page feedback tool `.gc-pft`, its
 *   edit-comment control `[data-pft-edit]`.
 */
import { cookies } from '../engine/cookies';
import type { EventContext, Rule, RuleContext } from '../engine/types';
import type { InteractionValue } from '../dataElements/sdr';
import { saveClickContext } from '../dataElements/clickContext';
import { redactText, redactUrl } from '../privacy/redact';
import { redactTelephone, TELEPHONE_PLACEHOLDER } from '../privacy/telephone';
import type { RuleDependencies } from './deps';
import { sendLinkBeacon, type LinkBeacon } from './lib/beacons';
import { notExempt, pathIsOneOf, when } from './lib/conditions';
import { isExempt, labelOf } from './lib/dom';
import {
  emailValues,
  fileTypeOf,
  isFollowLink,
  leadsToPageHere,
  linkAddress,
  linkKind,
  MAIN_LANDING_HASH,
  onSearchPage,
  platformOf,
  SHARE_LINK,
  WIDGET_HASHES,
  type LinkKind,
} from './lib/links';

type Values = Partial<Record<InteractionValue, string | undefined>>;
type Beacon = Omit<LinkBeacon, 'click'>;

const LINK = 'a[href], area[href]';
const FEATURES = '.gc-features a[href], .gc-feature a[href]';
export const HOME_PAGES = ['/en.html', '/fr.html'];
/** SPEC §9: the navigation cookie, about 30 minutes. */
export const NAV_COOKIE = { name: 'dtm_gpv_nav', value: 'GoC Features', days: 0.0208333 } as const;
/** Controls of page widgets: same-page links that open something rather than lead somewhere. */
const WIDGET_CONTROL = '[role="tab"], [role="button"], [aria-controls], .wb-lbx, .shr-opn, .gc-followus, .gcweb-menu, #wb-sm';

const linkValues = (el: Element): Values => ({ linkText: labelOf(el), linkUrl: linkAddress(el) || undefined });

/** The menu's top-level section a link sits under ('' for a top-level link). */
function menuSection(el: Element): string {
  let top: Element | null = null;
  for (let li = el.closest('li'); li; li = li.parentElement?.closest('li') ?? null) top = li;
  return top && top !== el.closest('li') ? labelOf(top.querySelector('a, button')) : '';
}

/** 'tab' + the slide number (1-based) the link is on. */
function carouselPosition(el: Element): string {
  const slide = el.closest('.tabpanels > *');
  return slide?.parentElement ? `tab${Array.prototype.indexOf.call(slide.parentElement.children, slide) + 1}` : '';
}

/** Canada.ca blocks whose links are tracked as such: [link name, selector, extra values]. */
const BLOCKS: ReadonlyArray<readonly [string, string, ((el: Element) => Values)?]> = [
  ['Navigation Tracking', `.gcweb-menu a[href]:not([href^="#"]), #wb-sm a[href]:not([href^="#"])`, (el) => ({ linkPosition: menuSection(el) })],
  ['Most Requested Link', '.gc-most-requested a[href]'],
  ['Carousel Click', '[class*="carousel-s"] .tabpanels a[href]', (el) => ({ linkPosition: carouselPosition(el) })],
  ['Features/Contextual Feature Click', FEATURES],
  ['GoC Activities', '.gc-prtts a[href]'],
  // SPEC §5 names sign-in text and URL for redaction; the tracker scrubs them again on the wire.
  ['Sign-in Click', '#wb-so a[href]', (el) => ({ linkText: redactText(labelOf(el)), linkUrl: redactUrl(linkAddress(el)) })],
  ['Custom Click', '[data-gc-analytics-customclick]', (el) => ({ linkText: el.getAttribute('data-gc-analytics-customclick')?.trim() || labelOf(el) })],
  ['Page Feedback Tool edit comment click', '.gc-pft [data-pft-edit], #gc-pft [data-pft-edit]'],
];

export function linksRules({ tracker }: RuleDependencies): Rule[] {
  // One click can start a dozen rules on the same link: its kind is worked out once.
  const kinds = new WeakMap<EventContext, LinkKind>();
  const kindOf = (ctx: RuleContext): LinkKind => {
    let kind = kinds.get(ctx.event);
    if (!kind) kinds.set(ctx.event, (kind = ctx.event.element ? linkKind(ctx.event.element) : 'none'));
    return kind;
  };
  const is = (kind: LinkKind) => when(`link is ${kind}`, (ctx) => kindOf(ctx) === kind);
  let menuOpened = false;
  let anchorClicked = '';

  /** Sends a click's beacon; a link to another page of this host first leaves its context for that page. */
  const send = (ctx: RuleContext, beacon: Beacon, click = true) => {
    const el = ctx.event.element;
    if (click && el && leadsToPageHere(el)) {
      saveClickContext({ url: beacon.values?.linkUrl ?? linkAddress(el), text: beacon.values?.linkText ?? labelOf(el) });
    }
    return sendLinkBeacon(tracker, ctx, { ...beacon, click });
  };

  const onClick = (name: string, selector: string, conditions: Rule['conditions'], beacon: (el: Element, ctx: RuleContext) => Beacon): Rule => ({
    name,
    events: [{ type: 'click', selector }],
    conditions: [notExempt, ...(conditions ?? [])],
    actions: [{ name: `Send "${name}"`, run: (ctx) => send(ctx, beacon(ctx.event.element!, ctx)) }],
  });
  const other = (name: string, values: Values, url?: string): Beacon => ({ type: 'o', name, values, url });

  const impression = (seconds: number): Rule => ({
    name: `Home-page feature impression (${seconds} s)`,
    events: [{ type: 'timeOnPage', seconds }],
    conditions: [pathIsOneOf(HOME_PAGES), when('the page has features', () => !!document.querySelector(FEATURES))],
    actions: [
      {
        name: 'Send the feature impression',
        run: (ctx) => {
          const titles = Array.from(document.querySelectorAll(FEATURES), (a) => (isExempt(a) ? '' : labelOf(a)));
          return send(ctx, other('Home-page feature impression', { linkText: titles.filter(Boolean).join(' | '), linkPosition: `${seconds}s` }), false);
        },
      },
    ],
  });

  return [
    onClick('Download Link', LINK, [is('download')], (el) => {
      const url = linkAddress(el);
      return { type: 'd', name: `Download Link - ${url}`, url, events: [41], values: { ...linkValues(el), fileType: fileTypeOf(el) } };
    }),
    onClick('Outbound Link', LINK, [is('outbound')], (el) => ({ type: 'e', name: 'Outbound Link', url: linkAddress(el), events: [42], values: linkValues(el) })),
    onClick('Non-outbound cross domain click', LINK, [is('crossDomain')], (el) => other('Non-outbound cross domain click', linkValues(el), linkAddress(el))),
    onClick('Email Link', LINK, [is('email')], (el) => {
      const values = emailValues(el);
      return other('Email Link', values, values.linkUrl);
    }),
    onClick('Telephone Link', LINK, [is('telephone')], (el) =>
      other('Telephone Link', { linkText: redactTelephone(labelOf(el)), linkUrl: TELEPHONE_PLACEHOLDER }, TELEPHONE_PLACEHOLDER),
    ),
    onClick(
      'Anchor Link Click',
      LINK,
      [
        is('samePage'),
        when('anchor has text, is not the main landing area or a widget control', (ctx) => {
          const el = ctx.event.element!;
          return !!labelOf(el) && new URL(linkAddress(el)).hash !== MAIN_LANDING_HASH && !el.closest(WIDGET_CONTROL);
        }),
        when('not a search page', () => !onSearchPage()),
      ],
      (el) => {
        const url = linkAddress(el);
        anchorClicked = new URL(url).hash;
        return other('Anchor Link Click', { linkText: labelOf(el), linkUrl: url }, url);
      },
    ),
    {
      name: 'Same-page Anchor Change',
      events: [{ type: 'historyChange' }],
      conditions: [
        when('only the hash changed, to a reader anchor, with no search query', (ctx) => {
          const { oldUrl, newUrl } = (ctx.event.detail ?? {}) as { oldUrl?: string; newUrl?: string };
          const before = new URL(oldUrl ?? '', location.href);
          const after = new URL(newUrl ?? '', location.href);
          const { hash } = after;
          const clicked = hash === anchorClicked;
          anchorClicked = '';
          return (
            !clicked &&
            hash.length > 1 &&
            before.href.split('#')[0] === after.href.split('#')[0] &&
            hash !== MAIN_LANDING_HASH &&
            !WIDGET_HASHES.test(hash) &&
            !after.searchParams.has('q')
          );
        }),
      ],
      actions: [
        {
          name: 'Send "Same-page Anchor Change"',
          run: (ctx) => {
            const url = new URL(String((ctx.event.detail as { newUrl?: string }).newUrl), location.href);
            let text = url.hash.slice(1);
            try {
              text = decodeURIComponent(text);
            } catch {
              /* kept as written */
            }
            return send(ctx, other('Same-page Anchor Change', { linkText: text, linkUrl: url.href }, url.href), false);
          },
        },
      ],
    },
    onClick(
      'Navigation Menu Initiate',
      `.gcweb-menu button, #wb-sm button`,
      [when('the menu opens for the first time on this page', (ctx) => !menuOpened && ctx.event.element!.getAttribute('aria-expanded') !== 'true')],
      (el) => {
        menuOpened = true;
        return other('Navigation Menu Initiate', { linkText: labelOf(el) });
      },
    ),
    ...BLOCKS.map(([name, selector, extra]) => onClick(name, selector, [], (el) => other(name, { ...linkValues(el), ...extra?.(el) }, linkAddress(el) || undefined))),
    {
      name: 'Features: navigation cookie',
      events: [{ type: 'click', selector: FEATURES }],
      conditions: [notExempt],
      // The next page tells feature traffic from menu traffic by this cookie (SPEC §9).
      actions: [{ name: 'Set dtm_gpv_nav', run: () => cookies.set(NAV_COOKIE.name, NAV_COOKIE.value, { days: NAV_COOKIE.days }) }],
    },
    impression(3),
    impression(6),
    onClick('Follow - link', LINK, [when('a follow-us link', (ctx) => isFollowLink(ctx.event.element!) && !/^\s*#/.test(ctx.event.element!.getAttribute('href') ?? ''))], (el) =>
      other('Follow - link', { linkText: platformOf(el), linkUrl: linkAddress(el) }, linkAddress(el)),
    ),
    onClick('Share - link', SHARE_LINK, [], (el, ctx) => {
      const [platform, title] = (el.getAttribute('data-gc-share') ?? '').split('|').map((part) => part.trim());
      return other('Share - link', {
        mediaType: platform || platformOf(el),
        mediaTitle: title || String(ctx.getVar('pageTitle') ?? ''),
        linkUrl: linkAddress(el) || undefined,
      });
    }),
    onClick('GCDS Card Click', 'gcds-card', [], (el, ctx) => {
      const url = redactUrl(linkAddress(el));
      const outbound = kindOf(ctx) === 'outbound';
      return { type: outbound ? 'e' : 'o', name: 'GCDS Card Click', url, events: outbound ? [42] : [], values: { linkText: redactText(el.getAttribute('card-title') ?? labelOf(el)), linkUrl: url } };
    }),
  ];
}
