/**
 * Device type (SPEC §4: mobile, tablet or desktop, from the user agent and touch points), the
 * user agent itself, and the visitor's local day and hour.
 */
import type { DataElement } from '../engine/types';
import { clock, safely } from './read';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/**
 * Classifies a user agent. iPadOS 13+ sends a Macintosh desktop user agent; it is told apart
 * from a real Mac by its touch points (a Mac reports 0, or 1 with some drivers; an iPad 5).
 * Windows touch laptops stay desktops whatever their touch points.
 */
export function deviceTypeOf(userAgent: string, maxTouchPoints = 0): DeviceType {
  const ua = userAgent;
  if (/Windows Phone|IEMobile/i.test(ua)) return 'mobile';
  if (/iPhone|iPod/.test(ua)) return 'mobile';
  if (/iPad/.test(ua)) return 'tablet';
  if (/Macintosh/.test(ua) && maxTouchPoints > 1) return 'tablet';
  // Android phones say "Mobile"; Android tablets do not (Firefox says "Tablet").
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'mobile' : 'tablet';
  if (/Kindle|Silk|PlayBook|\bTablet\b/i.test(ua) && !/Windows NT/.test(ua)) return 'tablet';
  if (/Mobi|Opera Mini|BlackBerry|BB10/i.test(ua)) return 'mobile';
  return 'desktop';
}

const userAgent = () => safely(() => navigator.userAgent ?? '', '');
const touchPoints = () => safely(() => Number(navigator.maxTouchPoints) || 0, 0);

/** Reported in English whatever the page language, so that one report covers both. */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const deviceDataElements: DataElement[] = [
  { name: 'deviceType', get: () => deviceTypeOf(userAgent(), touchPoints()) },
  { name: 'userAgent', get: userAgent, defaultValue: '' },
  // The visitor's own clock: 'Tuesday', '09' (24-hour, two digits so that reports sort).
  { name: 'localDay', get: () => DAY_NAMES[clock.now().getDay()] ?? '' },
  { name: 'localHour', get: () => String(clock.now().getHours()).padStart(2, '0') },
];
