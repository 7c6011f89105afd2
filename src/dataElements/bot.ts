/**
 * Bot detection (requirements PV-15): twelve checks, in order; the first that fails marks the page
 * view 'Bot Detected' and names the check in the bot attribute.
 *
 * The Chrome-only checks (chrome object, network information, device memory, notification
 * permission) run only on a Chrome user agent that is not an embedded WebView or another
 * Chromium brand, so that a real Safari or Firefox visitor never fails them.
 */
import type { DataElement } from '../engine/types';
import { el, safely } from './read';

export const BOT_DETECTED = 'Bot Detected';
export const NO_BOT_DETECTED = 'No Bot Detected';

/** What the checks read, gathered once so that the checks themselves are pure. */
export interface BotProbe {
  userAgent: string;
  webdriver: boolean;
  /** Which of AUTOMATION_ATTRIBUTES `<body>` and `<html>` carry. */
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

/** Attributes that automation tools put on the page. */
const AUTOMATION_ATTRIBUTES = ['webdriver', 'selenium', 'driver'];

/** A Chrome user agent that is not an embedded WebView or another Chromium brand. */
const isChrome = (p: BotProbe) => /Chrome\/\d/.test(p.userAgent) && !/; wv\)|Edg(?:e|A|iOS)?\/|OPR\/|SamsungBrowser|YaBrowser|UCBrowser/.test(p.userAgent);

const CHECK_NAMES =
  'chrome version .999,webdriver,headless chrome,automation attributes,phantomjs,chrome object missing,' +
  'network information missing,network round-trip time missing,device memory missing,hardware concurrency,' +
  'platform,notification permission denied';

/** The checks in the order of PV-15: [attribute name, fails?]. */
export const BOT_CHECKS: ReadonlyArray<readonly [string, (p: BotProbe) => boolean]> = [
  (p: BotProbe) => /Chrome\/[\d.]*\.999(?![\d.])/.test(p.userAgent),
  (p: BotProbe) => p.webdriver,
  (p: BotProbe) => /HeadlessChrome/.test(p.userAgent),
  (p: BotProbe) => p.automationAttributes.some((a) => AUTOMATION_ATTRIBUTES.includes(a)),
  (p: BotProbe) => /PhantomJS/.test(p.userAgent) || p.phantomGlobals,
  (p: BotProbe) => isChrome(p) && !p.hasChromeObject,
  (p: BotProbe) => isChrome(p) && p.connection === undefined,
  (p: BotProbe) => isChrome(p) && p.connection !== undefined && typeof p.connection.rtt !== 'number',
  (p: BotProbe) => isChrome(p) && p.secureContext && typeof p.deviceMemory !== 'number',
  (p: BotProbe) => !(typeof p.hardwareConcurrency === 'number' && p.hardwareConcurrency > 0),
  (p: BotProbe) => typeof p.platform !== 'string' || p.platform === '',
  // Headless Chrome denies notifications by default; a page visitors never asked has 'default'.
  (p: BotProbe) => isChrome(p) && p.notificationPermission === 'denied',
].map((fails, i) => [CHECK_NAMES.split(',')[i]!, fails] as const);

/** The first failing check's name, or '' when every check passes. */
export function detectBot(probe: BotProbe): string {
  for (const [name, fails] of BOT_CHECKS) if (safely(() => fails(probe), false)) return name;
  return '';
}

/**
 * The notification permission, as the Permissions API reports it when asked at start-up
 * (askNotificationPermission): `Notification.permission` gives the same state, but reading it is
 * a synchronous round trip to the browser (1 to 6 ms on a busy machine) in the page view's task.
 * It is read only where the answer is not in by then (probeBrowser): on a busy machine, a
 * headless browser's denial came after the page view (the end-to-end suite, run on a fresh clone).
 */
let notificationPermission: string | undefined;

export function askNotificationPermission(): void {
  try {
    void navigator.permissions?.query({ name: 'notifications' as PermissionName }).then(
      (status) => (notificationPermission = status.state === 'prompt' ? 'default' : status.state),
      () => undefined,
    );
  } catch {
    /* no Permissions API: every check but this one still runs */
  }
}

/**
 * Reads the browser for the checks; anything unreadable reads as a real browser would.
 * (`nav && nav.x` rather than `nav?.x`: the same for an object or undefined, and smaller in the
 * ES2019 build.)
 */
export function probeBrowser(): BotProbe {
  const nav = safely(() => navigator as Navigator & Record<string, unknown>);
  const w = window as unknown as Record<string, unknown>;
  return {
    // Anything but a user-agent string fails every user-agent test, as '' does.
    userAgent: safely(() => nav?.userAgent || '', ''),
    webdriver: safely(() => nav?.webdriver === true, false),
    // Asked by name: reading `attributes` is the page's first use of two more interfaces
    // (NamedNodeMap, Attr), 0.07–0.13 ms more of a fresh tab's main thread.
    automationAttributes: safely(
      () => [document.body, document.documentElement].flatMap((el) => (el ? AUTOMATION_ATTRIBUTES.filter((name) => el.hasAttribute(name)) : [])),
      [] as string[],
    ),
    phantomGlobals: safely(() => w.callPhantom !== undefined || w._phantom !== undefined, false),
    hasChromeObject: safely(() => w.chrome != null, true),
    connection: safely(() => nav?.connection as { rtt?: unknown } | undefined, { rtt: 0 }),
    deviceMemory: safely(() => nav?.deviceMemory, 8),
    hardwareConcurrency: safely(() => nav?.hardwareConcurrency, 4),
    platform: safely(() => nav?.platform, 'unknown'),
    notificationPermission: notificationPermission ?? safely(() => Notification.permission),
    secureContext: safely(() => window.isSecureContext !== false, true),
  };
}

export const botDataElements: DataElement[] = [
  el('botFlag', (ctx) => (ctx.getVar('botAttribute') ? BOT_DETECTED : NO_BOT_DETECTED)),
  el('botAttribute', () => detectBot(probeBrowser()), ''),
];
