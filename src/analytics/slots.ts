/**
 * Analytics slots: the AppMeasurement variables this tracker fills, and how each one travels on
 * the wire. Kept apart from the DOM so the solution design reference can print it in node.
 */

export type SlotName =
  | 'pageName'
  | 'pageURL'
  | 'referrer'
  | 'channel'
  | 'server'
  | 'pageType'
  | 'campaign'
  | `eVar${number}`
  | `prop${number}`;

const NAMED = ['pageName', 'pageURL', 'referrer', 'channel', 'server', 'pageType', 'campaign'];
const NAMED_PARAMS = ['pageName', 'g', 'r', 'ch', 'server', 'pageType', 'v0'];

/** The query parameter a slot is sent as: AppMeasurement's short names, eVarN → vN, propN → cN. */
export function paramOf(slot: SlotName): string {
  return NAMED_PARAMS[NAMED.indexOf(slot)] ?? slot.replace('eVar', 'v').replace('prop', 'c');
}

/**
 * A value cut to what its parameter can hold (SPEC §9 lengths, Adobe's documented limits). URLs,
 * eVars and props keep their end, not their start: the end of a long URL or label is what tells
 * pages apart. Names (page name, link name, channel, server) keep their start, as Adobe cuts
 * them, so that 'Download Link - …' still says what it is. Without these caps a page with a huge
 * title would build a beacon too long for any transport, and lose it.
 */
export function truncateParam(param: string, value: string): string {
  if (/^(g|r|pev1|v\d+)$/.test(param)) return value.slice(-255);
  if (/^c\d+$/.test(param)) return value.slice(-100);
  return /^(pageName|pev2|ch|server)$/.test(param) ? value.slice(0, 100) : value;
}

/** Sort key giving a stable, readable parameter order: named slots, then eVars, then props, by number. */
export function slotRank(slot: SlotName): number {
  const named = NAMED.indexOf(slot);
  return named >= 0 ? named : (slot[0] === 'e' ? 1e3 : 1e6) + parseInt(slot.replace(/\D/g, ''), 10);
}
