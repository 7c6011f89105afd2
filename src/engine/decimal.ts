/**
 * A number as `String` writes it. Chromium's V8 has the texts of 0 to 99 ready; it writes other
 * integers through a cache of 128 slots, and fractions and timestamps through another, and at the
 * first two numbers that share a slot it swaps that cache for a full one (64 KB and 48 KB), which
 * the tab's renderer then keeps. `toFixed` writes a whole number without either cache. The numbers
 * a visit writes from 100 up (the window's size as media queries find it, the screen, the year,
 * the time zone, the content's age, paint times, beacon ids, cookie times) shared slots on every
 * page: 0.07 MB of the tag's 0.8 MB of heap on a tab's first page, 0.1 MB on later ones
 * (docs/performance.md, "V8's number-to-text caches").
 */
export const decimal = (n: number): string => (Number.isInteger(n) ? n.toFixed() : String(n));
