/**
 * axe-core (the engine of the accessibility checkers) in a page under test: the violations of
 * any impact it finds, each with the elements it names.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

const AXE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  nodes: string[];
}

export interface Axe {
  /** axe's violations on the page (or within `scope`). */
  violations(page: Page, scope?: string): Promise<Violation[]>;
  close(): void;
}

/**
 * Serves axe from an address of its own that browsers may cache: Chromium then reuses its
 * compiled code from page to page, where the 0.5 MB written into each page was compiled again
 * every time (measured on the 55 demo pages: 13.0 -> 4.2 s).
 */
export async function startAxe(): Promise<Axe> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' });
    response.end(AXE);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`;
  return {
    async violations(page, scope) {
      // An https page may not load a script over http: there it is written into the page.
      await page.addScriptTag(page.url().startsWith('https:') ? { content: AXE } : { url });
      return page.evaluate(async (within) => {
        const axe = (
          window as unknown as {
            axe: {
              run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
            };
          }
        ).axe;
        const result = await axe.run(within ? { include: [within] } : document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
      }, scope);
    },
    close: () => server.close(),
  };
}
