import { createHmac } from 'node:crypto';
import type { IceServer } from '../../lib/contract/meetings';
import type { MeetingSettings } from '../config';

/**
 * The ICE servers one participant gets. TURN credentials follow the TURN
 * REST-API scheme coturn implements with `use-auth-secret`: the username is
 * `<expiry unix time>:<user id>` and the password is
 * base64(HMAC-SHA1(shared secret, username)). The TURN server checks them
 * with the same secret, so no per-user state is shared and they expire alone.
 */
export function iceServersFor(opts: { settings: MeetingSettings; userId: string; now?: number }): IceServer[] {
  const { settings } = opts;
  const servers: IceServer[] = [];
  if (settings.stunUrls.length > 0) servers.push({ urls: settings.stunUrls });
  if (settings.turnUrls.length > 0 && settings.turnSecret) {
    const expiresAt = Math.floor((opts.now ?? Date.now()) / 1000) + settings.turnTtlSeconds;
    const username = `${expiresAt}:${opts.userId}`;
    const credential = createHmac('sha1', settings.turnSecret).update(username).digest('base64');
    servers.push({ urls: settings.turnUrls, username, credential });
  }
  return servers;
}
