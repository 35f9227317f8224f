import type { ServerMessage } from '../../../lib/contract/meetings';
import type { JanusSettings } from '../../config';
import { createVideoRoom } from '../janus/create-room';
import { destroyVideoRoom } from '../janus/destroy-room';
import { JanusRoomExistsError, JanusRoomNotFoundError } from '../janus/errors';
import { allowInVideoRoom, disallowInVideoRoom } from '../janus/room-allowed';
import { VideoRoomControl } from '../janus/video-room-control';
import { sfuRoomFor } from './room-credentials';
import { SfuPeer } from './sfu-peer';

interface Logger {
  warn(obj: object, message: string): void;
}

export interface JanusSfuOptions {
  settings: JanusSettings;
  /** The key every API node shares, from which each meeting's room number, secret and pin are derived. */
  roomKey: Uint8Array;
  /** People one room takes (MEETING_SFU_MAX_PARTICIPANTS). */
  maxPublishers: number;
  logger: Logger;
}

/**
 * Meetings carried by Janus: one VideoRoom per meeting, created when its
 * first participant on this node arrives and destroyed when the last one
 * anywhere leaves, and one SfuPeer per participant. Admission is the
 * signalling join's: only then does a participant's token go on the room's
 * allowed list, and it comes off again when they leave or are removed.
 */
export function createJanusSfu(opts: JanusSfuOptions) {
  const server = { url: opts.settings.url, apiSecret: opts.settings.apiSecret };
  const control = new VideoRoomControl({ server });
  /** Participants per meeting on this node; room changes of one meeting run one after another. */
  const meetings = new Map<string, { peers: Set<SfuPeer>; queue: Promise<unknown> }>();

  const serially = <T>(meetingId: string, task: () => Promise<T>): Promise<T> => {
    let meeting = meetings.get(meetingId);
    if (!meeting) {
      meeting = { peers: new Set(), queue: Promise.resolve() };
      meetings.set(meetingId, meeting);
    }
    const run = meeting.queue.then(task, task);
    meeting.queue = run.catch(() => undefined);
    return run;
  };

  async function ensureRoom(meetingId: string) {
    const room = sfuRoomFor({ key: opts.roomKey, meetingId });
    try {
      await createVideoRoom({
        control, adminKey: opts.settings.roomAdminKey ?? '', room: room.id, secret: room.secret, pin: room.pin, allowed: [],
        publishers: opts.maxPublishers,
      });
    } catch (error) {
      // Another participant (maybe on another node) made it first.
      if (!(error instanceof JanusRoomExistsError)) throw error;
    }
    return room;
  }

  return {
    /**
     * Lets an admitted participant into the meeting's room and returns their
     * SfuPeer; Janus's answers and offers for them go out through `send`.
     */
    join(args: { meetingId: string; peerId: string; send(message: ServerMessage): void; onLost(): void }): Promise<SfuPeer> {
      return serially(args.meetingId, async () => {
        const token = SfuPeer.newToken();
        let room = await ensureRoom(args.meetingId);
        try {
          await allowInVideoRoom({ control, room: room.id, secret: room.secret, tokens: [token] });
        } catch (error) {
          // The last participant elsewhere destroyed it meanwhile.
          if (!(error instanceof JanusRoomNotFoundError)) throw error;
          room = await ensureRoom(args.meetingId);
          await allowInVideoRoom({ control, room: room.id, secret: room.secret, tokens: [token] });
        }
        // Runs once the peer has closed, after whatever this meeting is doing now.
        const release = () => serially(args.meetingId, async () => {
          await disallowInVideoRoom({ control, room: room.id, secret: room.secret, tokens: [token] }).catch(() => undefined);
          const meeting = meetings.get(args.meetingId);
          meeting?.peers.delete(peer);
          if (meeting && meeting.peers.size > 0) return;
          meetings.delete(args.meetingId);
          // Participants of other nodes may still be in the room. Janus drops a
          // destroyed session's publisher a moment later, so the one leaving may still be listed.
          const listed = await control.request({ request: 'listparticipants', room: room.id }).catch(() => null);
          const others = Array.isArray(listed?.participants)
            ? (listed.participants as Array<{ display?: string }>).filter((p) => p.display !== args.peerId)
            : null;
          if (others?.length === 0) {
            await destroyVideoRoom({ control, room: room.id, secret: room.secret }).catch(() => undefined);
          }
        });
        const peer = new SfuPeer({
          server, room, token, peerId: args.peerId, send: args.send, onLost: args.onLost, onClosed: () => void release(), logger: opts.logger,
        });
        meetings.get(args.meetingId)?.peers.add(peer);
        try {
          await peer.start();
        } catch (error) {
          await peer.close();
          throw error;
        }
        return peer;
      });
    },

    async close(): Promise<void> {
      for (const meeting of meetings.values()) for (const peer of meeting.peers) await peer.close();
      await control.close();
    },
  };
}

export type JanusSfu = ReturnType<typeof createJanusSfu>;
