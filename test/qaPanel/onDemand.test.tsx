import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_KEY, type QueuedBeacon } from '../../src/analytics/beaconQueue';
import type { FeedEntry } from '../../src/engine/logger';
import { openPanel, PANEL_ELEMENT } from '../../src/qaPanel/onDemand';

const ENDPOINT = 'https://metrics.canada.ca/b/ss/canadalivemain/1/JS-2.27.0';
const beacon = (i: string, pageName: string, t = Date.now()): QueuedBeacon => ({ i, q: `AQB=1&pageName=${pageName}&AQE=1`, t, k: 'p' });
const host = () => document.querySelector(PANEL_ELEMENT);
const titles = () => [...(host()?.shadowRoot?.querySelectorAll('li summary .title') ?? [])].map((title) => title.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  (window as { adobeDataLayer?: unknown[] }).adobeDataLayer = [];
});
afterEach(() => {
  host()?.shadowRoot?.querySelector<HTMLButtonElement>('header button:last-of-type')?.click();
  vi.useRealTimers();
  document.documentElement.lang = '';
});

describe('openPanel', () => {
  it('shows what the feed held before it loaded, in a shadow root, then each new entry and data-layer item as it comes', async () => {
    const feed: FeedEntry[] = [{ source: '[tag]', method: 'log', at: Date.now(), args: ['Rule "Page view" fired.'] }];
    act(() => openPanel(feed));
    expect(host()!.shadowRoot!.querySelector('style')!.textContent).toContain(':host');
    expect(titles()).toEqual(['Page view']);
    feed.push({ source: 'beacon', method: 'fetch', at: Date.now(), args: [`${ENDPOINT}/s1`, beacon('1', 'Home')] });
    (window as { adobeDataLayer?: unknown[] }).adobeDataLayer!.push({ event: 'customclick' });
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(titles()).toEqual(['Page view', 'Page view: Home', 'customclick']);
    // The tag's array still holds every entry: the panel only hears them.
    expect(feed).toHaveLength(2);
  });

  it('lists beacons earlier pages left queued in storage, once it knows the collector’s address', async () => {
    localStorage.setItem(`${QUEUE_KEY}.gone`, JSON.stringify({ w: Date.now() - 1000, b: [beacon('9', 'Before', Date.now() - 60_000)] }));
    const feed: FeedEntry[] = [{ source: 'beacon', method: 'fetch', at: Date.now(), args: [`${ENDPOINT}/s1`, beacon('1', 'Now', performance.timeOrigin + 1)] }];
    act(() => openPanel(feed));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(titles()).toEqual(['Page view: Now', 'Page view: Before']);
    expect(host()!.shadowRoot!.querySelectorAll('li[data-state="queued"]')).toHaveLength(1);
  });

  it('speaks the page’s language', () => {
    document.documentElement.lang = 'fr-CA';
    act(() => openPanel([]));
    expect(host()!.shadowRoot!.querySelector('h2')!.textContent).toBe('Panneau d’AQ de la balise');
  });

  it('closes: the panel leaves the page, and what the tag tells it after is dropped', async () => {
    const feed: FeedEntry[] = [];
    act(() => openPanel(feed));
    act(() => host()!.shadowRoot!.querySelector<HTMLButtonElement>('header button:last-of-type')!.click());
    expect(host()).toBeNull();
    feed.push({ source: '[tag]', method: 'log', at: 1, args: ['later'] });
    await vi.advanceTimersByTimeAsync(600);
    expect(host()).toBeNull();
    expect(feed).toHaveLength(0);
  });
});
