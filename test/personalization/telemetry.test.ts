import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ENTRIES, record, take, TELEMETRY_PREFIX } from '../../src/personalization/telemetry';

const entry = (n: number) => ({ requestId: `r${n}`, timestamp: 1_000 + n, execution: n, telemetryServerToken: `t${n}` });
const ours = () => Object.keys(localStorage).filter((key) => key.startsWith(TELEMETRY_PREFIX));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('telemetry storage', () => {
  it("keeps each entry under its own 'tgt:tlm' key with mode edge, and hands each out once", () => {
    record(entry(1));
    record(entry(2));
    expect(ours().sort()).toEqual(['tgt:tlm:r1', 'tgt:tlm:r2']);
    const taken = take().sort((a, b) => a.timestamp! - b.timestamp!);
    expect(taken).toEqual([
      { ...entry(1), mode: 'edge' },
      { ...entry(2), mode: 'edge' },
    ]);
    expect(ours()).toEqual([]);
    expect(take()).toEqual([]);
  });

  it(`keeps at most ${MAX_ENTRIES} entries, dropping the oldest`, () => {
    // Stored out of order, to show the bound goes by timestamp, not by key or insertion order.
    for (const n of [5, 3, 24, 1, ...Array.from({ length: 21 }, (_, i) => i + 6), 2, 4]) record(entry(n));
    expect(ours()).toHaveLength(MAX_ENTRIES);
    const kept = take().map((e) => e.requestId);
    expect(kept).toHaveLength(MAX_ENTRIES);
    expect(kept).not.toContain('r1');
    expect(kept).toContain('r4'); // the last stored is never the one dropped
    expect(kept).toContain('r26');
  });

  it('leaves other keys alone and drops damaged entries', () => {
    localStorage.setItem('gc-survey', 'x');
    localStorage.setItem(`${TELEMETRY_PREFIX}:broken`, '{not json');
    record(entry(1));
    const first = take();
    const second = take();
    expect([...first, ...second]).toEqual([{ ...entry(1), mode: 'edge' }]);
    expect(ours()).toEqual([]);
    expect(localStorage.getItem('gc-survey')).toBe('x');
  });

  it('never throws when storage is full or forbidden', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => record(entry(1))).not.toThrow();
    expect(ours()).toEqual([]);
    vi.restoreAllMocks();
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(() => record(entry(2))).not.toThrow();
      expect(take()).toEqual([]);
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});
