import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBeacon } from '../../src/analytics/wireFormat';
import { Inspector } from '../../demo/inspector/Inspector';
import type { FeedEntry } from '../../demo/inspector/model';

const PAGE = 'http://127.0.0.1:8080/en/services/demo.html';
const beacon = (id: number, query: string): FeedEntry => ({
  id,
  kind: 'beacon',
  beacon: {
    receivedAt: '2026-11-22T10:00:00.000Z',
    method: 'GET',
    host: '127.0.0.1',
    path: '/b/ss/canadadev/1/JS-2.27.0/s1',
    reportSuite: 'canadadev',
    params: decodeBeacon(query),
    query,
  },
});
const entries: FeedEntry[] = [
  beacon(1, `pageName=Demo%20page&g=${encodeURIComponent(PAGE)}&v5=Jobs&events=event11`),
  beacon(2, `pageName=Demo%20page&g=${encodeURIComponent(PAGE)}&pe=lnk_d&pev2=Download%20Link&events=event41`),
  beacon(3, `pageName=Demo%20page&g=${encodeURIComponent(PAGE)}&pe=lnk_o&pev2=Pop-up%20Impression`),
];

describe('the inspector view', () => {
  afterEach(cleanup);

  it('groups the page view and its link calls under one heading, with named slots', () => {
    render(<Inspector entries={entries} status="live" />);
    const group = screen.getByRole('region', { name: 'Demo page' });
    const items = [...group.querySelectorAll<HTMLElement>('ol.entries > li')];
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Page view'),
      expect.stringContaining('Download Link'),
      expect.stringContaining('Survey decision'),
    ]);
    const row = within(items[0]!).getByRole('row', { name: /v5/ });
    expect(row.textContent).toContain('eVar5');
    expect(row.textContent).toContain('Theme');
    expect(screen.getByRole('status').textContent).toMatch(/^Live/);
  });

  it('filters by type with labelled checkboxes, and counts each type', () => {
    render(<Inspector entries={entries} status="live" />);
    const downloads = screen.getByRole('checkbox', { name: 'd: downloads (1)' });
    fireEvent.click(downloads);
    expect(screen.queryByText('Download Link', { selector: '.title' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Page views (1)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'o: custom links (1)' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Nothing matches the filter or the search.')).toBeTruthy();
    fireEvent.click(downloads);
    expect(screen.getByText('Download Link', { selector: '.title' })).toBeTruthy();
  });

  it('clears what has arrived so far from view', () => {
    const { rerender } = render(<Inspector entries={entries} status="reconnecting" />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the list' }));
    expect(screen.queryByRole('region')).toBeNull();
    rerender(<Inspector entries={[...entries, beacon(4, `pageName=Next&g=${encodeURIComponent(PAGE)}`)]} status="live" />);
    expect(screen.getByRole('region', { name: 'Next' })).toBeTruthy();
  });

  it('searches every parameter (name, slot, report name, value), case and accents aside', () => {
    render(<Inspector entries={entries} status="live" />);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'download LINK' } });
    const listed = () => [...document.querySelectorAll<HTMLElement>('ol.entries > li')].map((item) => item.textContent);
    expect(listed()).toEqual([expect.stringContaining('Download Link')]);
    fireEvent.change(search, { target: { value: 'evar5' } });
    expect(listed()).toEqual([expect.stringContaining('Page view')]);
    fireEvent.change(search, { target: { value: 'no such value' } });
    expect(screen.getByText('Nothing matches the filter or the search.')).toBeTruthy();
  });

  it('copies a beacon as the request that reached the collector, or as JSON, and exports what is shown', async () => {
    const copied: string[] = [];
    const saved: Array<[string, string]> = [];
    const actions = { copy: async (text: string) => void copied.push(text), save: (name: string, json: string) => void saved.push([name, json]) };
    render(<Inspector entries={entries} status="live" actions={actions} />);
    const first = document.querySelector<HTMLElement>('ol.entries > li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Copy request' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Copy as JSON' }));
    expect(copied[0]).toBe(`GET http://127.0.0.1/b/ss/canadadev/1/JS-2.27.0/s1?${entries[0]!.kind === 'beacon' ? entries[0]!.beacon.query : ''}`);
    expect(JSON.parse(copied[1]!)).toMatchObject({ method: 'GET', params: { pageName: 'Demo page', v5: 'Jobs' } });
    expect(await screen.findByText('Copied.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /d: downloads/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    const [name, json] = saved[0]!;
    expect(name).toBe('beacon-inspector.json');
    expect((JSON.parse(json) as { entries: FeedEntry[] }).entries.map((entry) => entry.id)).toEqual([1, 3]);
  });

  it('links back to the demo index', () => {
    render(<Inspector entries={[]} status="live" />);
    expect(screen.getByRole('link', { name: /Demo site index/ }).getAttribute('href')).toBe('/');
  });
});
