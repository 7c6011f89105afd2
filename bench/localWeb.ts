/**
 * The bench's pages served as a visitor's browser gets them on a later page: over HTTPS from a
 * real server on 127.0.0.1, which Chromium reaches for every host name the pages use
 * (www.canada.ca, the collectors, the peers' CDNs), with scripts its HTTP cache keeps. Request
 * routing cannot show that page: Chromium keeps routed answers out of its HTTP cache, and a routed
 * script arrives late enough that the page has been laid out and painted before it runs. From the
 * cache, a synchronous script runs before the first layout, so whatever it asks of the layout is
 * paid inside its own tasks.
 */
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/harness';
import type { Variant } from './variants';

export interface LocalWeb {
  /** Chromium's switches that send every host name to this server and accept its certificate. */
  chromiumArgs: string[];
  /** The variant whose page and answers the server gives from now on. */
  use(variant: Variant): void;
  close(): Promise<void>;
}

/**
 * A certificate for the server, made by openssl for the run, and the hash of its key, by which
 * Chromium is told to trust it. Told only to ignore certificate errors, Chromium would load the
 * pages but keep none of their answers in its HTTP cache, nor any code cache.
 */
function certificate(): { key: Buffer; cert: Buffer; spki: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=www.canada.ca', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
      {
        stdio: 'ignore',
      },
    );
    const key = readFileSync(`${dir}/key.pem`);
    const spki = createHash('sha256')
      .update(createPublicKey(key).export({ type: 'spki', format: 'der' }))
      .digest('base64');
    return { key, cert: readFileSync(`${dir}/cert.pem`), spki };
  } catch (error) {
    throw new Error(
      `The bench serves later pages over HTTPS from 127.0.0.1 and needs openssl for its certificate (apt-get install openssl): ${(error as Error).message}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `pages`: the addresses answered with the variant's page (any query string). `delayMs`: how late
 * every answer is, as a network round trip would make it (none on loopback).
 */
export async function startLocalWeb(pages: string[], delayMs = 0): Promise<LocalWeb> {
  let variant: Variant | undefined;
  const { key, cert, spki } = certificate();
  const server = createServer({ key, cert }, (request, response) => {
    const url = `https://${String(request.headers.host).replace(/:\d+$/, '')}${request.url}`;
    const answer = () => {
      if (!variant) return response.writeHead(503).end();
      if (pages.includes(url.split('?')[0]!)) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return response.end(variant.html);
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-origin': String(request.headers.origin ?? '*'),
          'access-control-allow-credentials': 'true',
          'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
          'access-control-allow-methods': 'GET, POST',
        });
        return response.end();
      }
      const found = variant.answers.find(([pattern]) => pattern.test(url))?.[1];
      if (!found) return response.writeHead(404).end();
      // As a CDN serves a versioned script: kept, and not asked for again within the hour.
      const caching = found.contentType === 'text/javascript' ? { 'cache-control': 'max-age=3600' } : {};
      response.writeHead(found.status ?? 200, { 'content-type': found.contentType, ...caching, ...found.headers });
      response.end(found.body);
    };
    request.resume();
    request.on('end', () => setTimeout(answer, delayMs));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    chromiumArgs: [`--host-resolver-rules=MAP * 127.0.0.1:${port}`, `--ignore-certificate-errors-spki-list=${spki}`],
    use: (next) => void (variant = next),
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        // Chromium keeps its connections open: they would hold the server up.
        server.closeAllConnections();
      }),
  };
}

/** Runs `work` with the local server (see startLocalWeb) and a Chromium of its own that reaches it; closes both after. */
export async function withLocalWeb<T>(pages: string[], delayMs: number, work: (browser: Browser, web: LocalWeb) => Promise<T>): Promise<T> {
  const web = await startLocalWeb(pages, delayMs);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...web.chromiumArgs] });
    try {
      return await work(browser, web);
    } finally {
      await browser.close();
    }
  } finally {
    await web.close();
  }
}
