import { describe, expect, it } from 'vitest';
import { buildFolder, DEVELOPMENT_BUILD, PUBLISHED_BUILD } from '../../scripts/buildFolders';

describe('buildFolder', () => {
  it('a development build never goes to dist/, the folder that gets published', () => {
    expect(buildFolder('development')).toBe(DEVELOPMENT_BUILD);
    expect(DEVELOPMENT_BUILD.startsWith(PUBLISHED_BUILD)).toBe(false);
  });

  it('production and staging builds go to dist/', () => {
    expect(buildFolder('production')).toBe('dist');
    expect(buildFolder('staging')).toBe('dist');
  });

  it('TAG_OUTDIR wins: the size check and the bench build into folders of their own', () => {
    expect(buildFolder('production', '.tmp/sizes')).toBe('.tmp/sizes');
  });
});
