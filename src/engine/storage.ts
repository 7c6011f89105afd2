/**
 * Web storage that never throws: storage can be disabled by the browser, blocked by privacy
 * settings, or full. Every failure is reported as a return value instead.
 */

export type StorageKind = 'local' | 'session';

export interface SafeStorage {
  get(key: string): string | null;
  /** False when the value could not be stored (no storage, quota exceeded, blocked). */
  set(key: string, value: string): boolean;
  remove(key: string): boolean;
  /** Every key stored (none when storage is unavailable). */
  keys(): string[];
  /** JSON helpers: a value that does not parse reads as undefined. */
  getJSON<T>(key: string): T | undefined;
  setJSON(key: string, value: unknown): boolean;
}

function open(kind: StorageKind): Storage | null {
  try {
    // Reading the property itself throws in some browsers when storage is blocked.
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function webStorage(kind: StorageKind): SafeStorage {
  const attempt = <T>(fn: (s: Storage) => T, fallback: T): T => {
    const storage = open(kind);
    if (!storage) return fallback;
    try {
      return fn(storage);
    } catch {
      return fallback;
    }
  };
  const store: SafeStorage = {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) =>
      attempt((s) => {
        s.setItem(key, value);
        return true;
      }, false),
    remove: (key) =>
      attempt((s) => {
        s.removeItem(key);
        return true;
      }, false),
    keys: () => attempt((s) => Array.from({ length: s.length }, (_, n) => s.key(n) ?? ''), []),
    getJSON<T>(key: string) {
      const raw = store.get(key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    setJSON: (key, value) => {
      let raw: string;
      try {
        raw = JSON.stringify(value);
      } catch {
        return false;
      }
      return store.set(key, raw);
    },
  };
  return store;
}

/** True when a value can be written and read back (the survey needs this before anything). */
export function storageWorks(kind: StorageKind): boolean {
  const probe = '__tag_probe__';
  const storage = webStorage(kind);
  const ok = storage.set(probe, '1') && storage.get(probe) === '1';
  storage.remove(probe);
  return ok;
}
