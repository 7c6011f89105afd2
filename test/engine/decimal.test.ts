import { describe, expect, it } from 'vitest';
import { decimal } from '../../src/engine/decimal';

describe('decimal', () => {
  it('writes a whole number as String does', () => {
    for (const n of [1, 7, 24, 128, 720, 1280, 16384, 2026, -300, 1_073_741_824, 1e13, Number.MAX_SAFE_INTEGER]) expect(decimal(n)).toBe(String(n));
  });

  it('writes zero, negative zero and the non-finite values as String does', () => {
    for (const n of [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(decimal(n)).toBe(String(n));
  });
});
