import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueuedBeacon } from '../../src/analytics/beaconQueue';
import type { FeedEntry } from '../../src/engine/logger';
import { PanelModel } from '../../src/qaPanel/model';
import { Panel, type PanelProps } from '../../src/qaPanel/Panel';

const START = 1_000_000;
const ENDPOINT = 'https://metrics.canada.ca/b/ss/canadalivemain/1/JS-2.27.0';
const VIEW: QueuedBeacon = { i: '111', q: 'AQB=1&pageName=Employment%20Insurance%20(EI)&v3=en&AQE=1', t: START + 5, k: 'p' };

function entries() {
  const model = new PanelModel(START);
  const feed: FeedEntry[] = [
    { source: 'beacon', method: 'ok', at: START + 120, args: [`${ENDPOINT}/s111`, VIEW] },
    { source: '[tag]', method: 'log', at: START + 100, args: ['Rule "Page view" fired.'] },
    { source: '[tag]', method: 'log', at: START + 101, args: ['Rule "Error page" did not fire: condition "404, 403 or 500 page" not met.'] },
    { source: '[survey]', method: 'info', at: START + 300, args: ['visit scope: Page'] },
  ];
  feed.forEach((item) => model.take(item));
  return model.entries;
}

function show(props: Partial<PanelProps> = {}) {
  const calls = { copy: vi.fn(async (_: string) => undefined), save: vi.fn(), onClose: vi.fn() };
  render(<Panel entries={entries()} language="en" page="https://www.canada.ca/en.html" start={START} {...calls} {...props} />);
  return calls;
}

const titles = () => screen.queryAllByRole('listitem').map((item) => item.querySelector('summary')!.textContent);

afterEach(cleanup);

describe('the QA panel', () => {
  it('lists the entries in order, with their time on the page, kind, and state or outcome', () => {
    show();
    expect(screen.getByRole('complementary', { name: 'Tag QA panel' })).toBeTruthy();
    expect(titles()).toEqual([
      '+120 ms Beacons Page view: Employment Insurance (EI) — sent',
      '+100 ms Rules Page view — fired',
      '+101 ms Rules Error page — did not fire: condition “404, 403 or 500 page” not met',
      '+300 ms Survey visit scope: Page',
    ]);
    expect(screen.getByRole('status').textContent).toBe('4 of 4 shown');
  });

  it('shows a beacon’s parameters with their report names, and copies it as its request or as JSON', async () => {
    const calls = show();
    const beacon = screen.getAllByRole('listitem')[0]!;
    expect(within(beacon).getByRole('row', { name: /v3/ }).textContent).toBe('v3eVar3Page languageen');
    fireEvent.click(within(beacon).getByRole('button', { name: 'Copy request' }));
    expect(calls.copy).toHaveBeenCalledWith(`GET ${ENDPOINT}/s111?${VIEW.q}`);
    fireEvent.click(within(beacon).getByRole('button', { name: 'Copy JSON' }));
    expect(JSON.parse(calls.copy.mock.calls[1]![0])).toMatchObject({ state: 'sent', params: { pageName: 'Employment Insurance (EI)' } });
    expect(await screen.findByText(/Copied\./)).toBeTruthy();
  });

  it('says so when the browser does not allow copying', async () => {
    show({ copy: () => Promise.reject(new Error('denied')) });
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy JSON' })[0]!);
    expect(await screen.findByText(/did not allow copying/)).toBeTruthy();
  });

  it('filters by kind and searches, with the counts of each kind; exports only what it shows', () => {
    const calls = show();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rules (2)' }));
    expect(titles()).toEqual(['+120 ms Beacons Page view: Employment Insurance (EI) — sent', '+300 ms Survey visit scope: Page']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'PAGE LANGUAGE' } });
    expect(titles()).toEqual(['+120 ms Beacons Page view: Employment Insurance (EI) — sent']);
    expect(screen.getByRole('status').textContent).toBe('1 of 4 shown');
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    const [name, json] = calls.save.mock.calls[0]! as [string, string];
    expect(name).toBe('tag-qa.json');
    expect((JSON.parse(json) as { entries: Array<{ kind: string }> }).entries.map((entry) => entry.kind)).toEqual(['beacon']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nothing like this' } });
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
  });

  it('collapses, expands and closes', () => {
    const calls = show();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(screen.getByRole('searchbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(calls.onClose).toHaveBeenCalledTimes(1);
  });

  it('speaks French on a French page', () => {
    show({ language: 'fr' });
    expect(screen.getByRole('complementary', { name: 'Panneau d’AQ de la balise' }).getAttribute('lang')).toBe('fr');
    expect(titles()).toEqual([
      '+120 ms Balises Page view: Employment Insurance (EI) — envoyée',
      '+100 ms Règles Page view — déclenchée',
      '+101 ms Règles Error page — non déclenchée\u00a0: condition «\u00a0404, 403 or 500 page\u00a0» non remplie',
      '+300 ms Sondage visit scope: Page',
    ]);
    expect(screen.getByRole('button', { name: 'Exporter en JSON' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeTruthy();
  });
});
