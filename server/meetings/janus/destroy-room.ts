import type { VideoRoomControl } from './video-room-control';

/** Destroys a room: everyone in it is told and dropped. Needs the room's secret. */
export async function destroyVideoRoom(opts: { control: VideoRoomControl; room: number; secret: string }): Promise<void> {
  await opts.control.request({ request: 'destroy', room: opts.room, secret: opts.secret, permanent: false });
}
