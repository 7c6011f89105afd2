// @vitest-environment node
/**
 * The demo site's generated pages: what is on disk is what demo/site-src/ generates, every page
 * has its twin, and no local link, script, image or form leads nowhere.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles, siteDir } from '../../scripts/build-demo-site';
import { PAGES } from '../../demo/site-src/pages';

/** A local address the demo server answers: a file under demo/site (a folder's index.html), dist/ or the collector. */
function served(path: string): boolean {
  // The demo server's own routes: the built tag, the beacon log and the inspector.
  if (path.startsWith('/dist/') || path === '/__beacons' || path === '/inspector') return true;
  // The demo server serves the design system's components from their npm package.
  if (path.startsWith('/gcds/')) return existsSync(join('node_modules/@gcds-core/components/dist/gcds', path.slice('/gcds/'.length)));
  const file = join(siteDir, decodeURIComponent(path));
  return existsSync(file) && (!statSync(file).isDirectory() || existsSync(join(file, 'index.html')));
}

describe('the demo site pages', () => {
  it('are up to date with demo/site-src (run npx tsx scripts/build-demo-site.ts)', () => {
    const stale = generatedFiles().filter(([path, content]) => {
      const file = join(siteDir, path);
      return !existsSync(file) || readFileSync(file, 'utf8') !== content;
    });
    expect(stale.map(([path]) => path)).toEqual([]);
  });

  it('come in pairs: each page names its twin, which names it back, in the other language', () => {
    for (const page of PAGES) {
      const twin = PAGES.find((p) => p.path === page.twin);
      expect(twin, page.path).toBeDefined();
      expect(twin!.twin).toBe(page.path);
      expect(twin!.lang).not.toBe(page.lang);
    }
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
  });

  it('link only to local addresses that exist (unknown pages aside: the 404 examples)', () => {
    const broken: string[] = [];
    for (const [path, html] of generatedFiles()) {
      for (const [, url] of html.matchAll(/\s(?:href|src|action)="([^"]*)"/g)) {
        if (!url!.startsWith('/')) continue;
        const local = url!.replace(/&amp;/g, '&').split(/[?#]/)[0]!;
        if (/\/(?:no-such-page|page-inexistante)\.html$/.test(local)) continue;
        if (!served(local)) broken.push(`${path} → ${url}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
