import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_KEY } from '../../src/analytics/beaconQueue';
import { CONSENT_ERROR, createTracker, TRACKER_VERSION, type TrackerConfig } from '../../src/analytics/tracker';
import { containsPersonalInfo } from '../../src/privacy/redact';
import { viewportOf } from '../engine/helpers';
import { expireCookie } from '../engine/runtimeHelpers';
import { captureListeners, fakeTransport, param, recordingDelivery, recordingLogger, setHidden, through } from './helpers';

const CONSENT = 'gc_consent';

function setup(overrides: Partial<TrackerConfig> = {}) {
  const transport = fakeTransport();
  const logger = recordingLogger();
  const tracker = createTracker(
    { reportSuite: 'canadars', trackingServer: 'metrics.test', consentCookie: null, isTrackingAllowed: () => true, logger, ...overrides },
    through(transport),
  );
  return { tracker, transport, logger, last: () => transport.sent().at(-1) ?? [] };
}

beforeEach(() => {
  localStorage.clear();
  captureListeners();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = `${CONSENT}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('tracker: page views', () => {
  it('sends t() to https://{trackingServer}/b/ss/{reportSuite}/1/JS-2.27.0/s{random}', async () => {
    const { tracker, transport } = setup();
    expect(TRACKER_VERSION).toBe('2.27.0');
    await expect(tracker.t()).resolves.toEqual({ sent: true, transport: 'fetch' });
    expect(transport.requests[0]!.url).toMatch(/^https:\/\/metrics\.test\/b\/ss\/canadars\/1\/JS-2\.27\.0\/s\d+\?AQB=1&/);
  });

  it("sends to the page's own origin when trackingServer is null", async () => {
    const { tracker, transport } = setup({ trackingServer: null });
    await tracker.t();
    expect(transport.requests[0]!.url.startsWith(`${location.protocol}//${location.host}/b/ss/canadars/1/JS-2.27.0/s`)).toBe(true);
  });

  it('carries the variables set, the events added, currency CAD and the screen', async () => {
    const { tracker, last } = setup();
    tracker.set('pageName', 'canada.ca:home');
    tracker.set('pageURL', 'https://www.canada.ca/en.html');
    tracker.set('referrer', 'https://www.google.com/');
    tracker.set('channel', 'canada');
    tracker.set('server', 'www.canada.ca');
    tracker.set('pageType', 'errorPage');
    tracker.set('campaign', 'utm_campaign=x');
    tracker.set('eVar5', 'english');
    tracker.set('prop5', 'english');
    tracker.addEvent(11);
    tracker.addEvent(9);
    tracker.addEvent(12, 34);
    await tracker.t();
    const pairs = last();
    expect(pairs[0]).toEqual(['AQB', '1']);
    expect(pairs.at(-1)).toEqual(['AQE', '1']);
    expect(Object.fromEntries(pairs)).toMatchObject({
      pageName: 'canada.ca:home',
      g: 'https://www.canada.ca/en.html',
      r: 'https://www.google.com/',
      ch: 'canada',
      server: 'www.canada.ca',
      pageType: 'errorPage',
      v0: 'utm_campaign=x',
      v5: 'english',
      c5: 'english',
      cc: 'CAD',
      events: 'event11,event9,event12=34',
      c: String(screen.colorDepth),
      bw: String(innerWidth),
      bh: String(innerHeight),
    });
    expect(param(pairs, 's')).toMatch(/^\d+x\d+$/);
    expect(param(pairs, 't')).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{1,2}:\d{1,2} [0-6] -?\d+$/);
    expect(param(pairs, 'pe')).toBeUndefined();
  });

  it('sends the referrer with the first beacon of the page and again only when it changes, as AppMeasurement does', async () => {
    const delivery = recordingDelivery();
    const tracker = createTracker(
      { reportSuite: 'canadars', trackingServer: 'metrics.test', consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() },
      delivery.connect,
    );
    const last = () => delivery.sent().at(-1) ?? [];
    tracker.set('referrer', 'https://www.google.com/');
    await tracker.t();
    expect(Object.fromEntries(last()).r).toBe('https://www.google.com/');
    tracker.setLinkTrack([], []);
    await tracker.tl('https://www.canada.ca/a.pdf', 'd', 'Download');
    expect(Object.fromEntries(last()).r).toBeUndefined();
    await tracker.t();
    expect(Object.fromEntries(last()).r).toBeUndefined();
    // An app's virtual page view with a new referrer sends it.
    tracker.set('referrer', 'https://www.canada.ca/en/app.html#step1');
    await tracker.t();
    expect(Object.fromEntries(last()).r).toBe('https://www.canada.ca/en/app.html#step1');
  });

  it("reports the browser as AppMeasurement does (j, v, k) and the visitor's fallback id (fid), kept in s_fid", async () => {
    const { tracker, last } = setup();
    await tracker.t();
    const first = Object.fromEntries(last());
    expect(first).toMatchObject({ ce: 'UTF-8', j: '1.6', v: 'N', k: 'Y' });
    expect(first.fid).toMatch(/^[0-7][0-9A-F]{15}-[0-3][0-9A-F]{15}$/);
    expect(document.cookie).toContain(`s_fid=${first.fid}`);
    await tracker.t();
    expect(Object.fromEntries(last()).fid).toBe(first.fid);
    expect(
      last()
        .map(([name]) => name)
        .slice(-8),
    ).toEqual(['s', 'c', 'j', 'v', 'k', 'bw', 'bh', 'AQE']);
  });

  it('reports the viewport (bw, bh) that media queries find, without reading innerWidth or innerHeight (which lay the page out)', async () => {
    vi.stubGlobal('matchMedia', viewportOf(1111, 777).matchMedia);
    const read = vi.spyOn(window, 'innerWidth', 'get');
    try {
      const { tracker, last } = setup();
      await tracker.t();
      expect(Object.fromEntries(last())).toMatchObject({ bw: '1111', bh: '777' });
      expect(read).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      // The size found is kept until the window is resized: the next test's window is another.
      dispatchEvent(new Event('resize'));
    }
  });

  it('never sends a fallback id that looks like personal information (a SIN-like digit run is drawn again)', async () => {
    expireCookie('s_fid');
    // The first draw starts with nine decimal digits; the second is clean.
    const draws = [
      [7, 5, 0, 1, 2, 1, 8, 2, 4, 13, 12, 5, 11, 5, 9, 8],
      [10, 11, 12, 13, 14, 15, 10, 11, 12, 13, 14, 15, 10, 11, 12, 13],
    ];
    let call = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint8Array).set(draws[Math.min(Math.floor(call++ / 2), 1)]!);
      return array;
    });
    const { tracker, last } = setup();
    await tracker.t();
    const fid = Object.fromEntries(last()).fid!;
    expect(fid).toBe('2BCDEFABCDEFABCD-2BCDEFABCDEFABCD');
    expect(containsPersonalInfo(fid)).toBe(false);
  });

  it('Analytics for Target: the first page view carries the page’s sdid; tnt() sends a payload as AppMeasurement does (pe=tnt, tnta)', async () => {
    const delivery = recordingDelivery();
    const tracker = createTracker(
      {
        reportSuite: 'canadars',
        trackingServer: 'metrics.test',
        consentCookie: null,
        isTrackingAllowed: () => true,
        logger: recordingLogger(),
        supplementalDataId: '1A2B3C4D5E6F7A8B-2B3C4D5E6F7A8B9C',
      },
      delivery.connect,
    );
    tracker.set('pageName', 'Home');
    tracker.set('eVar5', 'kept off the A4T call');
    tracker.addEvent(11);
    await tracker.t();
    await tracker.tnt('285408:0:0|2,285408:0:0|32767');
    await tracker.t();
    const [view, a4t, second] = delivery.sent().map((pairs) => Object.fromEntries(pairs));
    expect(view!.sdid).toBe('1A2B3C4D5E6F7A8B-2B3C4D5E6F7A8B9C');
    expect(a4t).toMatchObject({ pe: 'tnt', tnta: '285408:0:0|2,285408:0:0|32767', pageName: 'Home' });
    expect([a4t!.v5, a4t!.events, a4t!.sdid, a4t!.pev1]).toEqual([undefined, undefined, undefined, undefined]);
    expect(second!.sdid).toBeUndefined();
  });

  it('set(undefined) and set("") clear a slot; adding an event again only changes its value', async () => {
    const { tracker, last } = setup();
    tracker.set('eVar1', 'a');
    tracker.set('prop1', 'b');
    expect(tracker.get('eVar1')).toBe('a');
    tracker.set('eVar1', undefined);
    tracker.set('prop1', '');
    expect(tracker.get('eVar1')).toBeUndefined();
    expect(tracker.get('prop1')).toBeUndefined();
    tracker.addEvent(9, 1);
    tracker.addEvent(11);
    tracker.addEvent(9, 2);
    tracker.addEvent(0);
    tracker.addEvent(1.5);
    tracker.addEvent(12, Number.NaN);
    await tracker.t();
    expect(param(last(), 'v1')).toBeUndefined();
    expect(param(last(), 'c1')).toBeUndefined();
    expect(param(last(), 'events')).toBe('event9=2,event11,event12');
  });

  it('sends a page view made while the page is hidden without waiting behind the one in flight', async () => {
    const { tracker, transport } = setup();
    await tracker.t();
    setHidden(true);
    await expect(tracker.t()).resolves.toEqual({ sent: false, transport: 'held' });
    expect(transport.requests).toHaveLength(1);
    expect(transport.beacons).toHaveLength(1);
  });

  it('logs each beacon decoded, as one group', async () => {
    const { tracker, logger, transport } = setup();
    tracker.set('pageName', 'Home');
    await tracker.t();
    await tracker.tl('https://x.test/', 'e', 'Exit');
    expect(logger.groups.map((g) => g.heading)).toEqual(['Beacon: page view', 'Beacon: link e "Exit"']);
    expect(logger.groups[0]!.lines).toEqual(transport.sent()[0]);
    expect(logger.groups[0]!.lines).toContainEqual(['pageName', 'Home']);
  });

  it('names parameters in the log with the solution design reference, and logs nothing when off', async () => {
    const describeParam = (param: string) => ({ v5: 'Page theme', pageName: 'Page title' })[param];
    const { tracker, logger } = setup({ paramNames: Promise.resolve(describeParam) });
    tracker.set('pageName', 'Home');
    tracker.set('eVar5', 'benefits');
    await tracker.t();
    expect(logger.groups[0]!.lines).toContainEqual(['pageName (Page title)', 'Home']);
    expect(logger.groups[0]!.lines).toContainEqual(['v5 (Page theme)', 'benefits']);
    expect(logger.groups[0]!.lines).toContainEqual(['cc', 'CAD']);

    const off = { ...recordingLogger(), enabled: false };
    const groups = vi.spyOn(off, 'group');
    await setup({ logger: off }).tracker.t();
    expect(groups).not.toHaveBeenCalled();
  });

  it('builds each beacon when t() or tl() is called, so later changes do not leak into it', async () => {
    const { tracker, transport } = setup();
    tracker.set('pageName', 'Before');
    const sent = tracker.t();
    tracker.set('pageName', 'After');
    await sent;
    expect(param(transport.sent()[0]!, 'pageName')).toBe('Before');
  });

  it('still logs a beacon, with bare parameter names, when the names cannot be loaded', async () => {
    const { tracker, logger } = setup({ paramNames: Promise.reject(new Error('tag-debug.js missing')) });
    tracker.set('pageName', 'Home');
    await tracker.t();
    await Promise.resolve();
    expect(logger.groups[0]!.lines).toContainEqual(['pageName', 'Home']);
  });

  it('gives URL redaction to the slots marked as URLs and text redaction to the others', async () => {
    const { tracker, last } = setup({ urlSlots: ['eVar9'] });
    tracker.set('eVar9', 'https://www.canada.ca/en/sr/srb.html?q=tax&lang=en');
    tracker.set('eVar10', 'https://www.canada.ca/en/sr/srb.html?q=tax&lang=en');
    await tracker.t();
    expect(param(last(), 'v9')).toBe('https://www.canada.ca/en/sr/srb.html?lang=en');
    expect(param(last(), 'v10')).toBe('https://www.canada.ca/en/sr/srb.html?q=tax&lang=en');
  });

  it('keeps the digit runs of a value marked as product codes, until the slot is set again without the mark', async () => {
    const { tracker, last } = setup();
    tracker.set('eVar20', '8703230000 jane@example.ca', true);
    tracker.set('eVar21', '8703230000');
    tracker.set('eVar22', '8703230000', true);
    tracker.set('eVar22', '8703230000');
    await tracker.t();
    expect(param(last(), 'v20')).toBe('8703230000 [REDACTED/CAVIARDÉ]');
    expect(param(last(), 'v21')).toBe('[REDACTED/CAVIARDÉ]');
    expect(param(last(), 'v22')).toBe('[REDACTED/CAVIARDÉ]');
  });
});

describe('tracker: link calls', () => {
  it('sends tl() with pe/pev1/pev2 and only the link-track vars and events', async () => {
    const { tracker, last } = setup();
    tracker.set('pageName', 'Home');
    tracker.set('channel', 'canada');
    tracker.set('eVar20', 'Download Link - report.pdf');
    tracker.set('eVar21', 'not listed');
    tracker.set('prop20', 'listed');
    tracker.addEvent(500);
    tracker.addEvent(9);
    tracker.setLinkTrack(['eVar20', 'prop20'], [500]);
    await expect(tracker.tl('https://www.canada.ca/report.pdf', 'd', 'Download Link - report.pdf')).resolves.toEqual({
      sent: true,
      transport: 'fetch',
    });
    const pairs = Object.fromEntries(last());
    expect(pairs).toMatchObject({
      pe: 'lnk_d',
      pev1: 'https://www.canada.ca/report.pdf',
      pev2: 'Download Link - report.pdf',
      v20: 'Download Link - report.pdf',
      c20: 'listed',
      events: 'event500',
      pageName: 'Home',
    });
    expect(pairs).not.toHaveProperty('v21');
    expect(pairs).not.toHaveProperty('ch');
  });
});

describe('tracker: clearVars', () => {
  it("clears what AppMeasurement's clearVars clears and keeps the rest", async () => {
    const { tracker, last } = setup();
    tracker.set('pageName', 'Home');
    tracker.set('pageURL', 'https://www.canada.ca/');
    tracker.set('referrer', 'https://ref.test/');
    tracker.set('server', 'www.canada.ca');
    tracker.set('pageType', 'errorPage');
    tracker.set('channel', 'canada');
    tracker.set('campaign', 'c');
    tracker.set('eVar1', 'e');
    tracker.set('eVar100', 'e');
    tracker.set('prop1', 'p');
    tracker.addEvent(9);
    tracker.setLinkTrack(['pageType'], []);
    tracker.clearVars();
    for (const slot of ['channel', 'campaign', 'eVar1', 'eVar100', 'prop1'] as const) expect(tracker.get(slot)).toBeUndefined();
    expect(tracker.get('pageName')).toBe('Home');
    expect(tracker.get('pageURL')).toBe('https://www.canada.ca/');
    expect(tracker.get('referrer')).toBe('https://ref.test/');
    expect(tracker.get('server')).toBe('www.canada.ca');
    expect(tracker.get('pageType')).toBe('errorPage');
    await tracker.t();
    expect(param(last(), 'events')).toBeUndefined();
    // linkTrackVars survive too.
    await tracker.tl('https://x.test/', 'o', 'x');
    expect(param(last(), 'pageType')).toBe('errorPage');
  });
});

describe('tracker: consent and gate', () => {
  it('rejects with the EU compliance error and sends nothing without the consent cookie', async () => {
    const { tracker, transport } = setup({ consentCookie: CONSENT });
    await expect(tracker.t()).rejects.toThrow(new Error(CONSENT_ERROR));
    expect(CONSENT_ERROR).toBe('EU compliance was not acknowledged by the user.');
    document.cookie = `${CONSENT}=false; path=/`;
    await expect(tracker.tl('https://x.test/', 'o', 'x')).rejects.toThrow(CONSENT_ERROR);
    expect(transport.sent()).toEqual([]);
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it("sends once the consent cookie is 'true'", async () => {
    document.cookie = `${CONSENT}=true; path=/`;
    const { tracker, transport } = setup({ consentCookie: CONSENT });
    await expect(tracker.t()).resolves.toEqual({ sent: true, transport: 'fetch' });
    expect(transport.sent()).toHaveLength(1);
  });

  it('does not flush queued beacons without consent', () => {
    localStorage.setItem(QUEUE_KEY, JSON.stringify([{ i: 'a', q: 'AQB=1&AQE=1', t: 1, k: 'p' }]));
    const { transport } = setup({ consentCookie: CONSENT });
    expect(transport.sent()).toEqual([]);
  });

  it('sends nothing when the tracking gate is closed, resolves { sent: false } and says why', async () => {
    localStorage.setItem(QUEUE_KEY, JSON.stringify([{ i: 'a', q: 'AQB=1&AQE=1', t: 1, k: 'p' }]));
    const { tracker, transport, logger } = setup({ isTrackingAllowed: () => false, consentCookie: CONSENT });
    await expect(tracker.t()).resolves.toEqual({ sent: false });
    await expect(tracker.tl('https://x.test/', 'o', 'x')).resolves.toEqual({ sent: false });
    expect(transport.sent()).toEqual([]);
    expect(logger.lines.filter((l) => l.includes('tracking is off'))).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem(QUEUE_KEY)!)).toHaveLength(1);
  });

  it('never throws into the page: an internal failure resolves { sent: false } and is logged', async () => {
    const { tracker, logger, transport } = setup();
    logger.group = () => {
      throw new Error('console gone');
    };
    await expect(tracker.t()).resolves.toEqual({ sent: false });
    expect(logger.lines.some((l) => l.includes('Beacon: page view failed'))).toBe(true);
    expect(transport.sent()).toEqual([]);
  });
});

describe('tracker: page views built in a task of their own (`later`)', () => {
  /** A `later` that holds each build until the test runs it. */
  function deferred() {
    const builds: Array<() => void> = [];
    return { later: (build: () => void) => void builds.push(build), runLater: () => builds.splice(0).forEach((build) => build()) };
  }

  it('builds and sends nothing until `later` runs, then the values as they were when t() was called', async () => {
    const { later, runLater } = deferred();
    const { tracker, transport } = setup({ later });
    tracker.set('pageName', 'canada.ca:home');
    tracker.addEvent(11);
    const result = tracker.t();
    tracker.clearVars();
    tracker.set('pageName', 'changed afterwards');
    expect(transport.requests).toEqual([]);
    runLater();
    await expect(result).resolves.toEqual({ sent: true, transport: 'fetch' });
    expect(param(transport.sent()[0]!, 'pageName')).toBe('canada.ca:home');
    expect(param(transport.sent()[0]!, 'events')).toBe('event11');
  });

  it('builds a link call at once, after the page view still waiting: the order they were made in', async () => {
    const calls: Array<() => void> = [];
    const { tracker, transport } = setup({ later: (build) => void calls.push(build) });
    tracker.set('pageName', 'page');
    void tracker.t();
    expect(transport.requests).toEqual([]);
    void tracker.tl('https://x.test/a.pdf', 'd', 'first');
    expect(transport.sent().map((pairs) => param(pairs, 'pe') ?? 'view')).toEqual(['view']);
    // One at a time: the link follows the page view's answer.
    transport.requests[0]!.answer('ok');
    await vi.waitFor(() => expect(transport.requests).toHaveLength(2));
    expect(param(transport.sent()[1]!, 'pev2')).toBe('first');
    // What `later` runs afterwards finds nothing left to build.
    calls.forEach((build) => build());
    expect(transport.requests).toHaveLength(2);
  });

  it('asks `later` once for page views made in one go, and builds them in order', () => {
    const calls: Array<() => void> = [];
    const { tracker, transport } = setup({ later: (build) => void calls.push(build) });
    tracker.set('pageName', 'one');
    void tracker.t();
    tracker.set('pageName', 'two');
    void tracker.t();
    expect(calls).toHaveLength(1);
    calls[0]!();
    expect(transport.sent()).toHaveLength(1);
    transport.requests[0]!.answer('ok');
    return vi.waitFor(() => expect(transport.sent().map((pairs) => param(pairs, 'pageName'))).toEqual(['one', 'two']));
  });

  it('builds what waits at once when the page is left, before delivery hides it', () => {
    const listeners = captureListeners();
    const { later } = deferred();
    const { tracker, transport } = setup({ later });
    tracker.set('pageName', 'leaving');
    void tracker.t();
    expect(transport.sent()).toEqual([]);
    listeners.fire('pagehide');
    // Built and handed to delivery, which sends a beacon made while leaving by sendBeacon.
    expect([...transport.requests.map((r) => r.url), ...transport.beacons.map((b) => b.url)].join(' ')).toMatch(/\/s\d+/);
    expect(transport.sent().map((pairs) => param(pairs, 'pageName'))).toEqual(['leaving']);
  });

  it('builds at once a page view made while the page is hidden: it may never run again', () => {
    setHidden(true);
    const { later } = deferred();
    const { tracker, transport } = setup({ later });
    void tracker.t();
    expect(transport.sent()).toHaveLength(1);
  });
});
