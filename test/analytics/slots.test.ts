import { describe, expect, it } from 'vitest';
import { maxLengthOf, paramOf, slotRank, type SlotName } from '../../src/analytics/slots';

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

  it('keeps 255 characters of g and eVars, 100 of props, and does not cut the others', () => {
    expect(maxLengthOf('g')).toBe(255);
    expect(maxLengthOf('v0')).toBe(255);
    expect(maxLengthOf('v12')).toBe(255);
    expect(maxLengthOf('c3')).toBe(100);
    expect(maxLengthOf('pageName')).toBe(Infinity);
    expect(maxLengthOf('ch')).toBe(Infinity);
    expect(maxLengthOf('c')).toBe(Infinity);
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
