// @vitest-environment node
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the sources the build reads are written here as strings
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdits, collectLogMessages } from '../../scripts/logMessages';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes the files under a fresh folder and returns each file's source as the build rewrites it, plus the texts. */
function rewrite(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'log-messages-'));
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), source);
  }
  const { texts, edits } = collectLogMessages(root);
  const out = Object.fromEntries(Object.entries(files).map(([name, source]) => [name, applyEdits(source, edits.get(join(root, name)) ?? [])]));
  return { texts, out };
}

describe('the QA log texts, numbered at build time', () => {
  it('writes a logger call with a text as its number, and a template as its number and its values, in order, before the other arguments', () => {
    const { texts, out } = rewrite({
      'a.ts': [
        "log.warn('Beacon refused by the collector; it is not sent again.');",
        'logger.error(`Rule "${rule.name}": ${label(c, true)} failed:`, error);',
        'ctx.log.log(`Rules added for this page: ${names.join(", ")}.`);',
        'core.logger.info(`plain template`);',
      ].join('\n'),
    });
    expect(out['a.ts']).toBe(
      ['log.warn(0);', 'logger.error(1, rule.name, label(c, true), error);', 'ctx.log.log(2, names.join(", "));', 'core.logger.info(3);'].join('\n'),
    );
    expect(texts).toEqual([
      ['Beacon refused by the collector; it is not sent again.'],
      ['Rule "', '": ', ' failed:'],
      ['Rules added for this page: ', '.'],
      ['plain template'],
    ]);
  });

  it('leaves alone what is not a logger call with a written text: the console, other objects, a text in a variable', () => {
    const source = [
      "console.log('[target] trace', x);",
      'console.error(`[tag] ${part} failed:`, error);',
      "o.error('error', problem);",
      "element.log('x');",
      'logger.warn(ALREADY_INITIALIZED);',
      'log.error(reason, detail);',
      "log.group('survey decisions', lines);",
    ].join('\n');
    const { texts, out } = rewrite({ 'b.ts': source });
    expect(out['b.ts']).toBe(source);
    expect(texts).toEqual([]);
  });

  it('names each call handed a constant or a choice of two sentences, which it cannot number; src has none', () => {
    rewrite({
      'c.ts': [
        'logger.warn(ALREADY_INITIALIZED);',
        "log.info(offline() ? 'Offline: beacon queued.' : 'Beacon queued behind earlier ones.');",
        'log.error(reason, detail);',
        "log.warn(ready ? 'ready' : detail);",
        "log.info('written here');",
      ].join('\n'),
    });
    expect(collectLogMessages(root).handed.map((at) => at.slice(root.length + 1))).toEqual(['c.ts:1', 'c.ts:2']);
    expect(collectLogMessages('src').handed).toEqual([]);
  });

  it('gives one number to one text wherever it is written, numbers files in path order, and looks inside the other arguments', () => {
    const { texts, out } = rewrite({
      'z/last.ts': "log.info('shared');",
      'a/first.ts': "log.info('first'); log.warn('shared');",
      'm.ts': "log.error('outer', () => log.warn('inner'));",
    });
    expect(texts).toEqual([['first'], ['shared'], ['outer'], ['inner']]);
    expect(out['a/first.ts']).toBe('log.info(0); log.warn(1);');
    expect(out['z/last.ts']).toBe('log.info(1);');
    expect(out['m.ts']).toBe('log.error(2, () => log.warn(3));');
  });

  it('keeps escapes as the text they stand for', () => {
    const { texts } = rewrite({ 'c.ts': "log.warn('can\\'t \\u00e9crire');\nlog.log(`a\\`b ${x}`);" });
    expect(texts).toEqual([["can't \u00e9crire"], ['a`b ', '']]);
  });
});
