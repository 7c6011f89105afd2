import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewportSize } from '../../src/engine/viewport';
import { viewportOf } from './helpers';

/** innerWidth and innerHeight that count their reads: reading either lays the page out in a browser. */
function countReads() {
  let reads = 0;
  for (const name of ['innerWidth', 'innerHeight'] as const) {
    const value = window[name];
    vi.spyOn(window, name, 'get').mockImplementation(() => (reads++, value));
  }
  return () => reads;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Forgets the size found: the next test's window is another.
  dispatchEvent(new Event('resize'));
});

describe('viewportSize', () => {
  it.each([
    [1280, 720],
    [412, 915],
    [1111, 777],
    [0, 0],
    [1, 1],
    [16383, 32767],
  ])('finds a %i × %i viewport with media queries, without reading innerWidth or innerHeight', (width, height) => {
    const media = viewportOf(width, height);
    vi.stubGlobal('matchMedia', media.matchMedia);
    const reads = countReads();
    expect(viewportSize()).toEqual([width, height]);
    expect(reads()).toBe(0);
    // Fifteen questions a side, each halving what is left.
    expect(media.asked).toHaveLength(30);
  });

  it('finds the size once, and again only after the window is resized', () => {
    const media = viewportOf(1280, 720);
    vi.stubGlobal('matchMedia', media.matchMedia);
    expect(viewportSize()).toEqual([1280, 720]);
    expect(viewportSize()).toEqual([1280, 720]);
    // A beacon's size costs no query once the page knows it.
    expect(media.asked).toHaveLength(30);
    const turned = viewportOf(720, 1280);
    vi.stubGlobal('matchMedia', turned.matchMedia);
    expect(viewportSize()).toEqual([1280, 720]);
    dispatchEvent(new Event('resize'));
    expect(viewportSize()).toEqual([720, 1280]);
    expect(turned.asked).toHaveLength(30);
  });

  it('reads innerWidth and innerHeight where there is no matchMedia (jsdom has none)', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(viewportSize()).toEqual([innerWidth, innerHeight]);
  });

  it('reads innerWidth and innerHeight when the page’s matchMedia throws or answers nothing usable', () => {
    vi.stubGlobal('matchMedia', () => {
      throw new Error('broken polyfill');
    });
    expect(viewportSize()).toEqual([innerWidth, innerHeight]);
    vi.stubGlobal('matchMedia', () => undefined);
    expect(viewportSize()).toEqual([innerWidth, innerHeight]);
  });
});
