/**
 * Analytics slots: the AppMeasurement variables this tracker fills, and how each one travels on
 * the wire. Kept apart from the DOM so the solution design reference can print it in node.
 */

export type SlotName = 'pageName' | 'pageURL' | 'referrer' | 'channel' | 'server' | 'pageType' | 'campaign' | `eVar${number}` | `prop${number}`;

const NAMED = ['pageName', 'pageURL', 'referrer', 'channel', 'server', 'pageType', 'campaign'];
const NAMED_PARAMS = ['pageName', 'g', 'r', 'ch', 'server', 'pageType', 'v0'];

/** The query parameter a slot is sent as: AppMeasurement's short names, eVarN → vN, propN → cN. */
export function paramOf(slot: SlotName): string {
  // Not NAMED_PARAMS[-1]: V8 writes a negative index out as a key, through the cache engine/decimal.ts avoids.
  const named = NAMED.indexOf(slot);
  return named >= 0 ? NAMED_PARAMS[named]! : slot.replace('eVar', 'v').replace('prop', 'c');
}

/**
 * The first `max` bytes of `text` in UTF-8, never cutting a character: the share of a long value
 * Adobe's collector stores (eVars 255 bytes, props and names 100), so what we send is what the
 * report shows, and an accented French title keeps its beginning.
 */
export function firstBytes(text: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes > max) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * A value cut to what its parameter can hold. Text keeps its first bytes, as Adobe stores it:
 * eVars and the tracking code 255, props, the page name, link name, channel and server 100.
 * Slots that carry URLs keep their end (LM-2: the URL elements keep their last 255 or 100
 * characters, so the page part survives); the referrer keeps its first 255 characters, as
 * AppMeasurement sends it. The page URL and the link URL are never cut here: the page URL is
 * split into `g` and `-g` (see splitPageUrl) and AppMeasurement sends the link URL whole.
 */
export function truncateParam(param: string, value: string, isUrl?: boolean): string {
  if (param === 'r') return value.slice(0, 255);
  const evar = /^v\d+$/.test(param);
  if (isUrl && (evar || /^c\d+$/.test(param))) return value.slice(evar ? -255 : -100);
  if (evar) return firstBytes(value, 255);
  return /^(c\d+|pageName|pev2|ch|server)$/.test(param) ? firstBytes(value, 100) : value;
}

/** AppMeasurement's split of a long page URL: the first 255 characters in `g`, the rest in `-g`. */
export function splitPageUrl(url: string): [g: string, rest: string] {
  // A surrogate pair is kept whole, on the `-g` side.
  const cut = /[\ud800-\udbff]/.test(url.charAt(254)) ? 254 : 255;
  return [url.slice(0, cut), url.slice(cut)];
}

/** Sort key giving a stable, readable parameter order: named slots, then eVars, then props, by number. */
export function slotRank(slot: SlotName): number {
  const named = NAMED.indexOf(slot);
  // `eVar` and `prop` are both four letters long.
  return named >= 0 ? named : (slot[0] === 'e' ? 1e3 : 1e6) + +slot.slice(4);
}
