// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { lentModulesPlugin } from '../../scripts/lentModules';
import { LENT_KEY, lendToOnDemandFiles } from '../../src/engine/onDemand';
import * as redact from '../../src/privacy/redact';
import { LENT_PRIVACY } from '../../src/privacy/lent';
import * as url from '../../src/privacy/url';

const registry = globalThis as Record<symbol, unknown>;
let folder: string | undefined;
afterEach(() => {
  delete registry[Symbol.for(LENT_KEY)];
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Bundles `source` as an on-demand file under src/rules would be, with the plugin. */
const bundle = async (source: string) => {
  const result = await build({
    stdin: { contents: source, resolveDir: resolve('src/rules'), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [lentModulesPlugin()],
  });
  return result.outputFiles[0]!.text;
};

describe("the on-demand files' imports of the scrubber, pointed at tag.js's copy", () => {
  it('bundles no pattern, and reads each import from its place in the list that tag.js lends', async () => {
    const code = await bundle(
      "import { redactText, REDACTION_MARKER } from '../privacy';\nimport { stripClientId } from '../privacy/url';\nexport { redactText, REDACTION_MARKER, stripClientId };",
    );
    expect(code).not.toContain('CAVIARD');
    expect(code).not.toContain('u00C0');
    folder = mkdtempSync(join(tmpdir(), 'lent-'));
    const file = join(folder, 'onDemand.mjs');
    writeFileSync(file, code);
    lendToOnDemandFiles(LENT_PRIVACY);
    const module = await import(pathToFileURL(file).href);
    expect(module.redactText).toBe(redact.redactText);
    expect(module.REDACTION_MARKER).toBe(redact.REDACTION_MARKER);
    expect(module.stripClientId).toBe(url.stripClientId);
    expect(module.redactText('jdoe@example.ca')).toBe(redact.REDACTION_MARKER);
  });

  it('fails the build on an import that tag.js does not lend', async () => {
    await expect(bundle("import { EMAIL_IN_QUERY } from '../privacy/url';\nexport const x = EMAIL_IN_QUERY;")).rejects.toThrow(/EMAIL_IN_QUERY/);
  });
});
