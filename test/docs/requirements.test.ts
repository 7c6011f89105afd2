import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const catalogue = readFileSync('docs/requirements.md', 'utf8');
const defined = [...catalogue.matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm)].map((m) => m[1]!);
const ID = /\b(?:PRD|PV|PB|CL|SR|FM|MD|SC|ER|PR|GT|DL|EN|SV|PZ|LM)-\d+\b/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.(ts|tsx)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('the requirements catalogue (docs/requirements.md)', () => {
  it('gives each id once', () => {
    expect(defined.length).toBeGreaterThan(50);
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('defines every requirement id the code, the tests and the demo cite', () => {
    const cited = new Map<string, string>();
    for (const file of [...files('src'), ...files('test'), ...files('demo/site-src')]) {
      for (const [id] of readFileSync(file, 'utf8').matchAll(ID)) if (!cited.has(id)) cited.set(id, file);
    }
    expect(cited.size).toBeGreaterThan(40);
    expect([...cited].filter(([id]) => !defined.includes(id))).toEqual([]);
  });
});
