import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings, cycles, specifiers } from '../../scripts/checkImports';

const src = '/repo/src';
const crossed = (file: string, source: string) => crossings(src, join(src, file), source).map((c) => `${c.from} -> ${c.to}`);

describe('the import-boundary check', () => {
  it('finds static, type-only, re-exported and dynamic imports', () => {
    expect(
      specifiers(`import { a } from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nimport './side';\nconst m = import('./lazy');`),
    ).toEqual([
      { spec: './a', typeOnly: false },
      { spec: '../b', typeOnly: true },
      { spec: './c', typeOnly: false },
      { spec: './side', typeOnly: false },
      { spec: './lazy', typeOnly: false },
    ]);
  });

  it('the engine may not import a Canada.ca folder, even lazily', () => {
    expect(crossed('engine/runtime.ts', `import { x } from '../rules/links';`)).toEqual(['engine -> rules']);
    expect(crossed('engine/runtime.ts', `const m = import('../dataElements/page');`)).toEqual(['engine -> dataElements']);
    expect(crossed('engine/runtime.ts', `import { y } from './types';`)).toEqual([]);
  });

  it('privacy imports nothing, not even a package', () => {
    expect(crossed('privacy/url.ts', `import { z } from '../engine/cookies';\nimport lib from 'some-lib';`)).toEqual([
      'privacy -> engine',
      'privacy -> the package some-lib',
    ]);
  });

  it('rules may import what ARCHITECTURE allows, and not the survey', () => {
    expect(crossed('rules/lib/beacons.ts', `import { a } from '../../analytics/tracker';\nimport { b } from '../../dataElements/sdr';`)).toEqual([]);
    expect(crossed('rules/survey.ts', `import { c } from '../survey/select';`)).toEqual(['rules -> survey']);
  });

  it('the settings types of config cross as types only', () => {
    expect(crossed('personalization/bootstrap.ts', `import type { PersonalizationSettings } from '../config/types';`)).toEqual([]);
    expect(crossed('personalization/bootstrap.ts', `import { production } from '../config/environments';`)).toEqual(['personalization -> config']);
  });

  it('a named exception holds for its own folder only', () => {
    expect(crossed('dataElements/sdr.ts', `import type { SlotName } from '../analytics/slots';`)).toEqual([]);
    expect(crossed('survey/select.ts', `import { paramOf } from '../analytics/slots';`)).toEqual(['survey -> analytics']);
  });

  it('main.ts may import everything', () => {
    expect(crossed('main.ts', `import { a } from './rules';\nimport { b } from './survey/start';`)).toEqual([]);
  });

  it('finds each import cycle once, and none in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['d']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
    expect(
      cycles(
        new Map([
          ['modes', ['types']],
          ['types', ['modes']],
        ]),
      ),
    ).toEqual([['modes', 'types']]);
  });
});
