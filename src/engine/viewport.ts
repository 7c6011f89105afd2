import { decimal } from './decimal';

/**
 * The window's size in CSS pixels, as `innerWidth` and `innerHeight` give it (the viewport, its
 * scroll bars included), found with media queries. Reading `innerWidth` or `innerHeight` makes
 * Blink lay the page out first whenever its layout is out of date, as it is while the page is
 * parsed: on the bench page that was 7–28 ms of layout inside the task that builds Target's
 * page-load request, which then left that much later. A media query on the viewport's size needs
 * no layout; fifteen of them find a side to the pixel (0.4–0.5 ms for both in a fresh tab, about
 * 0.15 ms warm). So the size is found once, and again only after the window is resized: every
 * beacon reports it, and a click's beacon should not pay for thirty queries.
 *
 * The two can differ where a mobile browser zooms out to fit a page wider than its screen
 * (`innerWidth` then follows the content), and by one pixel of rounding at a browser zoom.
 */
function side(name: 'width' | 'height'): number {
  let size = 0;
  for (let step = 1 << 14; step; step >>= 1) if (matchMedia(`(min-${name}:${decimal(size + step)}px)`).matches) size += step;
  return size;
}

let known: [number, number] | undefined;

/** [width, height]; from `innerWidth` and `innerHeight` where media queries cannot be asked (jsdom, a page's broken `matchMedia`). */
export function viewportSize(): [number, number] {
  try {
    if (!known) {
      known = [side('width'), side('height')];
      addEventListener('resize', () => (known = undefined), { once: true });
    }
    return known;
  } catch {
    return [innerWidth, innerHeight];
  }
}
