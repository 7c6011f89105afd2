import { describe, expect, it } from 'vitest';
import { optionalCallsWithEarlySpread } from '../../scripts/optionalCalls';

describe('optionalCallsWithEarlySpread', () => {
  it('finds a call in an optional chain whose spread argument is not the last', () => {
    expect(optionalCallsWithEarlySpread('null?.f(...[],1)')).toEqual(['null?.f(...[],1)']);
    expect(optionalCallsWithEarlySpread('a?.(...b, c)')).toEqual(['a?.(...b, c)']);
    expect(optionalCallsWithEarlySpread('a?.b.c(...d, e)')).toEqual(['a?.b.c(...d, e)']);
    expect(optionalCallsWithEarlySpread('a?.[k](x, ...y, z)')).toEqual(['a?.[k](x, ...y, z)']);
    // Later in the chain, after a call that needs no spread: still part of the optional chain.
    expect(optionalCallsWithEarlySpread('a?.b(c)(...d, e)')).toEqual(['a?.b(c)(...d, e)']);
    expect(optionalCallsWithEarlySpread('let x=()=>{if(y)return a?.f(...b,1)}')).toEqual(['a?.f(...b,1)']);
  });

  it('leaves what Chrome 80-90 run correctly', () => {
    for (const code of ['a?.f(...b)', 'a?.f(b, ...c)', 'a.f(...b, c)', 'f(...a?.b, c)', 'a?.b', '(a?.f)(...b, c)', '`a?.f(...b, c)`', '"a?.f(...b,c)"']) {
      expect(optionalCallsWithEarlySpread(code), code).toEqual([]);
    }
  });
});
