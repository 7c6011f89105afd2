import { beforeEach, describe, expect, it } from 'vitest';
import { meta, safely } from '../../src/dataElements/read';
import { loadHtml, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

const page = (metas: string) => loadHtml(`<html><head>${metas}</head><body></body></html>`);

describe('meta', () => {
  it('finds a key by name or property, in any case, its content trimmed and folded', () => {
    page('<meta name="viewport" content="width=device-width"><meta property="OG:Title" content="  Apply \n for   EI ">');
    expect(meta('og:title')).toBe('Apply for EI');
    page('<meta name="DCTERMS.Title" content="Titre">');
    expect(meta('dcterms.title')).toBe('Titre');
  });

  it('prefers an earlier key to an earlier meta', () => {
    page('<meta name="page-id" content="p-1"><meta name="pageid" content="p-2"><meta name="dcterms.identifier" content="ID-3">');
    expect(meta('dcterms.identifier', 'page-id', 'pageid')).toBe('ID-3');
    expect(meta('pageid', 'page-id')).toBe('p-2');
    expect(meta('nothing', 'page-id', 'pageid')).toBe('p-1');
  });

  it('takes the first non-empty meta of a key, in page order', () => {
    page('<meta name="dcterms.creator" content=" "><meta name="dcterms.creator" content="ESDC"><meta name="dcterms.creator" content="CRA">');
    expect(meta('dcterms.creator')).toBe('ESDC');
  });

  it('skips a meta whose content is empty for every key it matches', () => {
    page('<meta name="a" property="b" content=""><meta property="b" content="second b"><meta name="a" content="second a">');
    expect(meta('a', 'b')).toBe('second a');
    expect(meta('b', 'a')).toBe('second b');
  });

  it('counts a meta once under the better of its two keys', () => {
    page('<meta name="b" content="named b"><meta name="b" property="a" content="both">');
    expect(meta('a', 'b')).toBe('both');
    expect(meta('b', 'a')).toBe('named b');
  });

  it('answers empty without a match or without a key', () => {
    page('<meta name="description" content="x">');
    expect(meta('dcterms.title')).toBe('');
    expect(meta()).toBe('');
  });
});

describe('safely', () => {
  const hostile = (): string => {
    throw new Error('a getter the page replaced');
  };

  it('gives the value read, or the fallback when reading throws', () => {
    expect(safely(() => 'read', 'fallback')).toBe('read');
    expect(safely(hostile, 'fallback')).toBe('fallback');
  });

  it('gives undefined when reading throws and no fallback is named', () => {
    expect(safely(hostile)).toBeUndefined();
  });
});
