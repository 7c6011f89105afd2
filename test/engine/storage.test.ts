import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageWorks, webStorage, type StorageKind } from '../../src/engine/storage';

const originals = new Map<'localStorage' | 'sessionStorage', PropertyDescriptor | undefined>();

/** Replaces window.localStorage / sessionStorage with a getter, undone after the test. */
function replaceStorage(name: 'localStorage' | 'sessionStorage', get: () => unknown) {
  if (!originals.has(name)) originals.set(name, Object.getOwnPropertyDescriptor(window, name));
  Object.defineProperty(window, name, { configurable: true, get });
}

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { length: 0, clear: fail, getItem: fail, setItem: fail, removeItem: fail, key: fail } as unknown as Storage;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  for (const [name, original] of originals) {
    if (original) Object.defineProperty(window, name, original);
    else delete (window as unknown as Record<string, unknown>)[name];
  }
  originals.clear();
});

describe.each<[StorageKind, () => Storage]>([
  ['local', () => localStorage],
  ['session', () => sessionStorage],
])('webStorage(%s)', (kind, native) => {
  it('sets, gets and removes through the matching Web Storage', () => {
    const s = webStorage(kind);
    expect(s.get('k')).toBeNull();
    expect(s.set('k', 'v')).toBe(true);
    expect(native().getItem('k')).toBe('v');
    expect(s.get('k')).toBe('v');
    expect(s.remove('k')).toBe(true);
    expect(native().getItem('k')).toBeNull();
    expect(s.get('k')).toBeNull();
  });

  it('lists every key stored', () => {
    const s = webStorage(kind);
    native().clear();
    s.set('a', '1');
    s.set('b.c', '2');
    expect(s.keys().sort()).toEqual(['a', 'b.c']);
    native().clear();
  });

  it('JSON helpers round-trip and read a value that does not parse as undefined', () => {
    const s = webStorage(kind);
    expect(s.setJSON('obj', { a: [1, 'x'] })).toBe(true);
    expect(native().getItem('obj')).toBe('{"a":[1,"x"]}');
    expect(s.getJSON('obj')).toEqual({ a: [1, 'x'] });
    expect(s.getJSON('missing')).toBeUndefined();
    native().setItem('broken', '{not json');
    expect(s.getJSON('broken')).toBeUndefined();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(s.setJSON('circ', circular)).toBe(false);
    expect(native().getItem('circ')).toBeNull();
  });

  it('storageWorks is true for working storage and leaves no probe behind', () => {
    expect(storageWorks(kind)).toBe(true);
    expect(native().length).toBe(0);
  });
});

describe('storage that fails', () => {
  it('a Storage whose methods throw: get gives null, set and remove give false, nothing throws', () => {
    replaceStorage('localStorage', throwingStorage);
    const s = webStorage('local');
    expect(() => s.get('k')).not.toThrow();
    expect(s.get('k')).toBeNull();
    expect(s.set('k', 'v')).toBe(false);
    expect(s.remove('k')).toBe(false);
    expect(s.keys()).toEqual([]);
    expect(s.getJSON('k')).toBeUndefined();
    expect(s.setJSON('k', { a: 1 })).toBe(false);
    expect(storageWorks('local')).toBe(false);
    // The other kind is unaffected.
    expect(webStorage('session').set('k', 'v')).toBe(true);
  });

  it('a window.localStorage getter that throws (storage blocked): same, without throwing', () => {
    const getter = vi.fn(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    replaceStorage('localStorage', getter);
    expect(() => window.localStorage).toThrow();
    getter.mockClear();
    const s = webStorage('local');
    expect(s.get('k')).toBeNull();
    expect(s.set('k', 'v')).toBe(false);
    expect(s.remove('k')).toBe(false);
    expect(storageWorks('local')).toBe(false);
    expect(getter).toHaveBeenCalled();
  });

  it('a sessionStorage getter that throws', () => {
    replaceStorage('sessionStorage', () => {
      throw new Error('blocked');
    });
    expect(webStorage('session').get('k')).toBeNull();
    expect(webStorage('session').set('k', 'v')).toBe(false);
    expect(storageWorks('session')).toBe(false);
    expect(storageWorks('local')).toBe(true);
  });

  it('missing storage (null) reads as null and refuses writes', () => {
    replaceStorage('localStorage', () => null);
    expect(webStorage('local').get('k')).toBeNull();
    expect(webStorage('local').set('k', 'v')).toBe(false);
    expect(storageWorks('local')).toBe(false);
  });

  it('quota exceeded: set gives false and storageWorks is false, reads still work', () => {
    localStorage.setItem('existing', 'kept');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const s = webStorage('local');
    expect(() => s.set('big', 'x'.repeat(10))).not.toThrow();
    expect(s.set('big', 'x')).toBe(false);
    expect(s.setJSON('big', [1])).toBe(false);
    expect(setItem).toHaveBeenCalled();
    expect(s.get('existing')).toBe('kept');
    expect(storageWorks('local')).toBe(false);
  });
});
