import { JanusUnavailableError } from './errors';
import type { VideoRoomControl } from './video-room-control';

/** How many people may publish at once in one room, unless the setting says otherwise. */
export const JANUS_ROOM_PUBLISHERS = 50;

/** How often (seconds) publishers are asked for a keyframe, so new subscribers and simulcast layer switches get a picture soon. */
const KEYFRAME_INTERVAL_SECONDS = 10;

/**
 * Creates a VideoRoom room that only the API can manage and only admitted
 * people can enter:
 * - `adminKey` is the plugin's admin_key, without which Janus lets nobody create rooms;
 * - `secret` (the room's own) is needed to edit, admit to or destroy it;
 * - `allowed` is the room's list of tokens that may join as publisher (an
 *   empty list still turns the check on, so nobody joins before being admitted);
 * - `pin` is needed by every join, and `require_pvtid` ties each subscription
 *   to a publisher in the room, so nobody can subscribe without having joined;
 * - the room is private: it does not appear in the plugin's room list.
 * Video is VP8, which Chromium and Firefox can simulcast. Returns the room's
 * number (chosen by Janus when `room` is not given).
 */
export async function createVideoRoom(opts: {
  control: VideoRoomControl;
  adminKey: string;
  secret: string;
  pin: string;
  allowed: string[];
  room?: number;
  publishers?: number;
  description?: string;
}): Promise<number> {
  const answer = await opts.control.request({
    request: 'create',
    admin_key: opts.adminKey,
    ...(opts.room === undefined ? {} : { room: opts.room }),
    ...(opts.description === undefined ? {} : { description: opts.description }),
    permanent: false,
    is_private: true,
    secret: opts.secret,
    pin: opts.pin,
    allowed: opts.allowed,
    require_pvtid: true,
    publishers: opts.publishers ?? JANUS_ROOM_PUBLISHERS,
    audiocodec: 'opus',
    videocodec: 'vp8',
    fir_freq: KEYFRAME_INTERVAL_SECONDS,
  });
  const room = answer.room;
  if (answer.videoroom !== 'created' || typeof room !== 'number' || !Number.isSafeInteger(room)) {
    throw new JanusUnavailableError('Janus did not confirm the new room');
  }
  return room;
}
