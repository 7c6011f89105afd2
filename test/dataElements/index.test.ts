import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataElements, DATA_ELEMENT_NAMES, LIBRARY_VERSION } from '../../src/dataElements';
import { searchDataElements } from '../../src/dataElements/search';
import { CANADA, openPage, reader, resetWindow } from './helpers';

beforeEach(() => {
  resetWindow();
});

describe('the data-element list', () => {
  it('DATA_ELEMENT_NAMES names every element, once, in order', () => {
    const names = [...createDataElements({ host: CANADA }), ...searchDataElements].map((d) => d.name);
    expect(names).toEqual([...DATA_ELEMENT_NAMES]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names are camelCase', () => {
    for (const name of DATA_ELEMENT_NAMES) expect(name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('keeps the names the page-view rule reads', () => {
    for (const name of ['pageTitle', 'pageUrl', 'referrer', 'hostname']) expect(DATA_ELEMENT_NAMES).toContain(name);
  });

  it('every element is declarative: a name, a getter and only the known options', () => {
    for (const element of [...createDataElements(), ...searchDataElements]) {
      expect(typeof element.get).toBe('function');
      expect(Object.keys(element).every((k) => ['name', 'get', 'defaultValue', 'storage', 'cleanText', 'forceLowerCase'].includes(k))).toBe(true);
    }
  });

  it('exports the library version', () => {
    expect(LIBRARY_VERSION).toBe('28.0.0');
  });
});

const FIXTURES = readdirSync(resolve(__dirname, '../fixtures')).filter((f) => f.endsWith('.html'));

describe('getters never throw and always give text', () => {
  it.each([['an empty document', undefined], ...FIXTURES.map((f) => [f, f] as [string, string])])('%s', (_label, fixture) => {
    const url = fixture?.startsWith('fr') ? 'https://www.canada.ca/fr/services/prestations/ae.html?x=1' : 'https://www.canada.ca/en.html';
    openPage(fixture ? { fixture, url } : { html: '<html></html>', url });
    const read = reader();
    for (const name of DATA_ELEMENT_NAMES) expect(typeof read(name), name).toBe('string');
    expect(read.log.lines('error')).toEqual([]);
  });

  it('with the document stripped bare (no head, no body, no html lang)', () => {
    openPage({ url: 'https://www.canada.ca/en.html' });
    document.documentElement.innerHTML = '';
    const read = reader(null);
    for (const name of DATA_ELEMENT_NAMES) expect(typeof read(name), name).toBe('string');
    expect(read.log.lines('error')).toEqual([]);
  });

  it('when the DOM and cookies throw', () => {
    openPage({ fixture: 'en-services-page.html', url: 'https://www.canada.ca/en/services/benefits/ei.html' });
    vi.spyOn(document, 'getElementsByTagName').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(document, 'querySelector').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(document, 'querySelectorAll').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw new Error('blocked');
    });
    const read = reader();
    for (const name of DATA_ELEMENT_NAMES) expect(typeof read(name), name).toBe('string');
    expect(read.log.lines('error')).toEqual([]);
  });

  it('on a page that is not http(s)', () => {
    openPage({ url: 'file:///C:/Users/me/Desktop/saved-page.html' });
    const read = reader(null);
    expect(read('pageUrl')).toBe('Invalid URL');
    expect(read.log.lines('error')).toEqual([]);
  });
});
