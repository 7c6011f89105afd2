/**
 * What kind of link a Canada.ca click is (SPEC §5 "Rule conditions"), decided once from data
 * tables: download extensions, internal and government domains, blocks whose links are never
 * exits, social platforms. The markup names are those of the GCWeb (WET) templates; the demo
 * site uses the same ones.
 */
import { isSearchPage } from '../../dataElements/search';
import { REDACTION_MARKER } from '../../privacy/redact';
import { stripClientId } from '../../privacy/url';
import { labelOf } from './dom';

/** Documents, spreadsheets, presentations, archives, images, audio, video, geospatial and data formats. */
export const DOWNLOAD_EXTENSIONS = (
  'pdf doc docx dot rtf odt txt epub xls xlsx xlsm ods csv tsv ppt pptx pps ppsx odp ' +
  'zip gz tgz tar 7z rar gif jpg jpeg png svg tif tiff bmp webp mp3 wav m4a ogg wma ' +
  'mp4 m4v mov avi wmv webm mpg mpeg kml kmz shp gpx geojson gml dbf json xml xsd ics'
).split(' ');
// The extension must end the path, or be followed by a query, a parameter or a fragment.
const DOWNLOAD = new RegExp(`\\.(${DOWNLOAD_EXTENSIONS.join('|')})(?=$|[?&#])`, 'i');

/** Government domains (and their subdomains): an e-mail address there is a public mailbox. */
export const GOVERNMENT_DOMAINS = ['canada.ca', 'gc.ca'];
/** Links to these are never exits; the content-management preview is the site itself. */
export const INTERNAL_DOMAINS = [...GOVERNMENT_DOMAINS, 'canada-preview.adobecqms.net'];
export const NON_GC_EMAIL = 'non-gc email';

/**
 * Markup conventions (GCWeb):
 * - lightbox `.wb-lbx`: its links open an overlay, so they are not downloads;
 * - search result links carry `data-dtm-srchlnknm` (their position): the search rules track them;
 * - pagination `.pagination`/`.pager`, follow-us `.gc-followus` and its lightbox dialog, share
 *   links (`[data-gc-share]`, the WET share panel `.shr-pg` and its opener `.shr-opn`) have their
 *   own rules or are not exits.
 */
export const SEARCH_LINK = '[data-dtm-srchlnknm]';
const NOT_DOWNLOAD = `.wb-lbx, ${SEARCH_LINK}`;
export const SHARE_LINK = '[data-gc-share], .shr-pg a[href]';
const NOT_EXIT = `${SEARCH_LINK}, .pagination, .pager, .gc-followus, [data-gc-share], .shr-pg, .shr-opn`;

/** The social platforms of SPEC §9, recognised from the link's class or its address. */
export const SOCIAL_PLATFORMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Facebook', /facebook/],
  ['Twitter', /twitter|\bx\.com/],
  ['YouTube', /youtube|youtu\.be/],
  ['Instagram', /instagram/],
  ['LinkedIn', /linkedin/],
  ['RSS', /\brss\b|\bfeeds?\b|\.rss|\.atom/],
  ['Pinterest', /pinterest/],
  ['Google+', /googleplus|gplus|plus\.google/],
  ['Flickr', /flickr/],
];

export type LinkKind = 'email' | 'telephone' | 'download' | 'outbound' | 'crossDomain' | 'samePage' | 'internal' | 'none';

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '').replace(/\.(?=$|:)/, '');
const isUnder = (host: string, domains: readonly string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`));

function urlOf(element: Element): URL | undefined {
  const href = element.getAttribute('href');
  try {
    return href === null ? undefined : new URL(href.trim(), location.href);
  } catch {
    return undefined;
  }
}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';
const isSameDocument = (url: URL) => url.host === location.host && url.pathname === location.pathname && url.search === location.search;

/** A link inside the lightbox dialog that a follow-us link opens (GCWeb's Facebook list). */
function inFollowDialog(element: Element): boolean {
  const dialog = element.closest('.modal-dialog[id]');
  return !!dialog && Array.from(document.querySelectorAll('.gc-followus a[href^="#"]')).some((a) => a.getAttribute('href') === `#${dialog.id}`);
}

export const isFollowLink = (element: Element): boolean => !!element.closest('.gc-followus') || inFollowDialog(element);

/**
 * The one kind a link is, in SPEC order: e-mail and telephone by scheme; a download by its
 * `download` attribute or extension; then, for http(s) only, this host (a hash on this very
 * page is `samePage`), another government host (`crossDomain`) or an exit (`outbound`).
 */
export function linkKind(element: Element): LinkKind {
  const scheme = /^\s*([a-z][\w+.-]*):/i.exec(element.getAttribute('href') ?? '')?.[1]?.toLowerCase();
  if (scheme === 'mailto') return 'email';
  if (scheme === 'tel') return 'telephone';
  const url = urlOf(element);
  if (!url) return 'none';
  if ((element.hasAttribute('download') || DOWNLOAD.test(url.href)) && !element.closest(NOT_DOWNLOAD)) return 'download';
  if (!isHttp(url)) return 'none';
  if (bareHost(url.host) === bareHost(location.host)) return isSameDocument(url) && url.hash.length > 1 ? 'samePage' : 'internal';
  if (element.closest(NOT_EXIT) || inFollowDialog(element)) return 'none';
  return isUnder(bareHost(url.hostname), INTERNAL_DOMAINS) ? 'crossDomain' : 'outbound';
}

/** The address to record: absolute, without the analytics client id; only the scheme of a blob:/data: link. */
export function linkAddress(element: Element): string {
  const url = urlOf(element);
  if (!url) return '';
  return isHttp(url) ? stripClientId(url.href) : url.protocol;
}

/** A click on this link loads another page of this host, which can report it (click context). */
export function leadsToPageHere(element: Element): boolean {
  const url = urlOf(element);
  return !!url && isHttp(url) && url.host === location.host && !isSameDocument(url) && linkKind(element) === 'internal';
}

/** The downloaded file's extension, from the address or else the `download` file name. */
export function fileTypeOf(element: Element): string {
  const match = DOWNLOAD.exec(urlOf(element)?.href ?? '') ?? /\.(\w+)$/.exec(element.getAttribute('download') ?? '');
  return (match?.[1] ?? '').toLowerCase();
}

/** The platform a follow or share link leads to; its label when it is none of the known ones. */
export function platformOf(element: Element): string {
  const url = urlOf(element);
  const where = `${element.getAttribute('class') ?? ''} ${url ? url.hostname + url.pathname : ''}`.toLowerCase();
  return SOCIAL_PLATFORMS.find(([, pattern]) => pattern.test(where))?.[0] ?? labelOf(element);
}

/**
 * An e-mail link's values. A government mailbox keeps its text and its domain; the mailbox name
 * is masked here because the tracker would redact the whole address anyway (SPEC §5), and the
 * domain is what tells departments apart. Any other address is only 'non-gc email'.
 */
export function emailValues(element: Element): { linkText: string; linkUrl?: string } {
  let address = (element.getAttribute('href') ?? '').replace(/^\s*mailto:/i, '').split(/[?,;]/)[0] ?? '';
  try {
    address = decodeURIComponent(address);
  } catch {
    /* kept as written */
  }
  const domain = address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();
  return address.includes('@') && isUnder(domain, GOVERNMENT_DOMAINS)
    ? { linkText: labelOf(element), linkUrl: `mailto:${REDACTION_MARKER}@${domain}` }
    : { linkText: NON_GC_EMAIL };
}

/** Hashes that page widgets (tabs, lightboxes, overlays, the menu) write: not reader anchors. */
export const WIDGET_HASHES = /^#(wb-|gc-pft|gc-mnu-|shr-pg|details-panel|tabpanel|mfp-|lbx-)/i;
/** The main landing area: the skip link's target, not content. */
export const MAIN_LANDING_HASH = '#wb-cont';

export const onSearchPage = (): boolean => isSearchPage(location.pathname);
