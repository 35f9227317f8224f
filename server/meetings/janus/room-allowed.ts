import { JanusUnavailableError } from './errors';
import type { VideoRoomControl } from './video-room-control';

async function changeAllowed(opts: { control: VideoRoomControl; room: number; secret: string; tokens: string[]; action: 'add' | 'remove' }) {
  const answer = await opts.control.request({
    request: 'allowed',
    action: opts.action,
    room: opts.room,
    secret: opts.secret,
    allowed: opts.tokens,
  });
  const allowed = answer.allowed;
  if (!Array.isArray(allowed)) throw new JanusUnavailableError('Janus sent no allowed list');
  return allowed.filter((token): token is string => typeof token === 'string');
}

/** Lets these tokens join the room as publishers; returns the room's whole allowed list. */
export const allowInVideoRoom = (opts: { control: VideoRoomControl; room: number; secret: string; tokens: string[] }) =>
  changeAllowed({ ...opts, action: 'add' });

/**
 * Takes tokens off the room's allowed list, so they cannot join again;
 * returns the room's whole allowed list. Someone already in the room stays
 * until kicked.
 */
export const disallowInVideoRoom = (opts: { control: VideoRoomControl; room: number; secret: string; tokens: string[] }) =>
  changeAllowed({ ...opts, action: 'remove' });
