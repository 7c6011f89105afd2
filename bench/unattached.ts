/**
 * Script CPU to the first beacon in a fresh tab that no DevTools client watches. Playwright
 * attaches to every page, and with a client attached the renderer records a JavaScript stack at
 * many of the page's calls (each request among them); V8 then reparses each function on such a
 * stack for its source positions (`V8.CollectSourcePositions`): 56 times and 3.4–3.7 ms in a load
 * of our tag, against 8 and 0.9 ms with no client attached (the trace's own stacks). A visitor's
 * browser pays none of it, and it grows with the number of functions a tool runs. Here a Chromium
 * of its own is driven over its DevTools pipe at the browser level only: each load gets a new
 * browser context and a tab no client attaches to, traced with the same categories, its page
 * served by the local HTTPS server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumArgs, chromiumPath } from '../test/e2e/harness';
import { startLocalWeb, type LocalWeb } from './localWeb';
import { CATEGORIES, interleaved, readTrace, TAB_PAGES, type TraceEvent } from './pageCost';
import { PAGE_URL, type Variant } from './variants';

/** How long a load is traced: the bench page's first beacon comes well within it. */
const TRACE_MS = 2500;

/** A message from the browser: the answer to a call (`id`), or an event (`method`). */
type Message = { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } };

/** The browser's end of the DevTools protocol over a pipe: JSON messages, each ended by a NUL. */
export class BrowserPipe {
  private sent = 0;
  private readonly waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, (params: never) => void>();
  private buffered = '';

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      const parts = (this.buffered + chunk).split('\0');
      this.buffered = parts.pop()!;
      for (const part of parts) this.receive(JSON.parse(part) as Message);
    });
  }

  private receive(message: Message): void {
    if (message.id !== undefined) {
      const call = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
    } else if (message.method) this.listeners.get(message.method)?.(message.params as never);
  }

  send<T>(method: string, params: object = {}): Promise<T> {
    const id = ++this.sent;
    this.input.write(`${JSON.stringify({ id, method, params })}\0`);
    return new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve: resolve as (result: unknown) => void, reject }));
  }

  /** Every call still waiting fails with `error`: the browser has gone. */
  fail(error: Error): void {
    for (const call of this.waiting.values()) call.reject(error);
    this.waiting.clear();
  }

  on<T>(method: string, listener: (params: T) => void): void {
    this.listeners.set(method, listener as (params: never) => void);
  }
}

/**
 * `variant`'s page opened in a new tab of `browser` (in `browserContextId`, or the browser's own
 * profile without one), traced for TRACE_MS with no client on the tab, then closed.
 */
export async function tracedTab(browser: BrowserPipe, variant: Variant, browserContextId?: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  browser.on<{ value: TraceEvent[] }>('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise<void>((resolve) => browser.on('Tracing.tracingComplete', () => resolve()));
  await browser.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: PAGE_URL, ...(browserContextId ? { browserContextId } : {}) });
  await new Promise((resolve) => setTimeout(resolve, TRACE_MS));
  // Closed before the trace ends, which keeps the tab's events: with the tab open, the end waited
  // 5 s for its processes.
  if (browserContextId) await browser.send('Target.disposeBrowserContext', { browserContextId });
  else await browser.send('Target.closeTarget', { targetId });
  await browser.send('Tracing.end');
  await complete;
  if (variant.beacon && !events.some((e) => e.name === 'ResourceSendRequest' && variant.beacon!.test(e.args?.data?.url ?? '')))
    throw new Error(`${variant.name}: no beacon within ${TRACE_MS} ms of a load with no DevTools client`);
  return events;
}

/**
 * Runs `work` with a Chromium of its own that reaches `web`, driven over its DevTools pipe at the
 * browser level only, with a new profile on disk and `disabledFeatures` off besides the harness's;
 * closes it and removes the profile after.
 */
export async function withPipedChromium<T>(web: LocalWeb, work: (browser: BrowserPipe) => Promise<T>, disabledFeatures: string[] = []): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-piped-'));
  // Chromium takes the last --disable-features it is given: the harness's list is extended, not replaced.
  const args = chromiumArgs.map((arg) => (arg.startsWith('--disable-features=') ? [arg, ...disabledFeatures].join(',') : arg));
  const chromium = spawn(chromiumPath, [...args, ...web.chromiumArgs, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const browser = new BrowserPipe(chromium.stdio[3] as Writable, chromium.stdio[4] as Readable);
  const exited = new Promise((resolve) => chromium.once('exit', resolve));
  void exited.then(() => browser.fail(new Error('Chromium exited while a bench driven over its DevTools pipe ran')));
  try {
    const started = new Promise<never>((_, reject) =>
      chromium.once('error', (error) => reject(new Error(`Chromium at ${chromiumPath} did not start: ${error.message}`))),
    );
    started.catch(() => undefined); // an error after start-up shows as the exit above
    await Promise.race([browser.send('Browser.getVersion'), started]);
    return await work(browser);
  } finally {
    // Closed by its own protocol, so that its helper processes have left the profile; killed if that hangs.
    if (chromium.exitCode === null && chromium.pid !== undefined) {
      void browser.send('Browser.close').catch(() => undefined);
      const hung = setTimeout(() => chromium.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(hung);
    }
    // A helper process may still be closing a file of the profile.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** One fresh load of `variant`'s page from `web` in a new browser context, traced with no client on the page. */
async function unattachedLoad(browser: BrowserPipe, web: LocalWeb, variant: Variant): Promise<number> {
  web.use(variant);
  const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext');
  return readTrace(await tracedTab(browser, variant, browserContextId), variant.beacon).scriptCpuMs;
}

/** `rounds` fresh loads of every variant with no DevTools client on the page, interleaved. */
export async function unattachedLoads(list: Variant[], rounds: number): Promise<Map<string, number[]>> {
  const web = await startLocalWeb(TAB_PAGES);
  try {
    return await withPipedChromium(web, (browser) => interleaved(list, rounds, (variant) => unattachedLoad(browser, web, variant)));
  } finally {
    await web.close();
  }
}
