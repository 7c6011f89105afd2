/**
 * Display and click notifications (dist/tag-target.js only): `navigator.sendBeacon` to the
 * delivery URL, which survives the page being left; where the browser refuses the beacon, an
 * asynchronous keep-alive POST, tried a second time if it fails. The returned promise never
 * rejects.
 */
import { uuid } from './request';
import type { Core, Notification } from './types';

/** A notification with a new id and the current time. */
export function notification(type: Notification['type'], fields: Partial<Notification>): Notification {
  return { id: uuid(), type, timestamp: Date.now(), ...fields };
}

export function sendNotifications(core: Core, notifications: Notification[], extra: Record<string, unknown> = {}): Promise<void> {
  const body = { ...core.base(), ...extra, notifications };
  // Adobe flags a request sent with sendBeacon in its context: Target answers nothing to it.
  if (core.beacon({ ...body, context: { ...body.context, beacon: true } })) return Promise.resolve();
  const post = () => core.send(body, undefined, true);
  return post()
    .catch(post)
    .then(
      () => undefined,
      (error: Error) => core.logger.error('Beacon data sent failed', error.message),
    );
}
