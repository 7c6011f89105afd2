/**
 * Writes the generated pages of the demo site (demo/site-src/pages.ts with layout.ts, the index
 * page, and the site menu the design system's topic menu loads) to demo/site/. The files are
 * committed, so `npm run demo` needs no build step.
 *
 *   npx tsx scripts/build-demo-site.ts          # write the pages
 *   npx tsx scripts/build-demo-site.ts --check  # exit 1 if a page on disk differs (tests do this too)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderIndex } from '../demo/site-src/indexPage';
import { renderPage, SITE_MENU_PATH, siteMenu } from '../demo/site-src/layout';
import { PAGES } from '../demo/site-src/pages';

export const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'demo', 'site');

/** Every generated file: [path under demo/site (URL path), content]. */
export function generatedFiles(): Array<[string, string]> {
  return [
    ['/index.html', renderIndex(PAGES)],
    ...PAGES.map((page): [string, string] => [page.path, renderPage(page)]),
    ...(['en', 'fr'] as const).map((lang): [string, string] => [`${SITE_MENU_PATH}sitemenu-v2-${lang}.html`, siteMenu(lang)]),
  ];
}

function main(): void {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [path, content] of generatedFiles()) {
    const file = join(siteDir, path);
    let current: string | undefined;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === content) continue;
    if (check) {
      stale.push(path);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    console.log(`wrote demo/site${path}`);
  }
  if (stale.length) {
    console.error(`Stale demo pages (run npx tsx scripts/build-demo-site.ts):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
