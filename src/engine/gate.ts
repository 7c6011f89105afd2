/**
 * The page-level abort flag: tracking runs only on allow-listed hosts, and never on a path of
 * the blocklist. Decided once per page view, before any rule runs.
 */

export interface TrackingGate<H extends { host: string }> {
  abort: boolean;
  /** Why tracking is off, for the log; empty when it is on. */
  reason: string;
  /** The allow-list entry of this host. */
  host?: H;
}

export function evaluateGate<H extends { host: string }>(
  hosts: readonly H[],
  pathBlocklist: readonly string[],
  where: { hostname: string; pathname: string },
): TrackingGate<H> {
  const hostname = where.hostname.toLowerCase();
  const host = hosts.find((entry) => entry.host.toLowerCase() === hostname);
  if (!host) return { abort: true, reason: `host "${hostname}" is not allow-listed` };
  const path = where.pathname.toLowerCase();
  const blocked = pathBlocklist.find((prefix) => path.startsWith(prefix.toLowerCase()));
  if (blocked) return { abort: true, reason: `path is blocklisted ("${blocked}")`, host };
  return { abort: false, reason: '', host };
}
