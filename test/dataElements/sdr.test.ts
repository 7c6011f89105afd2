import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSdr } from '../../scripts/sdr';
import { paramOf } from '../../src/analytics/slots';
import { createDataElements, DATA_ELEMENT_NAMES } from '../../src/dataElements';
import { searchDataElements } from '../../src/dataElements/search';
import { EVENTS, PAGE_VIEW_ROWS, SDR_VARIABLES, slotsOf, URL_SLOTS } from '../../src/dataElements/sdr';
import { describeParam, EVENT_LABELS, eventLabel, SLOT_LABELS } from '../../src/dataElements/sdrLabels';
import { EVENT_NOTES, SLOT_NOTES } from '../../src/dataElements/sdrNotes';

describe('solution design reference', () => {
  it('docs/sdr.md is what `npm run sdr` prints now', () => {
    expect(readFileSync('docs/sdr.md', 'utf8')).toBe(renderSdr());
  });

  it('documents every slot with an example and every event with when it is sent, and nothing else', () => {
    const slots = SDR_VARIABLES.map((row) => row.slot).sort();
    expect(Object.keys(SLOT_NOTES).sort()).toEqual(slots);
    expect(Object.keys(SLOT_LABELS).sort()).toEqual(slots);
    for (const row of SDR_VARIABLES) expect(SLOT_NOTES[row.slot]?.example, row.slot).toBeTruthy();
    expect(Object.keys(EVENT_NOTES).sort()).toEqual(Object.keys(EVENT_LABELS).sort());
  });

  it('gives every slot one meaning', () => {
    const slots = SDR_VARIABLES.map((row) => row.slot);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('only names data elements that exist', () => {
    const defined = new Set([...createDataElements(), ...searchDataElements].map((d) => d.name));
    for (const row of PAGE_VIEW_ROWS) expect(defined, row.source.dataElement).toContain(row.source.dataElement);
    for (const row of PAGE_VIEW_ROWS) expect(DATA_ELEMENT_NAMES).toContain(row.source.dataElement);
  });

  it('the table of events the rules use is the one the labels and notes describe: each event once, none missing', () => {
    const numbers = Object.values(EVENTS).map(String);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort()).toEqual(Object.keys(EVENT_LABELS).sort());
  });

  it('uses the event numbers of the specification', () => {
    expect(eventLabel(9)).toBe('Page load');
    expect(eventLabel(11)).toBe('Page view');
    expect(eventLabel(12)).toBe('Content age');
    expect(eventLabel(104)).toBe('Time to complete');
    expect(eventLabel(110)).toBe('Survey');
    expect(eventLabel(500)).toBe('Tracked click');
    for (const n of [41, 42, 50, 52, 79, 82, 84, 85, 100]) expect(eventLabel(n)).toBeTruthy();
  });

  it('names beacon parameters for the log and the inspector', () => {
    expect(describeParam('pageName')).toBe('Page name');
    expect(describeParam('g')).toBe('Page URL');
    expect(describeParam('v5')).toBe('Theme');
    expect(describeParam('c3')).toBe('Page language (traffic)');
    expect(describeParam('v999')).toBeUndefined();
  });

  it('marks the URL-carrying slots for URL redaction, and only those', () => {
    for (const slot of URL_SLOTS) expect(SDR_VARIABLES.find((row) => row.slot === slot)?.url).toBe(true);
    expect(URL_SLOTS).toEqual(expect.arrayContaining(['pageURL', 'referrer', 'eVar2', 'eVar18', 'eVar51']));
    expect(URL_SLOTS).not.toContain('eVar1');
    expect(URL_SLOTS.map(paramOf)).toContain('g');
  });

  it('tells rules where an interaction value goes', () => {
    expect(slotsOf('linkText')).toEqual(['eVar50']);
    expect(slotsOf('linkUrl')).toEqual(['eVar51']);
  });
});
