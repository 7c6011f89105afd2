import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askNotificationPermission, BOT_CHECKS, BOT_DETECTED, detectBot, NO_BOT_DETECTED, probeBrowser, type BotProbe } from '../../src/dataElements/bot';
import { openPage, readAll, resetWindow, restoreNavigator, setUserAgent } from './helpers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36';

const realChrome: BotProbe = {
  userAgent: CHROME,
  webdriver: false,
  automationAttributes: ['class', 'vocab', 'typeof'],
  phantomGlobals: false,
  hasChromeObject: true,
  connection: { rtt: 50 },
  deviceMemory: 8,
  hardwareConcurrency: 8,
  platform: 'Win32',
  notificationPermission: 'default',
  secureContext: true,
};

/** A browser without the Chrome-only APIs. */
const nonChrome = (userAgent: string, platform: string): BotProbe => ({
  ...realChrome,
  userAgent,
  hasChromeObject: false,
  connection: undefined,
  deviceMemory: undefined,
  platform,
  notificationPermission: 'denied',
});

describe('bot checks', () => {
  it('has twelve checks, in SPEC order', () => {
    expect(BOT_CHECKS.map(([name]) => name)).toEqual([
      'chrome version .999',
      'webdriver',
      'headless chrome',
      'automation attributes',
      'phantomjs',
      'chrome object missing',
      'network information missing',
      'network round-trip time missing',
      'device memory missing',
      'hardware concurrency',
      'platform',
      'notification permission denied',
    ]);
  });

  it.each([
    ['real Chrome', realChrome],
    ['Firefox', nonChrome(FIREFOX, 'Win32')],
    ['Safari on iPhone', nonChrome(SAFARI_IOS, 'iPhone')],
    ['an Android WebView', nonChrome(ANDROID_WEBVIEW, 'Linux armv81')],
    ['Chrome on http (no device memory outside a secure context)', { ...realChrome, deviceMemory: undefined, secureContext: false }],
  ])('%s passes every check', (_label, probe) => {
    expect(detectBot(probe)).toBe('');
  });

  it.each<[string, Partial<BotProbe>]>([
    ['chrome version .999', { userAgent: CHROME.replace('126.0.6478.127', '120.0.0.999') }],
    ['webdriver', { webdriver: true }],
    ['headless chrome', { userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') }],
    ['automation attributes', { automationAttributes: ['class', 'webdriver'] }],
    ['automation attributes', { automationAttributes: ['selenium'] }],
    ['phantomjs', { userAgent: 'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1' }],
    ['phantomjs', { phantomGlobals: true }],
    ['chrome object missing', { hasChromeObject: false }],
    ['network information missing', { connection: undefined }],
    ['network round-trip time missing', { connection: {} }],
    ['device memory missing', { deviceMemory: undefined }],
    ['hardware concurrency', { hardwareConcurrency: 0 }],
    ['hardware concurrency', { hardwareConcurrency: undefined }],
    ['platform', { platform: '' }],
    ['notification permission denied', { notificationPermission: 'denied' }],
  ])('fails %s', (name, change) => {
    expect(detectBot({ ...realChrome, ...change })).toBe(name);
  });

  it('the first failing check is the one named', () => {
    expect(detectBot({ ...realChrome, webdriver: true, platform: '', hasChromeObject: false })).toBe('webdriver');
  });
});

describe('bot flag and attribute elements', () => {
  beforeEach(() => {
    resetWindow();
    openPage({ fixture: 'en-services-page.html', url: 'https://www.canada.ca/en/services/benefits/ei.html' });
  });
  afterEach(() => {
    restoreNavigator();
    delete (navigator as unknown as Record<string, unknown>).webdriver;
    delete (navigator as unknown as Record<string, unknown>).platform;
    delete (navigator as unknown as Record<string, unknown>).hardwareConcurrency;
  });

  const stub = (name: string, value: unknown) => Object.defineProperty(navigator, name, { configurable: true, get: () => value });

  it('a Firefox visitor is not a bot', () => {
    setUserAgent(FIREFOX);
    stub('platform', 'Win32');
    stub('hardwareConcurrency', 8);
    expect(readAll(['botFlag', 'botAttribute'])).toEqual({ botFlag: NO_BOT_DETECTED, botAttribute: '' });
  });

  it('a WebDriver-driven browser is', () => {
    setUserAgent(FIREFOX);
    stub('webdriver', true);
    expect(readAll(['botFlag', 'botAttribute'])).toEqual({ botFlag: BOT_DETECTED, botAttribute: 'webdriver' });
  });

  it('automation attributes on the body', () => {
    setUserAgent(FIREFOX);
    document.body.setAttribute('selenium', 'true');
    expect(probeBrowser().automationAttributes).toContain('selenium');
    expect(readAll(['botFlag', 'botAttribute'])).toEqual({ botFlag: BOT_DETECTED, botAttribute: 'automation attributes' });
  });

  it('automation attributes in any case on <html>, and only those names', () => {
    document.documentElement.setAttribute('data-selenium', '');
    document.body.setAttribute('webdriver-active', '');
    expect(probeBrowser().automationAttributes).toEqual([]);
    document.documentElement.setAttribute('DRIVER', '');
    expect(probeBrowser().automationAttributes).toEqual(['driver']);
    document.documentElement.removeAttribute('driver');
    document.documentElement.removeAttribute('data-selenium');
    document.body.removeAttribute('webdriver-active');
  });
});

describe('the notification permission, asked without blocking', () => {
  const answer = (state: string) => {
    const query = vi.fn(() => Promise.resolve({ state }));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { permissions: { query } }));
    return query;
  };
  afterEach(() => vi.unstubAllGlobals());

  it("is read from the Permissions API once asked ('prompt' reads as Notification's 'default')", async () => {
    const query = answer('denied');
    askNotificationPermission();
    expect(query).toHaveBeenCalledWith({ name: 'notifications' });
    await vi.waitFor(() => expect(probeBrowser().notificationPermission).toBe('denied'));
    answer('prompt');
    askNotificationPermission();
    await vi.waitFor(() => expect(probeBrowser().notificationPermission).toBe('default'));
  });

  it('where the answer is not in yet (a busy machine), Notification.permission is read instead; once it is in, it is not', async () => {
    vi.resetModules();
    const fresh = await import('../../src/dataElements/bot');
    let reads = 0;
    vi.stubGlobal('Notification', {
      get permission() {
        reads++;
        return 'denied';
      },
    });
    expect(fresh.probeBrowser().notificationPermission).toBe('denied');
    expect(reads).toBe(1);
    const query = answer('granted');
    fresh.askNotificationPermission();
    await query.mock.results[0]!.value;
    await Promise.resolve();
    expect(fresh.probeBrowser().notificationPermission).toBe('granted');
    expect(reads).toBe(1);
  });

  it('a browser without the API, or one that refuses the query, never throws', () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { permissions: undefined }));
    expect(() => askNotificationPermission()).not.toThrow();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { permissions: { query: () => Promise.reject(new TypeError('bad name')) } }));
    expect(() => askNotificationPermission()).not.toThrow();
  });
});
