/**
 * The pages `npm run bench` loads side by side: the same Canada.ca-shaped page (GCWeb's page
 * details included) bare, with the floor (an inline script reading the page's values and calling
 * sendBeacon), with our tag, and with each peer available from the npm registry
 * (scripts/ensure-peers.sh fetches them): Adobe's
 * Web SDK (alloy) standalone, Segment's analytics-next standalone, and Adobe's tag engine
 * (reactor-turbine) with a container of one page-view rule at its simplest. The peers' page code is
 * written here from their documented set-up, not copied from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { renderPage } from '../demo/site-src/layout';
import { BENCH_BUILD } from '../scripts/buildFolders';

export const PAGE_URL = 'https://www.canada.ca/en/bench/load.html';

/**
 * The page every variant loads: the demo's Canada.ca content page (demo/site-src/layout.ts, in
 * GCWeb's conventions: the language toggle and site search in the header, the menu, breadcrumbs,
 * the Dublin Core metadata, page details with the page feedback tool and report a problem, the
 * footer), with a main column of 100 links eight levels deep. The variant's script takes the tag's
 * place at the end of the body; the demo's own stylesheet and script are left out.
 */
export function pageHtml(script: string, extra = ''): string {
  const nested = (depth: number, inner: string): string => (depth ? `<div class="d${depth}">${nested(depth - 1, inner)}</div>` : inner);
  const links = Array.from({ length: 100 }, (_, i) => `<li><a href="/en/page-${i}.html">Link ${i}</a></li>`).join('');
  return renderPage({
    path: new URL(PAGE_URL).pathname,
    lang: 'en',
    twin: '/fr/banc/charge.html',
    title: 'Bench page',
    description: 'A page of links, to measure what a tag costs.',
    subject: 'Employment insurance',
    identifier: 'BENCH-0001',
    crumbs: [['/en/services.html', 'Services']],
    body: `${nested(8, `<ul>${links}</ul><p><a id="target" href="/en/target.html">Apply for benefits</a></p>`)}${extra}`,
    tagMarkup: script,
    noDemoAssets: true,
    demonstrates: 'what the bench measures',
  });
}

export interface Answer {
  status?: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface Variant {
  name: string;
  html: string;
  /** What the page may request, by URL pattern: its scripts and the services' answers. */
  answers: Array<[RegExp, Answer]>;
  /** The request that stands for the first beacon, or none (the bare page). */
  beacon?: RegExp;
}

const js = (body: string | Buffer): Answer => ({ contentType: 'text/javascript', body });
/** A JSON answer the page's origin may read, as Adobe's and Segment's services answer. */
export const json = (body: unknown, origin = 'https://www.canada.ca'): Answer => ({
  contentType: 'application/json',
  body: JSON.stringify(body),
  headers: { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' },
});
/** As Adobe's collectors answer: readable by the page's origin (the tag reads the answer). */
const COLLECTOR: Answer = {
  contentType: 'image/gif',
  body: '',
  headers: { 'Access-Control-Allow-Origin': 'https://www.canada.ca', 'Access-Control-Allow-Credentials': 'true' },
};
const ANALYTICS = /^https:\/\/metrics\.canada\.ca\/b\/ss\//;
const PEERS = '.bench-peers';

/**
 * Our tag as the page gets it: `tag` as tag.js, and the on-demand files of the production build
 * the bench makes (build/bench/) when the page asks for them.
 */
function ourBuild(name: string, tag: string | Buffer): Variant {
  const files = readdirSync(BENCH_BUILD).filter((file) => file.endsWith('.js') && file !== 'tag.js');
  return {
    name,
    html: pageHtml('<script src="/dist/tag.js"></script>'),
    answers: [
      [/^https:\/\/www\.canada\.ca\/dist\/tag\.js$/, js(tag)],
      ...files.map((file): [RegExp, Answer] => [
        new RegExp(`^https://www\\.canada\\.ca/dist/${file.replace('.', '\\.')}$`),
        js(readFileSync(`${BENCH_BUILD}/${file}`)),
      ]),
      // The production tag asks Target for personalization; the bench answers it with no offers.
      [/^https:\/\/[^/]+\.tt\.omtrdc\.net\//, json({ status: 200 })],
      [ANALYTICS, COLLECTOR],
    ],
    beacon: ANALYTICS,
  };
}

/** A build of our tag's source other than the production one, to show what a part of the tag costs. */
export interface OurPart {
  name: string;
  /** What the page gets as tag.js. */
  tag: string;
}

/** What every tool here reports: the page's title, language and address, once the page is parsed. */
const FLOOR_SCRIPT = `<script>addEventListener('DOMContentLoaded', function () {
  var q = new URLSearchParams({ pageName: document.title, c4: document.documentElement.lang, g: location.href });
  navigator.sendBeacon('https://metrics.canada.ca/b/ss/canadagov/1/JS-2.27.0/s' + Date.now() + '?' + q);
});</script>`;

/**
 * The floor for a tag like ours: only what the at.js and AppMeasurement contracts make it do before
 * its page view, in one small script of its own: hide the body, read the cookie and web stores once,
 * send Target's page-load request (and show the body on its answer), then a page view of 29
 * parameters with two visit cookies and one storage write. No rules, no scrubbing, no queue: what
 * is left of the CPU goal once this is paid.
 */
const FLOOR_PERSONALIZED_SCRIPT = `(function () {
  var style = document.createElement('style');
  style.id = 'at-body-style';
  style.textContent = 'body{opacity:0 !important}';
  document.head.appendChild(style);
  var stored = [localStorage.getItem('dtm-logImgRequests'), sessionStorage.getItem('tss-start'), document.cookie];
  // Numbers from 100 up written with toFixed, which keeps them out of V8's number-to-text caches
  // (src/engine/decimal.ts): they would cost the page 64 and 48 KB of heap.
  var num = function (n) { return n.toFixed(); };
  // The window's size as innerWidth/innerHeight give it, without the layout that reading those
  // forces while the page is parsed (src/engine/viewport.ts).
  var side = function (name) { var size = 0; for (var step = 16384; step; step >>= 1) if (matchMedia('(min-' + name + ':' + num(size + step) + 'px)').matches) size += step; return size; };
  var width = side('width'), height = side('height');
  var hex = function () { return Math.random().toString(16).slice(2, 10) + Math.random().toString(16).slice(2, 10); };
  var sdid = hex() + '-' + hex();
  var request = {
    requestId: hex(), id: { tntId: hex() + '.35_0' },
    context: { channel: 'web', address: { url: location.href, referringUrl: document.referrer }, screen: { width: screen.width, height: screen.height, orientation: 'landscape', colorDepth: screen.colorDepth, pixelRatio: devicePixelRatio }, window: { width: width, height: height }, browser: { host: location.hostname, webGLRenderer: '' }, timeOffsetInMinutes: -new Date().getTimezoneOffset() },
    experienceCloud: { analytics: { logging: 'server_side', supplementalDataId: sdid, trackingServer: 'metrics.canada.ca' } },
    execute: { pageLoad: { parameters: { platformAuth: 'webAuth not returned in time' } } },
  };
  fetch('https://canada.tt.omtrdc.net/rest/v1/delivery?client=canada&sessionId=' + hex() + '&version=2.11.4', { method: 'POST', body: JSON.stringify(request), credentials: 'include', headers: { 'Content-Type': 'text/plain' } })
    .then(function (r) { return r.json(); })
    .then(function () { style.remove(); }, function () { style.remove(); });
  function pageView() {
    var meta = function (n) { var m = document.querySelector('meta[name="' + n + '"]'); return m ? m.content : ''; };
    var p = [
      ['AQB', '1'], ['ndh', '1'], ['t', '26/10/2026 12:00:00 4 300'], ['sdid', sdid], ['mid', hex()], ['ce', 'UTF-8'],
      ['pageName', meta('dcterms.title') || document.title], ['g', location.href], ['r', document.referrer], ['cc', 'CAD'],
      ['ch', 'en'], ['server', location.hostname], ['events', 'event9,event11'], ['c4', document.documentElement.lang],
      ['v3', document.documentElement.lang], ['v4', meta('dcterms.creator')], ['v5', location.pathname.split('/')[3] || ''],
      ['v23', location.pathname], ['v25', document.title], ['c10', 'Public'], ['v7', navigator.userAgent.length > 10 ? 'desktop' : 'other'],
      ['s', num(screen.width) + 'x' + num(screen.height)], ['c', String(screen.colorDepth)], ['j', '1.6'], ['v', stored[0] ? 'Y' : 'N'], ['k', stored[2] ? 'Y' : 'N'],
      ['bw', num(width)], ['bh', num(height)], ['AQE', '1'],
    ];
    document.cookie = 'gpv_pt=' + encodeURIComponent(document.title) + '; path=/';
    document.cookie = 'gpv_url=' + encodeURIComponent(location.pathname) + '; path=/';
    localStorage.setItem('gc_last', num(Date.now()));
    var q = p.map(function (kv) { return kv[0] + '=' + encodeURIComponent(kv[1]); }).join('&');
    navigator.sendBeacon('https://metrics.canada.ca/b/ss/canadalivemain/1/JS-2.27.0/s' + num(Date.now()) + '?' + q);
  }
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', pageView); else setTimeout(pageView, 0);
})();
`;

function floorPersonalized(): Variant {
  return {
    name: 'floor with personalization (what the contracts ask, one small script)',
    html: pageHtml('<script src="/dist/floor.js"></script>'),
    answers: [
      [/^https:\/\/www\.canada\.ca\/dist\/floor\.js$/, js(FLOOR_PERSONALIZED_SCRIPT)],
      [/^https:\/\/[^/]+\.tt\.omtrdc\.net\//, json({ status: 200 })],
      [ANALYTICS, COLLECTOR],
    ],
    beacon: ANALYTICS,
  };
}

function alloy(): Variant {
  const version = '2.33.1';
  const url = `https://cdn1.adoberesources.net/alloy/${version}/alloy.min.js`;
  // The Web SDK's documented set-up: a queue named in __alloyNS that the library drains, then
  // configure and a sendEvent that renders decisions (its personalization) with the page's details.
  const setup = `<script>
  window.__alloyNS = ['alloy'];
  window.alloy = function () { var args = arguments; return new Promise(function (resolve, reject) { window.alloy.q.push([resolve, reject, args]); }); };
  window.alloy.q = [];
  alloy('configure', { datastreamId: 'bench-datastream', orgId: 'BENCH00000000000000000000@AdobeOrg', edgeDomain: 'edge.adobedc.net', defaultConsent: 'in' });
  alloy('sendEvent', { renderDecisions: true, xdm: { web: { webPageDetails: { name: document.title, URL: location.href } } } });
</script><script src="${url}" async></script>`;
  return {
    name: 'Adobe Web SDK (alloy) standalone',
    html: pageHtml(setup),
    answers: [
      [new RegExp(`^${url.replace(/[./]/g, '\\$&')}$`), js(readFileSync(`${PEERS}/@adobe+alloy@${version}/dist/alloy.min.js`))],
      // The first interact request goes to adobedc.demdex.net until the visitor has an identity.
      [/^https:\/\/[^/]+\/ee\/v1\//, json({ requestId: 'bench', handle: [] })],
    ],
    beacon: /^https:\/\/[^/]+\/ee\/v1\//,
  };
}

function segment(): Variant {
  const dir = `${PEERS}/@segment+analytics-next@1.84.3/dist/umd`;
  const key = 'BENCHWRITEKEY';
  // The standalone build reads its write key from its own address and takes the calls the page
  // queued in window.analytics before it arrived.
  const setup = `<script>window.analytics = [['page']];</script><script src="https://cdn.segment.com/analytics.js/v1/${key}/analytics.min.js" async></script>`;
  const bundles = readdirSync(dir).filter((file) => /\.bundle\.[0-9a-f]+\.js$/.test(file));
  return {
    name: 'Segment analytics-next standalone',
    html: pageHtml(setup),
    answers: [
      [new RegExp(`^https://cdn\\.segment\\.com/analytics\\.js/v1/${key}/analytics\\.min\\.js$`), js(readFileSync(`${dir}/standalone.js`))],
      ...bundles.map((file): [RegExp, Answer] => [
        new RegExp(`^https://cdn\\.segment\\.com/analytics-next/bundles/${file.replace(/\./g, '\\.')}$`),
        js(readFileSync(`${dir}/${file}`)),
      ]),
      [
        new RegExp(`^https://cdn\\.segment\\.com/v1/projects/${key}/settings`),
        json({ integrations: { 'Segment.io': { apiKey: key, apiHost: 'api.segment.io/v1' } }, plan: {}, edgeFunction: {} }, '*'),
      ],
      [/^https:\/\/api\.segment\.io\/v1\//, json({ success: true }, '*')],
    ],
    beacon: /^https:\/\/api\.segment\.io\/v1\//,
  };
}

/**
 * Adobe's tag engine with a container that does what our page-view rule does at its simplest:
 * three data elements read on page bottom and one action that sends them. Launch builds the
 * container and the engine into one file; so does this.
 */
function turbine(): Variant {
  const container = `window._satellite = window._satellite || {};
window._satellite.container = {
  buildInfo: { turbineVersion: '28.1.0', turbineBuildDate: '2025-01-01T00:00:00Z', buildDate: '2025-01-01T00:00:00Z', environment: 'production' },
  environment: { id: 'ENbench', stage: 'production' },
  company: { orgId: 'BENCH00000000000000000000@AdobeOrg', dynamicCdnEnabled: false },
  property: { name: 'Bench', id: 'PRbench', settings: { domains: ['canada.ca'], undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false } },
  dataElements: {
    pageTitle: { modulePath: 'bench/src/lib/dataElements/read.js', settings: { what: 'title' }, storageDuration: '' },
    pageLanguage: { modulePath: 'bench/src/lib/dataElements/read.js', settings: { what: 'lang' } },
    pageUrl: { modulePath: 'bench/src/lib/dataElements/read.js', settings: { what: 'url' } }
  },
  extensions: {
    bench: {
      displayName: 'Bench', hostedLibFilesBaseUrl: '', settings: {},
      modules: {
        'bench/src/lib/events/domReady.js': { name: 'dom-ready', displayName: 'DOM Ready', script: function (module) {
          module.exports = function (settings, trigger) {
            if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { trigger({}); }); else trigger({});
          };
        } },
        'bench/src/lib/dataElements/read.js': { name: 'read', displayName: 'Read', script: function (module) {
          module.exports = function (settings) {
            return settings.what === 'title' ? document.title : settings.what === 'lang' ? document.documentElement.lang : location.href;
          };
        } },
        'bench/src/lib/actions/send.js': { name: 'send', displayName: 'Send', script: function (module) {
          module.exports = function (settings) {
            var q = new URLSearchParams({ pageName: settings.pageName, c4: settings.language, g: settings.url });
            navigator.sendBeacon('https://metrics.canada.ca/b/ss/canadagov/1/JS-2.27.0/s' + Date.now() + '?' + q);
          };
        } }
      }
    }
  },
  rules: [{
    id: 'RLbench', name: 'Page view',
    events: [{ modulePath: 'bench/src/lib/events/domReady.js', settings: {}, ruleOrder: 50 }],
    conditions: [],
    actions: [{ modulePath: 'bench/src/lib/actions/send.js', settings: { pageName: '%pageTitle%', language: '%pageLanguage%', url: '%pageUrl%' } }]
  }]
};
`;
  const library = container + readFileSync(`${PEERS}/@adobe+reactor-turbine@28.1.0/dist/engine.min.js`, 'utf8');
  return {
    name: 'Adobe tag engine (reactor-turbine) + a one-rule container (page view, 3 data elements)',
    html: pageHtml('<script src="https://assets.adobedtm.com/bench/launch-bench.min.js"></script>'),
    answers: [
      [/^https:\/\/assets\.adobedtm\.com\/bench\/launch-bench\.min\.js$/, js(library)],
      [ANALYTICS, COLLECTOR],
    ],
    beacon: ANALYTICS,
  };
}

/** The names of the variants that the bench's goals and tables single out. */
export const BARE = 'bare page (an empty script)';
export const FLOOR = 'floor (inline script + sendBeacon)';
export const OUR_TAG = 'our tag (production build)';

/** Every variant; `parts` (builds of parts of our tag) come right after our tag. */
export function variants(parts: OurPart[] = []): Variant[] {
  return [
    // An empty script, so that the page has its JavaScript context as every other variant has.
    { name: BARE, html: pageHtml('<script></script>'), answers: [] },
    { name: FLOOR, html: pageHtml(FLOOR_SCRIPT), answers: [[ANALYTICS, COLLECTOR]], beacon: ANALYTICS },
    floorPersonalized(),
    ourBuild(OUR_TAG, readFileSync(`${BENCH_BUILD}/tag.js`)),
    ...parts.map((part) => ourBuild(part.name, part.tag)),
    alloy(),
    segment(),
    turbine(),
  ];
}
