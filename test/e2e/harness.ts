/**
 * End-to-end harness: the demo server on a free loopback port, one per test file, plus a headless
 * Chromium from /usr/bin/chromium (installed by scripts/ensure-chromium.sh; never downloaded from
 * npm), one per worker. Nothing is built here: `npm test` builds the tag for development
 * (build/development/, served at /dist/) and for staging (build/staging/) before these tests run.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page, type Route } from 'playwright-core';
import { reusableTab, type ReusableTab } from './reusableTab';
import { startDemoServer, type DemoServer } from '../../demo/server';
import { DEVELOPMENT_BUILD, PRODUCTION_CHECK_BUILD, STAGING_BUILD } from '../../scripts/buildFolders';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifactsDir = join(repoRoot, '.tmp', 'e2e');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright 1.65 turns off in the Chromium it launches (its `chromiumSwitches`):
 * Chromium keeps only the last `--disable-features` of a command line, so ours repeats them
 * (reusableTab.e2e.ts checks that it still does after an upgrade).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium 156 draws the address bar's suggestion popup with a WebUI page in a renderer process
 * of its own, which works at every navigation in a window headless never shows. Off, the
 * end-to-end suite takes 252-286 s of CPU on this 2-core machine instead of 306-338 (136-157 s
 * instead of 161-179 s of wall time).
 */
const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI].join(',')}`,
];

/** Throws a clear message unless `folder`'s tag.js exists and is the build with `reportSuite`, which `script` makes. */
function assertBuilt(folder: string, reportSuite: string, script: string): void {
  const tag = join(repoRoot, folder, 'tag.js');
  if (!existsSync(tag)) {
    throw new Error(
      `${folder}/tag.js is missing. The end-to-end tests do not build the tag; run \`npm test\` ` +
        `(which builds it) or \`${script}\` before \`npm run test:e2e\`.`,
    );
  }
  if (!readFileSync(tag, 'utf8').includes(reportSuite)) {
    throw new Error(`${folder}/tag.js is not the right build (no "${reportSuite}" report suite in it). Run \`${script}\` before \`npm run test:e2e\`.`);
  }
}
export const assertTagBuilt = () => assertBuilt(DEVELOPMENT_BUILD, 'canadadev', 'npm run build:dev');
export const assertStagingBuilt = () => assertBuilt(STAGING_BUILD, 'canadastage', 'npm run build:staging');
export const assertProductionBuilt = () => assertBuilt(PRODUCTION_CHECK_BUILD, 'canadalivemain', 'npx tsx scripts/checkSizes.ts');

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
   * Opens `pathOrUrl` (a path on `origin`, or a full URL) in a clean tab (no cookies, storage,
   * routes or init scripts: ./reusableTab.ts) after clearing recorded beacons.
   */
  open(pathOrUrl: string, options?: OpenOptions): Promise<OpenedPage>;
  /** Stops the demo server; the worker's Chromium and tab stay for its next test file. */
  close(): Promise<void>;
}

/**
 * One Chromium and one kept tab for all the test files a worker runs (vitest.e2e.config.ts shares
 * this module between them): a launch and a fresh context cost about 2 s of CPU per file. Both go
 * when the worker process ends.
 */
let launched: Promise<Browser> | undefined;
let kept: ReusableTab | undefined;
/** This worker's Chromium; a test file that needs contexts of its own opens them here and closes them. */
export function workerBrowser(): Promise<Browser> {
  assertChromium();
  launched ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs }).catch((error: unknown) => {
    launched = undefined;
    throw new Error(`Chromium at ${chromiumPath} did not start: ${(error as Error).message}`);
  });
  return launched;
}

export async function startHarness(): Promise<Harness> {
  assertTagBuilt();
  const browser = await workerBrowser();
  kept ??= reusableTab(browser);
  const tabs = kept;
  mkdirSync(artifactsDir, { recursive: true });
  // One log per worker: test files run side by side (vitest.e2e.config.ts).
  const server = await startDemoServer({ beaconFile: join(artifactsDir, `beacons-${process.env.VITEST_POOL_ID ?? 1}.jsonl`) });

  return {
    server,
    browser,
    origin: server.url,
    otherOrigin: server.alsoOn[0],
    async open(pathOrUrl, options = {}) {
      const { page, context } = await tabs.take();
      // After the reset: what the last page sent as it was left is not this test's.
      server.beacons.clear();
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
      await server.close();
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
/** A real page of test/fixtures/, with the tag's script at the end of its body unless `tag` is false. */
export const fixturePage = (name: string, tag = true): string => {
  const page = readFileSync(join(repoRoot, 'test', 'fixtures', name), 'utf8');
  return tag ? page.replace('</body>', '<script src="/dist/tag.js"></script></body>') : page;
};
/** Answers a page's request for one of the tag's files (`/dist/tag….js`) with that file of a build folder. */
export const fulfillFromBuild = (route: Route, build: string) =>
  route.fulfill({
    status: 200,
    contentType: 'text/javascript',
    body: readFileSync(join(repoRoot, build, new URL(route.request().url()).pathname.replace(/^\/dist\//, ''))),
  });

/**
 * The page's visitor was invited a moment ago (requirements SV-3): the survey's random draw shows
 * no pop-up that could cover what a test clicks or add a beacon of its own.
 */
export const keepSurveyAway = (page: Page) => page.addInitScript(() => localStorage.setItem('lastDateIMShown', String(Date.now())));
