import { describe, expect, it } from 'vitest';
import { MAX_SNAPSHOT_KEYS, snapshot } from '../../src/engine/snapshot';

describe('snapshot', () => {
  it('copies plain objects and arrays deeply: later changes to the original do not reach the copy', () => {
    const item = { page: { title: 'T', tags: ['a', { b: 1 }] } };
    const copy = snapshot(item)!;
    item.page.title = 'changed';
    (item.page.tags[1] as { b: number }).b = 2;
    expect(copy.value).toEqual({ page: { title: 'T', tags: ['a', { b: 1 }] } });
    expect(copy.omitted).toEqual([]);
  });

  it('accepts an object literal of another window (a frame), refuses arrays, primitives and class instances', () => {
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const foreign = (frame.contentWindow as unknown as { Object: ObjectConstructor }).Object;
    const literal = Object.assign(new foreign(), { event: 'x' });
    expect(snapshot(literal)?.value).toEqual({ event: 'x' });
    for (const value of [[1], 'text', 3, null, undefined, new Date(), new (class Item {})()]) expect(snapshot(value)).toBeUndefined();
    frame.remove();
  });

  it('names what it left out: a cycle, a throwing getter, too deep, too many keys', () => {
    const item: Record<string, unknown> = { a: { b: {} } };
    (item.a as { b: Record<string, unknown> }).b.up = item.a;
    Object.defineProperty(item, 'bad', {
      enumerable: true,
      get: () => {
        throw new Error('x');
      },
    });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 12; i++) deep = { d: deep };
    item.deep = deep;
    item.many = Object.fromEntries(Array.from({ length: MAX_SNAPSHOT_KEYS + 5 }, (_, i) => [`k${i}`, i]));
    const { omitted } = snapshot(item)!;
    expect(omitted).toEqual(
      expect.arrayContaining(['a.b.up (cycle)', 'bad (throws)', expect.stringMatching(/^deep(\.d)+ \(too deep\)$/), `many (over ${MAX_SNAPSHOT_KEYS} keys)`]),
    );
  });

  it('the same object twice, not in a cycle, is copied both times', () => {
    const shared = { v: 1 };
    expect(snapshot({ x: shared, y: shared })!.value).toEqual({ x: { v: 1 }, y: { v: 1 } });
  });
});
