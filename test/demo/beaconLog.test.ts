import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBeaconLog } from '../../demo/beaconLog';

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { n: number });

describe('the demo beacon log', () => {
  it('appends one JSON line per beacon, after what the file held', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'beacon-log-')), 'sub', 'beacons.jsonl');
    createBeaconLog(path).append({ n: 1 });
    createBeaconLog(path).append({ n: 2 });
    expect(lines(path)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("a fresh log starts empty: a run does not inherit the previous run's beacons", () => {
    const path = join(mkdtempSync(join(tmpdir(), 'beacon-log-')), 'beacons.jsonl');
    writeFileSync(path, '{"n":0}\n');
    createBeaconLog(path, { fresh: true }).append({ n: 1 });
    expect(lines(path)).toEqual([{ n: 1 }]);
  });

  it('is bounded: past the limit the file moves to .old and a new one starts', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'beacon-log-')), 'beacons.jsonl');
    const log = createBeaconLog(path, { maxBytes: 30 });
    for (let n = 1; n <= 7; n++) log.append({ n, pad: 'xxxx' });
    // Each line is 20 bytes: one line per file once a second would pass 30.
    expect(lines(path)).toEqual([{ n: 7, pad: 'xxxx' }]);
    expect(lines(`${path}.old`)).toEqual([{ n: 6, pad: 'xxxx' }]);
    expect(existsSync(`${path}.old.old`)).toBe(false);
  });
});
