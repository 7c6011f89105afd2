/**
 * The visitor's Target ids, kept as at.js keeps them so that a site moving between the two keeps
 * its visitors: the `mbox` cookie (`session#{id}#{expiry s}|PC#{tntId}#{expiry s}`) and the
 * `mboxEdgeCluster` cookie. Values are read once and cached; a cookie is written only when its
 * text changes (at most once a second for the sliding session), never on every read.
 */
import type { CookieJar } from '../engine/cookies';
import { decimal } from '../engine/decimal';
import { DAY_MS, MINUTE_MS } from '../engine/durations';

export const SESSION_LIFETIME = 31 * MINUTE_MS;
/**
 * Two years: Adobe's documented `deviceIdLifetime` (63,244,800,000 ms). The specification (PZ-9) gives ten times
 * that, twenty years, which no privacy policy allows; the issue tracker chose Adobe's figure.
 */
export const DEVICE_LIFETIME = 63_244_800_000;
export const MBOX_COOKIE = 'mbox';
export const CLUSTER_COOKIE = 'mboxEdgeCluster';

export interface Ids {
  sessionId(): string;
  tntId(): string | undefined;
  cluster(): string | undefined;
  /** Slides the session (new one if it ran out) and writes the cookies if anything changed. */
  touch(): void;
  /** Takes the tntId and edge cluster a response gave. */
  learn(tntId: string | undefined, edgeHost: string | undefined): void;
}

export function createIds(jar: CookieJar, newId: () => string, now: () => number = Date.now, deviceLifetime = DEVICE_LIFETIME): Ids {
  const entries = new Map<string, { value: string; expires: number }>();
  for (const part of (jar.get(MBOX_COOKIE) ?? '').split('|')) {
    const [name, value, expires] = part.split('#');
    if (name && value && Number(expires) * 1000 > now()) entries.set(name, { value, expires: Number(expires) });
  }
  let cluster = jar.get(CLUSTER_COOKIE) || undefined;
  let written = '';

  const set = (name: string, value: string, lifetime: number) => entries.set(name, { value, expires: Math.ceil((now() + lifetime) / 1000) });
  const save = () => {
    let text = '';
    let last = 0;
    entries.forEach(({ value, expires }, name) => {
      text += `${text ? '|' : ''}${name}#${value}#${decimal(expires)}`;
      last = Math.max(last, expires);
    });
    // The cluster cookie lives as long as the session, so it slides with it.
    if (`${text} ${cluster}` === written) return;
    written = `${text} ${cluster}`;
    jar.set(MBOX_COOKIE, text, { days: (last * 1000 - now()) / DAY_MS });
    if (cluster) jar.set(CLUSTER_COOKIE, cluster, { days: SESSION_LIFETIME / DAY_MS });
  };

  return {
    sessionId() {
      if (!entries.has('session')) set('session', newId(), SESSION_LIFETIME);
      return entries.get('session')!.value;
    },
    tntId: () => entries.get('PC')?.value,
    cluster: () => cluster,
    touch() {
      set('session', this.sessionId(), SESSION_LIFETIME);
      const pc = entries.get('PC');
      if (pc) set('PC', pc.value, deviceLifetime);
      save();
    },
    learn(tntId, edgeHost) {
      if (tntId) set('PC', tntId, deviceLifetime);
      // mboxedge35.tt.omtrdc.net, or else the tntId's suffix ".35_0".
      const found = /^mboxedge(\d+)\./.exec(edgeHost ?? '')?.[1] ?? /\.(\d+)_\d+$/.exec(tntId ?? '')?.[1];
      if (found) cluster = found;
      save();
    },
  };
}
