/**
 * Bot detection (SPEC §3, §4, §8): twelve checks, in order; the first that fails marks the page
 * view 'Bot Detected' and names the check in the bot attribute.
 *
 * The Chrome-only checks (chrome object, network information, device memory, notification
 * permission) run only on a Chrome user agent that is not an embedded WebView or another
 * Chromium brand, so that a real Safari or Firefox visitor never fails them.
 */
import type { DataElement } from '../engine/types';
import { safely } from './read';

export const BOT_DETECTED = 'Bot Detected';
export const NO_BOT_DETECTED = 'No Bot Detected';

/** What the checks read, gathered once so that the checks themselves are pure. */
export interface BotProbe {
  userAgent: string;
  webdriver: boolean;
  /** Attribute names on `<body>` (and `<html>`), lower-cased. */
  automationAttributes: string[];
  phantomGlobals: boolean;
  hasChromeObject: boolean;
  connection: { rtt?: unknown } | undefined;
  deviceMemory: unknown;
  hardwareConcurrency: unknown;
  platform: unknown;
  notificationPermission: string | undefined;
  secureContext: boolean;
}

const AUTOMATION_ATTRIBUTES = ['webdriver', 'selenium', 'driver'];

const isChrome = (ua: string) => /Chrome\/\d/.test(ua) && !/; wv\)|Edg(?:e|A|iOS)?\/|OPR\/|SamsungBrowser|YaBrowser|UCBrowser/.test(ua);

/** The checks in SPEC order: [attribute name, fails?]. */
export const BOT_CHECKS: ReadonlyArray<readonly [string, (p: BotProbe) => boolean]> = [
  ['chrome version .999', (p) => /Chrome\/[\d.]*\.999(?![\d.])/.test(p.userAgent)],
  ['webdriver', (p) => p.webdriver],
  ['headless chrome', (p) => /HeadlessChrome/.test(p.userAgent)],
  ['automation attributes', (p) => p.automationAttributes.some((a) => AUTOMATION_ATTRIBUTES.includes(a))],
  ['phantomjs', (p) => /PhantomJS/.test(p.userAgent) || p.phantomGlobals],
  ['chrome object missing', (p) => isChrome(p.userAgent) && !p.hasChromeObject],
  ['network information missing', (p) => isChrome(p.userAgent) && p.connection === undefined],
  ['network round-trip time missing', (p) => isChrome(p.userAgent) && p.connection !== undefined && typeof p.connection.rtt !== 'number'],
  ['device memory missing', (p) => isChrome(p.userAgent) && p.secureContext && typeof p.deviceMemory !== 'number'],
  ['hardware concurrency', (p) => !(typeof p.hardwareConcurrency === 'number' && p.hardwareConcurrency > 0)],
  ['platform', (p) => typeof p.platform !== 'string' || p.platform === ''],
  // Headless Chrome denies notifications by default; a page visitors never asked has 'default'.
  ['notification permission denied', (p) => isChrome(p.userAgent) && p.notificationPermission === 'denied'],
];

/** The first failing check's name, or '' when every check passes. */
export function detectBot(probe: BotProbe): string {
  for (const [name, fails] of BOT_CHECKS) if (safely(() => fails(probe), false)) return name;
  return '';
}

/** Reads the browser for the checks; anything unreadable reads as a real browser would. */
export function probeBrowser(): BotProbe {
  const nav = safely(() => navigator as Navigator & Record<string, unknown>, undefined);
  const w = window as unknown as Record<string, unknown>;
  const attributes = safely(
    () =>
      [document.body, document.documentElement].flatMap((el) =>
        el ? Array.from(el.attributes).map((a) => a.name.toLowerCase()) : [],
      ),
    [] as string[],
  );
  return {
    userAgent: safely(() => nav?.userAgent ?? '', ''),
    webdriver: safely(() => nav?.webdriver === true, false),
    automationAttributes: attributes,
    phantomGlobals: safely(() => w.callPhantom !== undefined || w._phantom !== undefined, false),
    hasChromeObject: safely(() => w.chrome !== undefined && w.chrome !== null, true),
    connection: safely(() => nav?.connection as { rtt?: unknown } | undefined, { rtt: 0 }),
    deviceMemory: safely(() => nav?.deviceMemory, 8),
    hardwareConcurrency: safely(() => nav?.hardwareConcurrency, 4),
    platform: safely(() => nav?.platform, 'unknown'),
    notificationPermission: safely(
      () => (typeof Notification === 'undefined' ? undefined : Notification.permission),
      undefined,
    ),
    secureContext: safely(() => window.isSecureContext !== false, true),
  };
}

export const botDataElements: DataElement[] = [
  { name: 'botFlag', get: (ctx) => (ctx.getVar('botAttribute') ? BOT_DETECTED : NO_BOT_DETECTED) },
  { name: 'botAttribute', get: () => detectBot(probeBrowser()), defaultValue: '' },
];
