/**
 * End-to-end harness: the demo server on a free loopback port plus a headless Chromium from
 * /usr/bin/chromium (installed by scripts/ensure-chromium.sh; never downloaded from npm).
 * Nothing is built here: `npm test` builds the tag for development (build/development/, served at
 * /dist/) before these tests run.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server';
import { DEVELOPMENT_BUILD } from '../../scripts/buildFolders';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifactsDir = join(repoRoot, '.tmp', 'e2e');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Throws a clear message unless the development build's tag.js exists and is one. */
export function assertTagBuilt(): void {
  const tag = join(repoRoot, DEVELOPMENT_BUILD, 'tag.js');
  if (!existsSync(tag)) {
    throw new Error(
      `${DEVELOPMENT_BUILD}/tag.js is missing. The end-to-end tests do not build the tag; run \`npm test\` ` +
        '(which builds it) or `npm run build:dev` before `npm run test:e2e`.',
    );
  }
  if (!readFileSync(tag, 'utf8').includes('canadadev')) {
    throw new Error(
      `${DEVELOPMENT_BUILD}/tag.js is not a development build (no "canadadev" report suite in it). Run \`npm run build:dev\` before \`npm run test:e2e\`.`,
    );
  }
}

function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is not at ${chromiumPath}. Run \`bash scripts/ensure-chromium.sh\` (or \`npm test\`, which does).`);
  }
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console.error messages, as text. */
  errors: string[];
  /** Every console message, as `type: text`. */
  console: string[];
  /** HTTP status of /dist/tag.js as the page loaded it (undefined when it was not requested). */
  tagStatus(): number | undefined;
}

export interface OpenOptions {
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  /** Runs on the new page before it navigates: routes, offline mode, init scripts. */
  before?: (page: Page, context: BrowserContext) => Promise<unknown>;
}

export interface Harness {
  server: DemoServer;
  browser: Browser;
  /** http://127.0.0.1:{port} */
  origin: string;
  /** http://127.0.0.2:{port}: loopback, but not on the development host allowlist. */
  otherOrigin: string | undefined;
  /**
   * Opens `pathOrUrl` (a path on `origin`, or a full URL) in a fresh browser context (empty
   * cookies and storage) after closing the previous one and clearing recorded beacons.
   */
  open(pathOrUrl: string, options?: OpenOptions): Promise<OpenedPage>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  assertTagBuilt();
  assertChromium();
  mkdirSync(artifactsDir, { recursive: true });
  const server = await startDemoServer({ beaconFile: join(artifactsDir, 'beacons.jsonl') });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  } catch (error) {
    await server.close();
    throw new Error(`Chromium at ${chromiumPath} did not start: ${(error as Error).message}`);
  }

  let current: BrowserContext | undefined;
  const closeCurrent = async () => {
    if (current) await current.close().catch(() => undefined);
    current = undefined;
  };

  return {
    server,
    browser,
    origin: server.url,
    otherOrigin: server.alsoOn[0],
    async open(pathOrUrl, options = {}) {
      await closeCurrent();
      server.beacons.clear();
      const context = await browser.newContext();
      current = context;
      const page = await context.newPage();
      const errors: string[] = [];
      const messages: string[] = [];
      let tagStatus: number | undefined;
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
      page.on('console', (message: ConsoleMessage) => {
        messages.push(`${message.type()}: ${message.text()}`);
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/dist/tag.js') tagStatus = response.status();
      });
      const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${server.url}${pathOrUrl}`;
      await options.before?.(page, context);
      await page.goto(url, { waitUntil: options.waitUntil ?? 'load' });
      return { page, context, errors, console: messages, tagStatus: () => tagStatus };
    },
    async close() {
      await closeCurrent();
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
