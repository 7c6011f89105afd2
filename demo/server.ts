/**
 * The one local server for the demo site and the end-to-end tests (plain node:http, loopback
 * only). It serves:
 *
 * - the demo site from demo/site/ (the folder mirrors URL paths; `/` is the index of demo pages),
 *   its error pages with their real status (/en/errors/404.html answers 404, …), and any
 *   unknown page with the 404 page of its language and status 404,
 * - the development build of the tag from build/development/ at /dist/, where pages name it (never cached),
 * - the GC Design System's web components at /gcds/ (from node_modules/@gcds-core/components; the
 *   topic menu loads the demo's site menu, not www.canada.ca's),
 * - an analytics collector at /b/ss/* that accepts GET (query string) and POST (body = query
 *   string, as navigator.sendBeacon sends it) and answers with a 1×1 transparent GIF; beacons
 *   are decoded with the tracker's own `decodeBeacon`,
 * - QA endpoints: GET /__beacons (JSON array of recorded beacons), DELETE /__beacons (clear),
 * - the local personalization decisioning endpoint at POST /rest/v1/delivery (demo/delivery.ts),
 * - the beacon inspector at /inspector (demo/inspector/), fed by GET /__events (server-sent
 *   events: beacons, personalization requests and survey file requests as they arrive).
 *
 * Tests import `startDemoServer`; `tsx demo/server.ts` (what `npm run demo` runs) starts it on
 * 127.0.0.1:$PORT (default 8080) and prints each beacon as it arrives.
 */
import { createReadStream, existsSync, readFileSync, type Stats, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBeacon } from '../src/analytics/wireFormat';
import { SURVEY_FILE_PATH } from '../src/survey/start';
import { beaconParam, type Beacon } from './beacon';
import { createBeaconLog } from './beaconLog';
import { readBody } from './readBody';
import { createDeliveryHandler, type DeliveryHandler, type DeliveryHandlerOptions } from './delivery';
import { inspectorRoot, inspectorScript } from './inspector/bundle';
import { InspectorFeed, streamFeed, summarizeDelivery } from './inspector/feed';
import { DEVELOPMENT_BUILD } from '../scripts/buildFolders';
import { SITE_MENU_PATH } from './site-src/layout';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const siteRoot = join(repoRoot, 'demo', 'site');
/** The development build, served at /dist/ as pages name it (dist/ itself holds only what `npm run build` makes). */
export const distRoot = join(repoRoot, DEVELOPMENT_BUILD);
const gcdsRoot = join(repoRoot, 'node_modules', '@gcds-core', 'components', 'dist', 'gcds');

/** A demo page to point at: the index at `/` lists them all. */
export const homePath = '/en/services/demo.html';

export { beaconParam, isPageView, type Beacon } from './beacon';

/** The error pages of the demo site, served with the status they describe. */
const ERROR_PAGE = /^\/(?:en\/errors|fr\/erreurs)\/(403|404|500)\.html$/;

/** The 404 page an unknown page of the site is answered with, by the language of its path. */
export function notFoundPageFor(path: string): string {
  return /^\/fr(?:[/.]|$)/i.test(path) ? '/fr/erreurs/404.html' : '/en/errors/404.html';
}

/** A path that names a page (an .html file or a folder), as opposed to an asset. */
const isPagePath = (path: string) => /(?:\.html?|\/[^./]*)$/i.test(path);

type BeaconListener = (beacon: Beacon) => void;

/** The collector's memory: what tests read and wait on. */
export class BeaconStore {
  private readonly items: Beacon[] = [];
  private readonly listeners = new Set<BeaconListener>();

  /** A copy of every beacon received since the last clear, oldest first. */
  list(): Beacon[] {
    return [...this.items];
  }

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items.length = 0;
  }

  add(beacon: Beacon): void {
    this.items.push(beacon);
    for (const listener of this.listeners) listener(beacon);
  }

  /** Calls `listener` for each new beacon; returns the unsubscribe function. */
  subscribe(listener: BeaconListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves with the first beacon (already received or arriving later) that matches, or
   * rejects after `timeoutMs` with a message listing what did arrive.
   */
  waitFor(predicate: (beacon: Beacon) => boolean = () => true, timeoutMs = 5000): Promise<Beacon> {
    const already = this.items.find(predicate);
    if (already) return Promise.resolve(already);
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        const seen = this.items.map((b) => `${b.method} ${b.path}?${b.query}`).join('\n  ');
        reject(new Error(`no matching beacon within ${timeoutMs} ms; received ${this.items.length}:\n  ${seen}`));
      }, timeoutMs);
      const unsubscribe = this.subscribe((beacon) => {
        if (!predicate(beacon)) return;
        clearTimeout(timer);
        unsubscribe();
        resolvePromise(beacon);
      });
    });
  }
}

export interface DemoServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback address to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * More loopback addresses to listen on with the same port. The default, 127.0.0.2, serves
   * the site from a host that is not on the development allowlist (tracking-gate tests). A
   * failure to listen on one of them is reported in `alsoOn`, not thrown.
   */
  extraHosts?: string[];
  /**
   * JSON-lines file each beacon is appended to (bounded, see beaconLog.ts); `false` for none.
   * Default: `.tmp/demo/beacons.jsonl` of this checkout.
   */
  beaconFile?: string | false;
  /** Empty the beacon file first: `npm run demo` starts each run with a log of its own. */
  freshBeaconFile?: boolean;
  /** Called for each beacon (the CLI prints them). */
  onBeacon?: BeaconListener;
  /** Options of the local decisioning endpoint (demo/delivery.ts). */
  delivery?: DeliveryHandlerOptions;
}

export interface DemoServer {
  /** e.g. http://127.0.0.1:8080 (no trailing slash). */
  url: string;
  port: number;
  /** Origins of the extra hosts actually listened on, e.g. ['http://127.0.0.2:8080']. */
  alsoOn: string[];
  /** Problems listening on extra hosts (empty when all worked). */
  warnings: string[];
  beaconFile: string | null;
  beacons: BeaconStore;
  /** The decisioning endpoint: its recorded requests, `setFault(mode)`. */
  delivery: DeliveryHandler;
  /** What the beacon inspector shows: beacons, personalization and survey file requests, in order. */
  events: InspectorFeed;
  close(): Promise<void>;
}

const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** The hostname part of a Host header ("127.0.0.1:8080", "[::1]:8080", "localhost"). */
function hostnameOf(hostHeader: string): string {
  const match = /^(\[[^\]]*\]|[^:]*)/.exec(hostHeader);
  return match?.[1] ?? '';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

const GCDS_MISSING = 'Run npm install: @gcds-core/components is missing\n';

/**
 * A file of the design system's package, rewritten so that it fetches nothing from the internet:
 * the demo runs offline, and a page must load cleanly.
 */
function serveOffline(res: ServerResponse, urlPath: string, type: string, rewrite: (text: string) => string): void {
  const file = fileFor(gcdsRoot, urlPath);
  if (!file || !existsSync(file) || !statSync(file).isFile()) return send(res, 404, 'text/plain; charset=utf-8', `Not found: ${urlPath}\n${GCDS_MISSING}`);
  send(res, 200, type, rewrite(readFileSync(file, 'utf8')));
}

/** The style sheet without its web fonts (from Google and the design system's CDN). */
const withoutWebFonts = (css: string) => css.replace(/@import url\("https:[^"]*"\)[^;]*;/g, '').replace(/@font-face\{[^}]*https:[^}]*\}/g, '');

/** Where the design system's topic menu loads the site menu from on a live page. */
const LIVE_SITE_MENU = 'https://www.canada.ca/content/dam/canada/sitemenu/';

/**
 * A script with the topic menu pointed at the demo's own site menu (demo/site/content/dam/canada/
 * sitemenu/, generated from the demo's menu) instead of www.canada.ca's.
 */
const withDemoSiteMenu = (script: string) => script.split(LIVE_SITE_MENU).join(SITE_MENU_PATH);

/** Maps a URL path under `root` to a file, refusing anything that escapes it. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = resolve(root, `.${decoded}`);
  if (full !== root && !full.startsWith(root + sep)) return null;
  return full;
}

/**
 * Serves a file with `status`. A missing file is a plain-text 404, unless `notFoundPage` names
 * the page to answer with instead (still with status 404).
 */
function serveFile(
  res: ServerResponse,
  root: string,
  urlPath: string,
  missingHint = '',
  status = 200,
  notFoundPage?: (path: string) => string | undefined,
): void {
  const full = fileFor(root, urlPath);
  if (!full) return send(res, 400, 'text/plain; charset=utf-8', 'Bad path\n');
  let stats: Stats;
  try {
    stats = statSync(full);
  } catch {
    const page = notFoundPage?.(urlPath);
    if (page && page !== urlPath) return serveFile(res, root, page, missingHint, 404);
    return send(res, 404, 'text/plain; charset=utf-8', `Not found: ${urlPath}\n${missingHint}`);
  }
  if (stats.isDirectory()) {
    if (!urlPath.endsWith('/')) return send(res, 301, 'text/plain; charset=utf-8', '', { Location: `${urlPath}/` });
    return serveFile(res, root, `${urlPath}index.html`, missingHint, status, notFoundPage);
  }
  // Set one by one, not passed to writeHead, so that getHeader can read them once sent (the
  // inspector's survey file entries report Content-Length).
  res.setHeader('Content-Type', contentTypes[extname(full).toLowerCase()] ?? 'application/octet-stream');
  res.setHeader('Content-Length', String(stats.size));
  res.setHeader('Cache-Control', 'no-store');
  res.writeHead(status);
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(full).pipe(res);
}

async function collect(req: IncomingMessage, res: ServerResponse, url: URL, record: (b: Beacon) => void): Promise<void> {
  let query = url.search.slice(1);
  if (req.method === 'POST') {
    const body = await readBody(req);
    if (body.length > 0) query = body;
  }
  const reportSuite = url.pathname.split('/')[3] ?? '';
  record({
    receivedAt: new Date().toISOString(),
    method: req.method === 'POST' ? 'POST' : 'GET',
    host: req.headers.host ?? '',
    path: url.pathname,
    reportSuite: safeDecode(reportSuite),
    params: decodeBeacon(query),
    query,
  });
  // As Adobe's collectors do: a page of another origin may read the answer (the tag reads it to
  // know the beacon arrived) and send the visitor's cookie with it.
  const origin = req.headers.origin;
  send(res, 200, 'image/gif', gif, origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {});
}

/** Records a survey file request once it has been answered, with the status and size sent. */
function recordSurveyFile(req: IncomingMessage, res: ServerResponse, feed: InspectorFeed): void {
  const receivedAt = new Date().toISOString();
  res.on('finish', () => {
    const referer = req.headers.referer;
    feed.addSurveyFile({
      receivedAt,
      method: req.method ?? 'GET',
      status: res.statusCode,
      bytes: Number(res.getHeader('content-length') ?? 0),
      ...(referer ? { pageUrl: referer } : {}),
    });
  });
}

async function serveInspectorScript(res: ServerResponse): Promise<void> {
  try {
    send(res, 200, 'text/javascript; charset=utf-8', await inspectorScript());
  } catch (error) {
    send(res, 500, 'text/plain; charset=utf-8', `The inspector did not build: ${(error as Error).message}\n`);
  }
}

function handler(beacons: BeaconStore, record: (b: Beacon) => void, delivery: DeliveryHandler, feed: InspectorFeed) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Only loopback names: a page elsewhere cannot reach this server through DNS rebinding.
    const hostHeader = req.headers.host ?? '';
    if (!isLoopback(hostnameOf(hostHeader))) return send(res, 421, 'text/plain; charset=utf-8', 'Loopback hosts only\n');
    const url = new URL(req.url ?? '/', `http://${hostHeader}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (delivery(req, res)) return;
    if (path.startsWith('/b/ss/')) {
      if (method !== 'GET' && method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'GET or POST\n', { Allow: 'GET, POST' });
      return collect(req, res, url, record);
    }
    if (path === '/__beacons') {
      if (method === 'GET') return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(beacons.list(), null, 2));
      if (method === 'DELETE') {
        beacons.clear();
        return send(res, 204, 'text/plain; charset=utf-8', '');
      }
      return send(res, 405, 'text/plain; charset=utf-8', 'GET or DELETE\n', { Allow: 'GET, DELETE' });
    }
    if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only\n', { Allow: 'GET, HEAD' });
    if (path === '/__events') return method === 'GET' ? streamFeed(feed, req, res) : send(res, 200, 'text/event-stream; charset=utf-8', '');
    if (path === '/inspector' || path === '/inspector/') return serveFile(res, inspectorRoot, '/index.html');
    if (path === '/inspector/inspector.css') return serveFile(res, inspectorRoot, '/inspector.css');
    if (path === '/inspector/inspector.js') return serveInspectorScript(res);
    if (path === SURVEY_FILE_PATH) recordSurveyFile(req, res, feed);
    // The GC Design System's web components, from their npm package (@gcds-core/components), as
    // a Canada.ca page loads them from the design system's CDN.
    if (path === '/gcds/gcds.css') return serveOffline(res, '/gcds.css', 'text/css; charset=utf-8', withoutWebFonts);
    if (path.startsWith('/gcds/') && path.endsWith('.js'))
      return serveOffline(res, path.slice('/gcds'.length), 'text/javascript; charset=utf-8', withDemoSiteMenu);
    if (path.startsWith('/gcds/')) return serveFile(res, gcdsRoot, path.slice('/gcds'.length), GCDS_MISSING);
    if (path.startsWith('/dist/')) {
      return serveFile(res, distRoot, path.slice('/dist'.length), 'Build the tag first: TAG_ENV=development npm run build\n');
    }
    if (path === '/favicon.ico' && !existsSync(join(siteRoot, 'favicon.ico'))) return send(res, 204, 'image/x-icon', '');
    const error = ERROR_PAGE.exec(path);
    if (error) return serveFile(res, siteRoot, path, '', Number(error[1]));
    return serveFile(res, siteRoot, path, '', 200, (missing) => (isPagePath(missing) ? notFoundPageFor(missing) : undefined));
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolveListen, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolveListen((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const extraHosts = options.extraHosts ?? (host === '127.0.0.1' ? ['127.0.0.2'] : []);
  for (const h of [host, ...extraHosts]) {
    if (!isLoopback(h)) throw new Error(`The demo server listens on loopback addresses only; refused "${h}"`);
  }

  const beacons = new BeaconStore();
  const feed = new InspectorFeed();
  const log =
    options.beaconFile === false
      ? undefined
      : createBeaconLog(options.beaconFile ?? join(repoRoot, '.tmp', 'demo', 'beacons.jsonl'), { fresh: options.freshBeaconFile });
  const record = (beacon: Beacon) => {
    beacons.add(beacon);
    feed.addBeacon(beacon);
    log?.append(beacon);
    options.onBeacon?.(beacon);
  };

  const delivery = createDeliveryHandler(options.delivery);
  delivery.requests.subscribe((entry) => feed.addDelivery(summarizeDelivery(entry)));
  const handle = handler(beacons, record, delivery, feed);
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `${String(error)}\n`);
      else res.destroy();
    });
  };

  const main = createServer(onRequest);
  const port = await listen(main, options.port ?? 0, host);
  const servers = [main];
  const alsoOn: string[] = [];
  const warnings: string[] = [];
  for (const extra of extraHosts) {
    const server = createServer(onRequest);
    try {
      await listen(server, port, extra);
      servers.push(server);
      alsoOn.push(`http://${extra}:${port}`);
    } catch (error) {
      warnings.push(`could not listen on ${extra}:${port}: ${(error as Error).message}`);
    }
  }

  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    alsoOn,
    warnings,
    beaconFile: log?.path ?? null,
    beacons,
    delivery,
    events: feed,
    close: async () => {
      delivery.close();
      await Promise.all(servers.map(closeServer));
    },
  };
}

/** One compact terminal line per beacon: time, type, pageName, pev2. */
export function describeBeacon(beacon: Beacon): string {
  const pe = beaconParam(beacon, 'pe');
  const type = pe === undefined ? 'page view' : `link ${pe}`;
  const parts = [beacon.receivedAt.slice(11, 19), beacon.method.padEnd(4), type.padEnd(10), beacon.reportSuite];
  const pageName = beaconParam(beacon, 'pageName');
  if (pageName !== undefined) parts.push(`pageName=${JSON.stringify(pageName)}`);
  const pev2 = beaconParam(beacon, 'pev2');
  if (pev2 !== undefined) parts.push(`pev2=${JSON.stringify(pev2)}`);
  const events = beaconParam(beacon, 'events');
  if (events !== undefined) parts.push(`events=${events}`);
  return parts.join('  ');
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number; got "${process.env.PORT}"`);
  let server: DemoServer;
  try {
    server = await startDemoServer({ port, freshBeaconFile: true, onBeacon: (b) => console.log(`[beacon] ${describeBeacon(b)}`) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${port} on 127.0.0.1 is in use. Start with another one: PORT=8081 npm run demo`);
      process.exit(1);
    }
    throw error;
  }
  if (!existsSync(join(distRoot, 'tag.js'))) console.warn(`${DEVELOPMENT_BUILD}/tag.js is missing: run npm run build:dev`);
  console.log(`Demo site:      ${server.url}/ (the index of every demo page, English and French)`);
  console.log(`A demo page:    ${server.url}${homePath}`);
  console.log(`French page:    ${server.url}/fr/services/demo.html`);
  console.log(`Tag logging:    ${server.url}${homePath}?logdtm=true`);
  console.log(`Inspector:      ${server.url}/inspector (open it beside a demo page)`);
  for (const origin of server.alsoOn) console.log(`Not allow-listed (no tracking): ${origin}${homePath}`);
  for (const warning of server.warnings) console.warn(`warning: ${warning}`);
  console.log(`Beacons:        ${server.url}/__beacons (JSON; DELETE clears), appended to ${server.beaconFile}`);
  console.log('Press Ctrl+C to stop.');
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
