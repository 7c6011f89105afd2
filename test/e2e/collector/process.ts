/**
 * A real analytics collector in its own process, for the reliability suite: plain node:http on
 * 127.0.0.1, counting what it receives. Playwright's request routing cannot see what a page sends
 * while it unloads, and routes only what the page it is attached to sends; this server sees every
 * request that reaches it, from any tab, at any time.
 *
 * It serves, on one origin (the development tag sends to its page's own origin):
 * - `/dist/*`: the built tag,
 * - `/page/{name}.html`: a Canada.ca-style content page named `name`, with a tracked button,
 * - `/b/ss/*`: the collector (GET query or POST body), in one of four modes:
 *   `up` records each beacon on arrival and answers after `latencyMs`; `down` resets the
 *   connection; `error` answers 503; `hang` holds the request for good without an answer (it was
 *   never processed, so it is not recorded), even after the mode changes,
 * - `/__control` (POST JSON `{mode?, latencyMs?}`), `/__received` (GET the beacons, DELETE to clear),
 * - `/__sibling` (POST): opens another collector of its own state in this process, on a port of its
 *   own, and answers `{"port":N}`; `/__close` (POST) closes the collector it is sent to. Tests that
 *   run side by side each get one without paying for a process each.
 *
 * Run: `tsx test/e2e/collector/process.ts`; it prints `{"port":N}` on its first line. The tag it
 * serves must be a development build (which sends beacons to its page's own origin).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVELOPMENT_BUILD } from '../../../scripts/buildFolders';

export type Mode = 'up' | 'down' | 'error' | 'hang';

export interface Received {
  /** The `/s{id}` segment: one per beacon, the same on a retry. */
  id: string;
  method: 'GET' | 'POST';
  query: string;
  /** ms since the epoch. */
  at: number;
}

/** The built tag: the development build, or the folder named by DIST_DIR (the bench builds its own). */
const distRoot = resolve(process.env.DIST_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', DEVELOPMENT_BUILD));
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const page = (name: string) => `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="utf-8">
<title>${name} - Canada.ca</title>
<meta name="dcterms.title" content="${name}"><meta name="dcterms.language" content="eng">
<meta name="viewport" content="width=device-width,initial-scale=1">
</head><body vocab="http://schema.org/" typeof="WebPage">
<main property="mainContentOfPage" resource="#wb-main" typeof="WebPageElement" class="container">
<h1 property="name" id="wb-cont">${name}</h1>
<p>A content page of the reliability suite.</p>
<button type="button" id="custom" class="btn btn-default" data-gc-analytics-customclick="${name}">Tracked button</button>
</main>
<script src="/dist/tag.js"></script>
</body></html>`;

const body = (req: IncomingMessage) =>
  new Promise<string>((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => done(''));
  });

/** One collector: a server on a port of its own, with its own mode and record. */
function openCollector(onListening: (port: number) => void): void {
  let mode: Mode = 'up';
  let latencyMs = 0;
  const received: Received[] = [];
  const held = new Set<ServerResponse>();

  async function collect(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const text = req.method === 'POST' ? await body(req) : '';
    if (mode === 'down') return void req.socket.destroy();
    if (mode === 'error') return void res.writeHead(503, { 'Content-Type': 'text/plain' }).end('down');
    if (mode === 'hang') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    received.push({
      id: url.pathname.split('/').pop() ?? '',
      method: req.method === 'POST' ? 'POST' : 'GET',
      query: req.method === 'POST' ? text : url.search.slice(1),
      at: Date.now(),
    });
    const origin = req.headers.origin;
    const answer = () =>
      res
        .writeHead(200, {
          'Content-Type': 'image/gif',
          'Cache-Control': 'no-store',
          ...(origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' } : {}),
        })
        .end(gif);
    if (latencyMs) setTimeout(answer, latencyMs);
    else answer();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/b/ss/')) return void collect(req, res, url);
    if (url.pathname === '/__control' && req.method === 'POST') {
      return void body(req).then((text) => {
        const change = JSON.parse(text || '{}') as { mode?: Mode; latencyMs?: number };
        mode = change.mode ?? mode;
        latencyMs = change.latencyMs ?? latencyMs;
        res.writeHead(204).end();
      });
    }
    if (url.pathname === '/__sibling' && req.method === 'POST') {
      return void openCollector((port) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ port })));
    }
    if (url.pathname === '/__close' && req.method === 'POST') {
      // Nothing of it may linger: its pages' contexts are closed by then.
      return void res.writeHead(204).end(() => {
        server.close();
        server.closeAllConnections();
      });
    }
    if (url.pathname === '/__received') {
      if (req.method === 'DELETE') received.length = 0;
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ received, held: held.size }));
    }
    const named = /^\/page\/([\w-]+)\.html$/.exec(url.pathname);
    if (named) return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page(named[1]!));
    const file = url.pathname.startsWith('/dist/') ? join(distRoot, url.pathname.slice('/dist/'.length)) : '';
    if (file.startsWith(distRoot) && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void createReadStream(file).pipe(res);
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });

  server.listen(0, '127.0.0.1', () => onListening((server.address() as AddressInfo).port));
}

openCollector((port) => process.stdout.write(`${JSON.stringify({ port })}\n`));
process.on('SIGTERM', () => process.exit(0));
