import type { VideoRoomControl } from './video-room-control';

/**
 * Puts a participant (its id in the room, from its join) out of the room: its
 * publisher connection is closed, and, the rooms requiring private ids, its
 * subscriptions stop getting media. To keep them out, take their token off the
 * allowed list and revoke it first. Needs the room's secret.
 */
export async function kickFromVideoRoom(opts: { control: VideoRoomControl; room: number; secret: string; participant: number }): Promise<void> {
  await opts.control.request({ request: 'kick', room: opts.room, secret: opts.secret, id: opts.participant });
}
