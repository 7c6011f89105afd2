import { describe, expect, it } from 'vitest';
import { paramOf, slotRank, truncateParam, type SlotName } from '../../src/analytics/slots';

describe('slots', () => {
  it('maps every slot to its AppMeasurement query parameter', () => {
    const expected: Array<[SlotName, string]> = [
      ['pageName', 'pageName'],
      ['pageURL', 'g'],
      ['referrer', 'r'],
      ['channel', 'ch'],
      ['server', 'server'],
      ['pageType', 'pageType'],
      ['campaign', 'v0'],
      ['eVar1', 'v1'],
      ['eVar250', 'v250'],
      ['prop7', 'c7'],
      ['prop75', 'c75'],
    ];
    for (const [slot, param] of expected) expect(paramOf(slot)).toBe(param);
  });

  it('keeps the last 255 characters of URLs and eVars and the last 100 of props', () => {
    const long = 'a'.repeat(300) + 'END';
    for (const param of ['g', 'r', 'pev1', 'v0', 'v12']) expect(truncateParam(param, long)).toBe(long.slice(-255));
    expect(truncateParam('c3', long)).toBe(long.slice(-100));
    expect(truncateParam('v12', 'short')).toBe('short');
  });

  it('keeps the first 100 characters of names (page name, link name, channel, server), and does not cut the others', () => {
    const name = 'Download Link - ' + 'x'.repeat(200);
    for (const param of ['pageName', 'pev2', 'ch', 'server']) expect(truncateParam(param, name)).toBe(name.slice(0, 100));
    for (const param of ['c', 'events', 'pe', 't']) expect(truncateParam(param, name)).toBe(name);
  });

  it('orders named slots first, then eVars, then props, by number', () => {
    const slots: SlotName[] = ['prop10', 'eVar2', 'prop2', 'campaign', 'eVar10', 'pageName', 'referrer'];
    expect([...slots].sort((a, b) => slotRank(a) - slotRank(b))).toEqual([
      'pageName',
      'referrer',
      'campaign',
      'eVar2',
      'eVar10',
      'prop2',
      'prop10',
    ]);
  });
});
