import { describe, expect, it } from 'vitest';
import type { CookieJar, CookieOptions } from '../../src/engine/cookies';
import { CLUSTER_COOKIE, createIds, DEVICE_LIFETIME, MBOX_COOKIE, SESSION_LIFETIME } from '../../src/personalization/ids';

it('keeps the device id for two years, as Adobe documents deviceIdLifetime', () => {
  expect(DEVICE_LIFETIME).toBe(63_244_800_000);
  expect(DEVICE_LIFETIME / 86_400_000).toBe(732);
});

const DAY = 86_400_000;

function fakeJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const writes: Array<{ name: string; value: string; options?: CookieOptions }> = [];
  const jar: CookieJar = {
    get: (name) => values.get(name),
    set(name, value, options) {
      writes.push({ name, value, options });
      values.set(name, value);
      return true;
    },
    remove: (name) => values.delete(name),
  };
  return { jar, values, writes };
}

describe('ids and the mbox cookie', () => {
  const t0 = 1_700_000_000_000;

  it('starts a session that lasts 1,860,000 ms and writes the cookie once', () => {
    const { jar, writes } = fakeJar();
    const ids = createIds(
      jar,
      () => 'sess1',
      () => t0,
    );
    expect(ids.sessionId()).toBe('sess1');
    expect(writes).toEqual([]); // reading never writes
    ids.touch();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.value).toBe(`session#sess1#${(t0 + SESSION_LIFETIME) / 1000}`);
    expect(writes[0]!.options!.days! * DAY).toBeCloseTo(SESSION_LIFETIME, 0);
  });

  it('keeps the tntId for 632,448,000,000 ms, and the cookie lives as long as its longest entry', () => {
    const { jar, writes } = fakeJar();
    const ids = createIds(
      jar,
      () => 'sess1',
      () => t0,
    );
    ids.touch();
    ids.learn('tnt-1', undefined);
    expect(ids.tntId()).toBe('tnt-1');
    const last = writes.at(-1)!;
    expect(last.value).toBe(`session#sess1#${(t0 + SESSION_LIFETIME) / 1000}|PC#tnt-1#${(t0 + DEVICE_LIFETIME) / 1000}`);
    expect(last.options!.days! * DAY).toBeCloseTo(DEVICE_LIFETIME, 0);
  });

  it('slides the session, writing once per change and never for calls in the same second', () => {
    let now = t0;
    const { jar, writes } = fakeJar();
    const ids = createIds(
      jar,
      () => 'sess1',
      () => now,
    );
    for (let i = 0; i < 20; i++) {
      ids.sessionId();
      ids.touch();
      ids.learn('tnt-1', undefined);
    }
    expect(writes.filter((w) => w.name === MBOX_COOKIE)).toHaveLength(2); // session, then the tntId
    now += 60_000;
    ids.touch();
    expect(writes.filter((w) => w.name === MBOX_COOKIE)).toHaveLength(3);
    expect(writes.at(-1)!.value).toContain(`session#sess1#${(now + SESSION_LIFETIME) / 1000}`);
  });

  it('reads an existing cookie, dropping expired entries, and starts a new session when it ran out', () => {
    const expired = `session#old#${t0 / 1000 - 1}|PC#tnt-9#${t0 / 1000 + 1000}`;
    const { jar } = fakeJar({ [MBOX_COOKIE]: expired });
    const ids = createIds(
      jar,
      () => 'fresh',
      () => t0,
    );
    expect(ids.sessionId()).toBe('fresh');
    expect(ids.tntId()).toBe('tnt-9');
  });

  it('keeps a live session from the cookie', () => {
    const { jar } = fakeJar({ [MBOX_COOKIE]: `session#kept#${t0 / 1000 + 100}` });
    expect(
      createIds(
        jar,
        () => 'fresh',
        () => t0,
      ).sessionId(),
    ).toBe('kept');
  });

  it('learns the edge cluster from edgeHost or the tntId, and keeps it for a session', () => {
    const { jar, values, writes } = fakeJar();
    const ids = createIds(
      jar,
      () => 's',
      () => t0,
    );
    ids.learn('abc.28_0', undefined);
    expect(ids.cluster()).toBe('28');
    ids.learn(undefined, 'mboxedge35.tt.omtrdc.net');
    expect(ids.cluster()).toBe('35');
    expect(values.get(CLUSTER_COOKIE)).toBe('35');
    const clusterWrite = writes.filter((w) => w.name === CLUSTER_COOKIE).at(-1)!;
    expect(clusterWrite.options!.days! * DAY).toBeCloseTo(SESSION_LIFETIME, 0);
    ids.learn(undefined, '127.0.0.1:8080'); // a non-edge host teaches nothing
    expect(ids.cluster()).toBe('35');
  });

  it('reads the cluster cookie', () => {
    const { jar } = fakeJar({ [CLUSTER_COOKIE]: '17' });
    expect(createIds(jar, () => 's').cluster()).toBe('17');
  });
});
