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
 * How many trailing characters a parameter keeps. The end is kept, not the start, because the
 * end of a long URL or label is what tells pages apart (SPEC §9, lengths).
 */
export function maxLengthOf(param: string): number {
  return /^(g|v\d+)$/.test(param) ? 255 : /^c\d+$/.test(param) ? 100 : Infinity;
}

/** Sort key giving a stable, readable parameter order: named slots, then eVars, then props, by number. */
export function slotRank(slot: SlotName): number {
  const named = NAMED.indexOf(slot);
  return named >= 0 ? named : (slot[0] === 'e' ? 1e3 : 1e6) + parseInt(slot.replace(/\D/g, ''), 10);
}
