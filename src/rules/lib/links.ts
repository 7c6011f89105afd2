/**
 * What kind of link a Canada.ca click is (requirements CL-3 to CL-7), decided from data tables:
 * download extensions, internal and government domains, blocks whose links are never exits,
 * social platforms. Markup names are those of the GCWeb (WET) templates, which the demo site
 * uses too. Readers never throw for odd markup.
 */
import { isSearchPage } from '../../dataElements/searchPages';
import { REDACTION_MARKER } from '../../privacy/redact';
import { stripClientId } from '../../privacy/url';
import { decoded } from '../../dataElements/read';
import { all, labelOf } from './dom';

/** Documents, spreadsheets, presentations, archives, images, audio, video, geospatial and data formats. */
export const DOWNLOAD_EXTENSIONS = (
  'pdf doc docx rtf odt txt epub xls xlsx ods csv tsv ppt pptx odp zip gz tar 7z rar ' +
  'gif jpg jpeg png svg tif tiff mp3 wav wma mp4 mov avi wmv webm mpg kml kmz shp gpx geojson json xml ics'
).split(' ');
// The extension ends the path, or a query, a parameter or a fragment follows it.
const DOWNLOAD = new RegExp(`\\.(${DOWNLOAD_EXTENSIONS.join('|')})(?=$|[?&#])`, 'i');

/** Government domains and their subdomains: an e-mail address there is a public mailbox. */
export const GOVERNMENT_DOMAINS = ['canada.ca', 'gc.ca'];
/** Links to these are never exits; the content-management preview is the site itself. */
export const INTERNAL_DOMAINS = [...GOVERNMENT_DOMAINS, 'canada-preview.adobecqms.net'];
export const NON_GC_EMAIL = 'non-gc email';

/**
 * Search result links carry their position in `data-dtm-srchlnknm` (the search rules track
 * them). Lightbox links (`.wb-lbx`) open an overlay, so they are not downloads. Pagination,
 * follow-us (`.gc-followus` and its lightbox dialog) and share links (`[data-gc-share]`, the WET
 * share panel `.shr-pg` and its opener `.shr-opn`) are never exits.
 */
const SEARCH_LINK = '[data-dtm-srchlnknm]';
export const SHARE_LINK = '[data-gc-share], .shr-pg a[href]';
const NOT_DOWNLOAD = `.wb-lbx, ${SEARCH_LINK}`;
const NOT_EXIT = `${SEARCH_LINK}, .pagination, .pager, .gc-followus, ${SHARE_LINK}, .shr-opn`;

/** The social platforms of requirement CL-7, recognised from the link's class, host or path. */
export const SOCIAL_PLATFORMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Facebook', /facebook/],
  ['Twitter', /twitter|\bx\.com/],
  ['YouTube', /youtube|youtu\.be/],
  ['Instagram', /instagram/],
  ['LinkedIn', /linkedin/],
  ['RSS', /\brss\b|\bfeeds?\b|\.atom/],
  ['Pinterest', /pinterest/],
  ['Google+', /googleplus|gplus|plus\.google/],
  ['Flickr', /flickr/],
];

export type LinkKind = 'email' | 'telephone' | 'download' | 'outbound' | 'crossDomain' | 'samePage' | 'internal' | 'none';

const attr = (element: Element, name: string) => element.getAttribute(name) || '';
// www.canada.ca and canada.ca are one site; a trailing dot names the same host. Hosts come from
// resolved addresses, already in lower case.
const bareHost = (host: string) => {
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
};
const isUnder = (host: string, domains: readonly string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`));

/** The parts of an address that a link's kind and values read, named as URL names them. */
type Address = Pick<URL, 'href' | 'protocol' | 'host' | 'hostname' | 'pathname' | 'search' | 'hash'>;

/**
 * The page's own address, parsed once per address. A click asks for it several times, and each of
 * `location`'s getters costs about a microsecond in Chromium; document.URL half of that.
 */
let page: readonly [address: string, url: URL] | undefined;
const pageAddress = () => (page?.[0] === document.URL ? page : (page = [document.URL, new URL(document.URL)]))[1];

// A resolved address as browsers write it: scheme, then (for http and the like) `//`, any
// credentials, the host and port; then path, query and fragment.
const PARTS = /^([a-z][\w+.-]*:)(?:\/\/(?:[^/?#@]*@)?((\[[^\]]*\]|[^/?#:]*)(?::\d*)?))?([^?#]*)(\?[^#]*)?(#[\s\S]*)?$/;

/** The parts of an address the browser resolved, as `new URL(href)` would give them (an empty `?` or `#` counts as none). */
function partsOf(href: string): Address | undefined {
  const [, protocol, host = '', hostname = '', pathname = '', search = '', hash = ''] = PARTS.exec(href) ?? [];
  return protocol ? { href, protocol, host, hostname, pathname, search: search.length > 1 ? search : '', hash: hash.length > 1 ? hash : '' } : undefined;
}

/**
 * Where the link leads, resolved as the browser resolves it when the link is followed (against the
 * page's base address). An `<a>` or `<area>` resolves its own address: a microsecond in Chromium,
 * where `new URL` takes four, on every tracked click; its protocol is ':' when the address cannot
 * be resolved at all.
 */
function urlOf(element: Element): Address | undefined {
  if (!element.hasAttribute('href')) return undefined;
  if (element instanceof HTMLAnchorElement || element instanceof HTMLAreaElement) return element.protocol === ':' ? undefined : partsOf(element.href);
  try {
    return new URL(attr(element, 'href').trim(), document.baseURI);
  } catch {
    return undefined;
  }
}

const isHttp = (url: Address) => url.protocol === 'https:' || url.protocol === 'http:';
const isThisPage = (url: Address, here = pageAddress()) => url.host === here.host && url.pathname === here.pathname && url.search === here.search;

/** A link inside the lightbox dialog a follow-us link opens (GCWeb's list of Facebook pages). */
const inFollowDialog = (element: Element): boolean => {
  // A lone class first (a fast lookup in Chromium): most links are in no dialog at all.
  const dialog = element.closest('.modal-dialog')?.closest('.modal-dialog[id]');
  return (
    !!dialog &&
    all('.gc-followus a')
      .map((a) => attr(a, 'href'))
      .includes(`#${dialog.id}`)
  );
};

/** A follow-us link to a platform (not the opener of the follow dialog). */
export const isFollowLink = (element: Element): boolean =>
  (!!element.closest('.gc-followus') || inFollowDialog(element)) && !attr(element, 'href').startsWith('#');

/**
 * The one kind a link is, in the order of CL-3 to CL-5: e-mail and telephone by scheme; a download by its
 * `download` attribute or extension; then, for http(s) only, this host (a hash on this very
 * page is `samePage`), another government host (`crossDomain`) or an exit (`outbound`).
 */
export function linkKind(element: Element): LinkKind {
  const url = urlOf(element);
  if (!url) return 'none';
  if (url.protocol === 'mailto:') return 'email';
  if (url.protocol === 'tel:') return 'telephone';
  if ((element.hasAttribute('download') || DOWNLOAD.test(url.href)) && !element.closest(NOT_DOWNLOAD)) return 'download';
  if (!isHttp(url)) return 'none';
  const here = pageAddress();
  if (bareHost(url.host) === bareHost(here.host)) return isThisPage(url, here) && url.hash.length > 1 ? 'samePage' : 'internal';
  if (element.closest(NOT_EXIT) || inFollowDialog(element)) return 'none';
  return isUnder(bareHost(url.hostname), INTERNAL_DOMAINS) ? 'crossDomain' : 'outbound';
}

/** The address to record: absolute, without the analytics client id; only the scheme of a blob:/data: link. */
export function linkAddress(element: Element): string {
  const url = urlOf(element);
  return !url ? '' : isHttp(url) ? stripClientId(url.href) : url.protocol;
}

/** The click on a link of `kind` (its linkKind) loads another page of this very host, which can then report it (click context). */
export function leadsToPageHere(element: Element, kind: LinkKind): boolean {
  if (kind !== 'internal') return false;
  const url = urlOf(element);
  return !!url && url.host === pageAddress().host && !isThisPage(url);
}

/** The downloaded file's extension, from the address or else the `download` file name. */
export function fileTypeOf(element: Element): string {
  const match = DOWNLOAD.exec(linkAddress(element)) || /\.(\w+)$/.exec(attr(element, 'download'));
  return match ? match[1]!.toLowerCase() : '';
}

/** The platform a follow or share link leads to; its label when it is none of the known ones. */
export function platformOf(element: Element): string {
  const url = urlOf(element);
  const where = `${attr(element, 'class')} ${url ? url.hostname + url.pathname : ''}`.toLowerCase();
  const found = SOCIAL_PLATFORMS.find(([, pattern]) => pattern.test(where));
  return found ? found[0] : labelOf(element);
}

/**
 * An e-mail link's values. A government mailbox keeps its text and its domain; its name is masked
 * here because the tracker would redact the whole address anyway (PR-2), and the domain is
 * what tells departments apart. Any other address is only 'non-gc email'.
 */
export function emailValues(element: Element): { linkText: string; linkUrl?: string } {
  const url = urlOf(element);
  // `mailto:a@x.ca,b@y.ca?subject=…`: the first recipient decides.
  const address = decoded(url ? url.pathname.split(/[,;]/)[0]! : '');
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return address.includes('@') && isUnder(domain, GOVERNMENT_DOMAINS)
    ? { linkText: labelOf(element), linkUrl: `mailto:${REDACTION_MARKER}@${domain}` }
    : { linkText: NON_GC_EMAIL };
}

/** Hashes that page widgets (tabs, lightboxes, overlays, the menu, feedback) write: not reader anchors. */
export const WIDGET_HASHES = /^#(wb-|gc-pft|gc-mnu-|shr-pg|details-panel|tabpanel|mfp-|lbx-)/i;
/** The main landing area: the skip link's target, not content. */
export const MAIN_LANDING_HASH = '#wb-cont';

export const onSearchPage = (): boolean => isSearchPage(location.pathname);
