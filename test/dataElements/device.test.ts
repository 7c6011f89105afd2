import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_NAMES, deviceTypeOf } from '../../src/dataElements/device';
import { clock } from '../../src/dataElements/read';
import { openPage, readAll, reader, resetWindow, restoreNavigator, setUserAgent } from './helpers';

beforeEach(() => {
  resetWindow();
  openPage({ url: 'https://www.canada.ca/en.html' });
});
afterEach(() => {
  restoreNavigator();
});

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  samsungPhone:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911W) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  firefoxAndroidPhone: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxAndroidTablet: 'Mozilla/5.0 (Android 13; Tablet; rv:127.0) Gecko/127.0 Firefox/127.0',
  kindleFire: 'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/125.3.1 like Chrome/125.0.6422.165 Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
  blackberry: 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.35+ (KHTML, like Gecko) Version/10.3.3.2205 Mobile Safari/537.35+',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/5.1.21214/28.2725; U; en) Presto/2.8.119 Version/11.10',
};

describe('device type', () => {
  it.each([
    ['iPhone', UA.iPhone, 5, 'mobile'],
    ['iPod touch', UA.iPod, 5, 'mobile'],
    ['Android phone (Pixel, Chrome)', UA.androidPhone, 5, 'mobile'],
    ['Android phone (Samsung Internet)', UA.samsungPhone, 5, 'mobile'],
    ['Android phone (Firefox)', UA.firefoxAndroidPhone, 5, 'mobile'],
    ['Windows Phone', UA.windowsPhone, 5, 'mobile'],
    ['BlackBerry 10', UA.blackberry, 5, 'mobile'],
    ['Opera Mini', UA.operaMini, 0, 'mobile'],
    ['Android tablet (Galaxy Tab, Chrome)', UA.androidTablet, 5, 'tablet'],
    ['Android tablet (Firefox)', UA.firefoxAndroidTablet, 5, 'tablet'],
    ['Kindle Fire (Silk)', UA.kindleFire, 5, 'tablet'],
    ['iPad (iOS 12)', UA.iPad, 5, 'tablet'],
    ['iPadOS claiming to be a Mac, with touch', UA.macSafari, 5, 'tablet'],
    ['Mac desktop (Safari)', UA.macSafari, 0, 'desktop'],
    ['Mac desktop (Chrome)', UA.macChrome, 0, 'desktop'],
    ['Mac with one touch point (a driver quirk)', UA.macSafari, 1, 'desktop'],
    ['Windows desktop (Edge)', UA.windowsEdge, 0, 'desktop'],
    ['Windows touch laptop', UA.windowsEdge, 10, 'desktop'],
    ['Windows desktop (Firefox)', UA.windowsFirefox, 0, 'desktop'],
    ['Linux desktop', UA.linux, 0, 'desktop'],
    ['empty user agent', '', 0, 'desktop'],
  ])('%s → %s', (_label, ua, touchPoints, expected) => {
    expect(deviceTypeOf(ua, touchPoints)).toBe(expected);
    setUserAgent(ua, touchPoints);
    expect(reader()('deviceType')).toBe(expected);
  });

  it('user agent is the browser’s own', () => {
    setUserAgent(UA.iPhone, 5);
    expect(reader()('userAgent')).toBe(UA.iPhone);
  });
});

describe('local day and hour', () => {
  it.each([
    [new Date(2025, 8, 14, 0, 5), 'Sunday', '00'],
    [new Date(2025, 8, 15, 9, 30), 'Monday', '09'],
    [new Date(2025, 8, 17, 14, 0), 'Wednesday', '14'],
    [new Date(2025, 8, 20, 23, 59), 'Saturday', '23'],
  ])('%s → %s %s', (now, day, hour) => {
    vi.spyOn(clock, 'now').mockReturnValue(now);
    expect(readAll(['localDay', 'localHour'])).toEqual({ localDay: day, localHour: hour });
  });

  it('day names are reported in English on French pages too', () => {
    openPage({ fixture: 'fr-services-page.html', url: 'https://www.canada.ca/fr/services.html' });
    vi.spyOn(clock, 'now').mockReturnValue(new Date(2025, 8, 19, 12));
    expect(reader()('localDay')).toBe('Friday');
    expect(DAY_NAMES).toHaveLength(7);
  });
});
