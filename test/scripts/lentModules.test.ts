// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleConstants } from '../../scripts/buildSettings';
import { lentModulesPlugin } from '../../scripts/lentModules';
import { LENT_KEY_PREFIX, lendToOnDemandFiles } from '../../src/engine/onDemand';
import * as cookies from '../../src/engine/cookies';
import { LENT } from '../../src/lent';
import * as redact from '../../src/privacy/redact';
import * as url from '../../src/privacy/url';
import * as dom from '../../src/rules/lib/dom';

let folder: string | undefined;
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(LENT_KEY_PREFIX + __LENT_ID__)];
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** Bundles `source` as an on-demand file under src/rules would be, with the plugin and the build's constants. */
const bundle = async (source: string, define = bundleConstants('development')) => {
  const result = await build({
    stdin: { contents: source, resolveDir: resolve('src/rules'), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    define,
    plugins: [lentModulesPlugin()],
  });
  return result.outputFiles[0]!.text;
};

/** Loads built code as the browser loads an on-demand file: a module of its own. */
const load = async (code: string, name: string) => {
  folder ??= mkdtempSync(join(tmpdir(), 'lent-'));
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, code);
  return import(pathToFileURL(file).href);
};

const SOURCE =
  "import { redactText, REDACTION_MARKER } from '../privacy';\nimport { stripClientId } from '../privacy/url';\nexport { redactText, REDACTION_MARKER, stripClientId };";

describe("the on-demand files' imports of what tag.js lends, pointed at tag.js's copy", () => {
  it('bundles no pattern, and reads each import from its place in the list that tag.js lends', async () => {
    const code = await bundle(SOURCE);
    expect(code).not.toContain('CAVIARD');
    expect(code).not.toContain('u00C0');
    lendToOnDemandFiles(LENT);
    const module = await load(code, 'same');
    expect(module.redactText).toBe(redact.redactText);
    expect(module.REDACTION_MARKER).toBe(redact.REDACTION_MARKER);
    expect(module.stripClientId).toBe(url.stripClientId);
    expect(module.redactText('jdoe@example.ca')).toBe(redact.REDACTION_MARKER);
  });

  it('stops a file built against another order of the list before it runs, with an error that starts with its key, rather than read the wrong entries', async () => {
    const code = await bundle(`${SOURCE}\nglobalThis.ranOtherBuild = true;`, { ...bundleConstants('development'), __LENT_ID__: JSON.stringify('00000000') });
    lendToOnDemandFiles(LENT);
    await expect(load(code, 'other')).rejects.toThrow(new Error(`${LENT_KEY_PREFIX}00000000 is missing: tag.js is of another build`));
    expect((globalThis as { ranOtherBuild?: boolean }).ranOtherBuild).toBeUndefined();
  });

  it('fails the build on an import that tag.js does not lend', async () => {
    await expect(bundle("import { EMAIL_IN_QUERY } from '../privacy/url';\nexport const x = EMAIL_IN_QUERY;")).rejects.toThrow(/EMAIL_IN_QUERY/);
  });

  it("takes the rules' shared pieces from the list, and bundles what tag.js does not lend of their modules", async () => {
    const code = await bundle(
      "import { siteCookies, runDepth } from '../engine/cookies';\nimport { labelOf, isVisible } from './lib/dom';\nexport { siteCookies, runDepth, labelOf, isVisible };",
    );
    lendToOnDemandFiles(LENT);
    const module = await load(code, 'rules');
    expect(module.siteCookies).toBe(cookies.siteCookies);
    expect(module.labelOf).toBe(dom.labelOf);
    // isVisible is not in tag.js; a let changes as runs begin and end, so a copy of its value would go stale.
    expect(LENT).not.toContain(dom.isVisible);
    expect(module.isVisible).toBeTypeOf('function');
    expect(module.isVisible).not.toBe(dom.isVisible);
    expect(code).toMatch(/runDepth\s*=\s*0/);
  });
});
