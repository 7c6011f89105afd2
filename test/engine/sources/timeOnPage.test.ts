import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataElementResolver } from '../../../src/engine/dataElements';
import { createDispatcher } from '../../../src/engine/dispatcher';
import { attachTimeOnPage } from '../../../src/engine/sources/timeOnPage';
import type { Rule } from '../../../src/engine/types';
import { action, recordingLogger } from '../helpers';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function attach(rules: Rule[]) {
  const log = recordingLogger();
  attachTimeOnPage(createDispatcher(rules, createDataElementResolver([], log), log, () => true));
}

const timer = (name: string, seconds: number, seen: string[]): Rule => ({
  name,
  events: [{ type: 'timeOnPage', seconds }],
  actions: [action('record', () => seen.push(name))],
});

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  // Stale listeners of earlier tests pause their own timers on 'hidden'; nothing of theirs can
  // fire into this test's arrays.
  vi.clearAllTimers();
  vi.useRealTimers();
  delete (document as unknown as Record<string, unknown>).visibilityState;
});

describe('timeOnPage', () => {
  it('fires after N seconds of visible time, not before', () => {
    const seen: string[] = [];
    attach([timer('3s', 3, seen)]);
    vi.advanceTimersByTime(2999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['3s']);
  });

  it('each distinct delay fires once, shared by the rules that use it', () => {
    const seen: string[] = [];
    attach([timer('3s a', 3, seen), timer('10s', 10, seen), timer('3s b', 3, seen), timer('0s', 0, seen)]);
    vi.advanceTimersByTime(0);
    expect(seen).toEqual(['0s']);
    vi.advanceTimersByTime(3000);
    expect(seen).toEqual(['0s', '3s a', '3s b']);
    vi.advanceTimersByTime(7000);
    expect(seen).toEqual(['0s', '3s a', '3s b', '10s']);
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual(['0s', '3s a', '3s b', '10s']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('time while the page is hidden does not count', () => {
    const seen: string[] = [];
    attach([timer('3s', 3, seen)]);
    vi.advanceTimersByTime(2000);
    setVisibility('hidden');
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([]);
    setVisibility('visible');
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['3s']);
  });

  it('adds up several visible stretches', () => {
    const seen: string[] = [];
    attach([timer('5s', 5, seen)]);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(1000);
      setVisibility('hidden');
      vi.advanceTimersByTime(30_000);
      setVisibility('visible');
    }
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['5s']);
  });

  it('a page that starts hidden counts from when it becomes visible', () => {
    visibility = 'hidden';
    const seen: string[] = [];
    attach([timer('2s', 2, seen)]);
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([]);
    setVisibility('visible');
    vi.advanceTimersByTime(1999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['2s']);
  });

  it('a delay that already fired does not fire again after hiding and showing', () => {
    const seen: string[] = [];
    attach([timer('1s', 1, seen), timer('4s', 4, seen)]);
    vi.advanceTimersByTime(1500);
    expect(seen).toEqual(['1s']);
    setVisibility('hidden');
    setVisibility('visible');
    vi.advanceTimersByTime(2499);
    expect(seen).toEqual(['1s']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['1s', '4s']);
    setVisibility('hidden');
    setVisibility('visible');
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual(['1s', '4s']);
  });

  it('repeated visible or hidden notifications neither double nor lose time', () => {
    const seen: string[] = [];
    attach([timer('2s', 2, seen)]);
    setVisibility('visible');
    setVisibility('visible');
    vi.advanceTimersByTime(1000);
    setVisibility('hidden');
    setVisibility('hidden');
    vi.advanceTimersByTime(1000);
    setVisibility('visible');
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['2s']);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['2s']);
  });

  it('sets no timer and no listener when no rule uses time on page', () => {
    const add = vi.spyOn(document, 'addEventListener');
    attach([{ name: 'r', events: [{ type: 'pageBottom' }], actions: [] }]);
    expect(vi.getTimerCount()).toBe(0);
    expect(add).not.toHaveBeenCalled();
  });
});
