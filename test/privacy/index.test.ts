// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as privacy from '../../src/privacy';

const SOURCE = new URL('../../src/privacy/', import.meta.url);
const sources = readdirSync(SOURCE).map((file) => [file, readFileSync(new URL(file, SOURCE), 'utf8')] as const);

describe('src/privacy', () => {
  it('exports the public API', () => {
    expect(Object.keys(privacy).sort()).toEqual(
      [
        'BLOCKED_REFERRER_DOMAINS',
        'EMAIL_IN_QUERY',
        'INVALID_URL',
        'PUBLICATIONS_HOST',
        'REDACTION_MARKER',
        'STRIPPED_QUERY_PARAMS',
        'TELEPHONE_PLACEHOLDER',
        'containsPersonalInfo',
        'recordablePageUrl',
        'redactTelephone',
        'redactText',
        'redactUrl',
        'scrubQueryString',
        'scrubReferrer',
        'stripClientId',
      ].sort(),
    );
    expect(privacy.REDACTION_MARKER).toBe('[REDACTED/CAVIARDÉ]');
    expect(privacy.EMAIL_IN_QUERY).toBe('removed: email');
    expect(privacy.INVALID_URL).toBe('Invalid URL');
    expect(privacy.PUBLICATIONS_HOST).toBe('publications.gc.ca');
  });

  // The bundle targets Safari 14.1, where a lookbehind throws as soon as the tag loads.
  it.each(sources)('%s uses no regex lookbehind', (_file, text) => {
    expect(text).not.toMatch(/\(\?<[=!]/);
  });

  // Pure functions that also run in node: nothing from other folders, no DOM.
  it.each(sources)('%s imports only its siblings and touches no DOM', (_file, text) => {
    for (const [, from] of text.matchAll(/from '([^']+)'/g)) expect(from).toMatch(/^\.\/[\w]+$/);
    expect(text).not.toMatch(/\b(?:document|window|navigator|location)\b/);
  });
});
