import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meta, safely } from '../../src/dataElements/read';
import { withCookieSnapshot } from '../../src/engine/cookies';
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

  describe('read once for a run of the tag, afresh outside one', () => {
    const retitle = (title: string) => document.querySelector('meta[name="dcterms.title"]')!.setAttribute('content', title);

    it('a run reads the meta tags once, however many keys it asks', () => {
      page('<meta name="dcterms.title" content="Title"><meta name="dcterms.creator" content="ESDC">');
      const reads = vi.spyOn(document, 'getElementsByTagName');
      const seen = withCookieSnapshot(() => [meta('dcterms.title'), meta('dcterms.creator'), meta('dcterms.language', 'dcterms.creator')]);
      expect(seen).toEqual(['Title', 'ESDC', 'ESDC']);
      expect(reads.mock.calls.filter(([name]) => name === 'meta')).toHaveLength(1);
      reads.mockRestore();
    });

    it('the next run sees what page code changed since the last', () => {
      page('<meta name="dcterms.title" content="First">');
      expect(withCookieSnapshot(() => meta('dcterms.title'))).toBe('First');
      retitle('Second');
      expect(withCookieSnapshot(() => meta('dcterms.title'))).toBe('Second');
    });

    it('outside a run, every call reads the page as it is', () => {
      page('<meta name="dcterms.title" content="First">');
      expect(meta('dcterms.title')).toBe('First');
      retitle('Second');
      expect(meta('dcterms.title')).toBe('Second');
    });

    it('page code that runs inside a run and changes the tags is seen by a nested run, and by the run after it', () => {
      page('<meta name="dcterms.title" content="First">');
      const seen = withCookieSnapshot(() => {
        const before = meta('dcterms.title');
        // A listener of one of the tag's events: it changes the page and calls the tag.
        retitle('Second');
        const nested = withCookieSnapshot(() => meta('dcterms.title'));
        retitle('Third');
        return [before, nested, meta('dcterms.title')];
      });
      expect(seen).toEqual(['First', 'Second', 'Third']);
    });

    it('a run started after calls outside one does not take what they read', () => {
      page('<meta name="dcterms.title" content="First">');
      expect(meta('dcterms.title')).toBe('First');
      retitle('Second');
      expect(withCookieSnapshot(() => meta('dcterms.title'))).toBe('Second');
    });
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
