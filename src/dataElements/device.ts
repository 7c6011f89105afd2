/**
 * Device type (requirements PV-9: mobile, tablet or desktop, from the user agent and touch points), the
 * user agent itself, and the visitor's local day and hour.
 */
import type { DataElement } from '../engine/types';
import { clock, el, safely } from './read';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/**
 * Classifies a user agent. iPadOS 13+ sends a Macintosh desktop user agent; it is told apart
 * from a real Mac by its touch points (a Mac reports 0, or 1 with some drivers; an iPad 5).
 * Windows touch laptops stay desktops whatever their touch points.
 */
export function deviceTypeOf(ua: string, maxTouchPoints = 0): DeviceType {
  // Plain substring tests where a word is enough: every page asks once, and each regular
  // expression would be compiled for that one use.
  const lower = ua.toLowerCase();
  const has = (...words: string[]) => words.some((word) => lower.includes(word));
  if (has('windows phone', 'iemobile') || ua.includes('iPhone') || ua.includes('iPod')) return 'mobile';
  if (ua.includes('iPad') || (ua.includes('Macintosh') && maxTouchPoints > 1)) return 'tablet';
  // Android phones say "Mobile"; Android tablets do not (Firefox says "Tablet").
  if (has('android')) return has('mobile') ? 'mobile' : 'tablet';
  if ((has('kindle', 'silk', 'playbook') || /\btablet\b/.test(lower)) && !ua.includes('Windows NT')) return 'tablet';
  return has('mobi', 'opera mini', 'blackberry', 'bb10') ? 'mobile' : 'desktop';
}

const userAgent = () => safely(() => navigator.userAgent ?? '', '');

/** Reported in English whatever the page language, so that one report covers both. */
export const DAY_NAMES = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');

export const deviceDataElements: DataElement[] = [
  el('deviceType', () =>
    deviceTypeOf(
      userAgent(),
      safely(() => Number(navigator.maxTouchPoints) || 0, 0),
    ),
  ),
  el('userAgent', userAgent, ''),
  // The visitor's own clock: 'Tuesday', '09' (24-hour, two digits so that reports sort).
  el('localDay', () => DAY_NAMES[clock.now().getDay()] || ''),
  el('localHour', () => String(clock.now().getHours()).padStart(2, '0')),
];
