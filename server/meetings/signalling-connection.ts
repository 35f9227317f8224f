import { randomUUID } from 'node:crypto';
import type { WebSocket, RawData } from 'ws';
import {
  CHAT_RATE_LIMIT, CHAT_RATE_WINDOW_MS, clientMessageSchema, signalCloseCodes, type ClientMessage, type ServerMessage, type SignalErrorCode,
} from '../../lib/contract/meetings';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { endAttendance } from '../domain/meetings/end-attendance';
import { findJoinableMeeting } from '../domain/meetings/find-joinable-meeting';
import { listMeetingChat } from '../domain/meetings/list-meeting-chat';
import { saveChatMessage } from '../domain/meetings/save-chat-message';
import { startAttendance } from '../domain/meetings/start-attendance';
import { summarizeMeeting } from '../domain/meetings/summarize-meeting';
import { findLiveSession } from '../domain/sessions/find-live-session';
import { AppError } from '../lib/errors';
import { iceServersFor } from './ice-servers';
import { createMessageRateLimiter, createWindowRateLimiter } from './message-rate-limiter';
import type { SignallingService } from './signalling-service';
import type { JanusSfu } from './sfu/janus-sfu';
import type { SfuPeer } from './sfu/sfu-peer';
import { errorMessages } from '../../lib/contract/error-messages';

/** How often a joined socket's session is checked again, so signing out elsewhere ends the meeting too. */
const SESSION_RECHECK_MS = 30_000;

const REMOVED = 'The host removed you from the meeting.';

/** Reactions one participant may send in REACTION_WINDOW_MS; more are dropped without a word. */
const REACTION_LIMIT = 10;
const REACTION_WINDOW_MS = 5_000;

interface Logger {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface SignallingConnectionOptions {
  socket: WebSocket;
  db: Database;
  config: Config;
  service: SignallingService;
  /** Set when Janus carries meetings' media: each participant then sends to it once instead of to every peer. */
  sfu?: JanusSfu | null;
  logger: Logger;
}

interface Joined {
  hubId: string;
  meetingId: string;
  peerId: string;
  user: { id: string; name: string };
  sessionToken: string;
}

/**
 * One browser's signalling socket. It must first send `join` with its
 * session token and a meeting code it may enter; then it may relay to the
 * meeting's other participants and publish its media state. Every message is
 * size-capped (by the server), rate-limited and parsed with the contract.
 */
export function handleSignallingConnection(opts: SignallingConnectionOptions): void {
  const { socket, db, config, service, sfu, logger } = opts;
  const settings = config.meetings;
  const limiter = createMessageRateLimiter({ perSecond: settings.messagesPerSecond, burst: settings.messageBurst });
  const chatLimiter = createWindowRateLimiter({ limit: CHAT_RATE_LIMIT, windowMs: CHAT_RATE_WINDOW_MS });
  const reactionLimiter = createWindowRateLimiter({ limit: REACTION_LIMIT, windowMs: REACTION_WINDOW_MS });
  let joined: Joined | null = null;
  let media: SfuPeer | null = null;
  let joining = false;
  let closed = false;
  // Messages are handled one at a time, in order: a relay never overtakes the join before it,
  // and the leave queued on close runs after a join still in progress.
  let queue: Promise<void> = Promise.resolve();

  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  // What the meeting tells this participant while its join completes waits for the welcome:
  // the browser reads the meeting from the welcome on, so anything sent before it is lost.
  let beforeWelcome: ServerMessage[] | null = [];
  const deliver = (message: ServerMessage) => {
    if (beforeWelcome) beforeWelcome.push(message);
    else send(message);
  };
  const refuse = (code: SignalErrorCode, message: string, closeCode: number) => {
    send({ type: 'error', code, message });
    close(closeCode, message);
  };
  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    // Close reasons are limited to 123 bytes.
    socket.close(code, reason.slice(0, 120));
  };

  const joinTimer = setTimeout(() => {
    if (!joined) refuse('join_timeout', 'No join message arrived in time.', signalCloseCodes.joinTimeout);
  }, settings.joinTimeoutMs);

  // A browser answers pings by itself; a socket that stops answering has lost its network.
  let alive = true;
  let sinceSessionCheck = 0;
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
    sinceSessionCheck += settings.heartbeatMs;
    if (joined && sinceSessionCheck >= SESSION_RECHECK_MS) {
      sinceSessionCheck = 0;
      const token = joined.sessionToken;
      queue = queue.then(() =>
        findLiveSession({ db, jwtSecret: config.jwtSecret, token }).then(
          () => undefined,
          () => refuse('unauthenticated', 'You have been signed out.', signalCloseCodes.unauthenticated),
        ),
      );
    }
  }, settings.heartbeatMs);
  socket.on('pong', () => {
    alive = true;
  });

  async function join(message: Extract<ClientMessage, { type: 'join' }>) {
    joining = true;
    try {
      const auth = await findLiveSession({ db, jwtSecret: config.jwtSecret, token: message.token });
      const meeting = await findJoinableMeeting({ db, userId: auth.user.id, code: message.code });
      // A socket that closed while its session was checked never enters.
      if (closed) return;
      const peerId = randomUUID();
      const user = { id: auth.user.id, name: auth.user.name };
      const participant = { peer_id: peerId, user, state: message.state, host: meeting.created_by?.id === user.id, hand_raised_at: null };
      const result = await service.join(meeting.id, { participant, send: deliver, kick: () => close(signalCloseCodes.removed, REMOVED) });
      if (!result.ok) {
        if (result.reason === 'removed') close(signalCloseCodes.removed, REMOVED);
        else refuse('meeting_full', 'This meeting is full.', signalCloseCodes.full);
        return;
      }
      const hubId = meeting.organization.id;
      joined = { hubId, meetingId: meeting.id, peerId, user, sessionToken: message.token };
      clearTimeout(joinTimer);
      // Admitted: a place in the meeting's SFU room (should Janus fail, closing the socket takes the participant out again).
      media = sfu
        ? await sfu.join({ meetingId: meeting.id, peerId, send: deliver, onLost: () => close(signalCloseCodes.goingAway, 'The media server lost this connection.') })
        : null;
      await startAttendance({ db, hubId, meetingId: meeting.id, userId: user.id, peerId, node: service.node });
      // Loaded after joining, so nothing sent meanwhile is missed; what arrived both ways is shown once.
      const chat = await listMeetingChat({ db, hubId, meetingId: meeting.id });
      const inHistory = new Set(chat.map((m) => m.id));
      send({
        type: 'welcome',
        peer_id: peerId,
        meeting,
        ice_servers: iceServersFor({ settings, userId: auth.user.id }),
        ice_transport_policy: settings.iceTransportPolicy,
        participants: result.participants,
        self: participant,
        chat,
        ...(media ? { sfu: true } : {}),
      });
      const held = (beforeWelcome ?? []).filter((early) => early.type !== 'chat' || !inHistory.has(early.message.id));
      beforeWelcome = null;
      for (const early of held) send(early);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        refuse('unauthenticated', error.message, signalCloseCodes.unauthenticated);
      } else if (error instanceof AppError && error.status === 404) {
        refuse('not_found', 'This meeting was not found or you are not a member of its hub.', signalCloseCodes.notFound);
      } else if (error instanceof AppError && error.code === 'two_factor_required') {
        // A fixed sentence: a close reason may hold 123 bytes at most, and hub names are longer.
        refuse('not_found', "This meeting's hub requires two-factor sign-in. Set it up to join.", signalCloseCodes.notFound);
      } else {
        logger.error({ err: error }, 'meeting join failed');
        close(1011, 'Something went wrong on our side.');
      }
    } finally {
      joining = false;
    }
  }

  async function handle(message: ClientMessage) {
    if (message.type === 'ping') {
      send({ type: 'pong' });
      return;
    }
    if (!joined) {
      if (message.type === 'join' && !joining) await join(message);
      else refuse('unauthenticated', errorMessages.joinFirst, signalCloseCodes.unauthenticated);
      return;
    }
    switch (message.type) {
      case 'join':
        send({ type: 'error', code: 'invalid_message', message: 'This connection has already joined a meeting.' });
        return;
      case 'signal':
        await service.relay(joined.meetingId, joined.peerId, message.to, { description: message.description, candidate: message.candidate });
        return;
      case 'state':
        await service.setState(joined.meetingId, joined.peerId, message.state);
        return;
      case 'sfu-publish':
      case 'sfu-subscribe-answer':
      case 'sfu-candidate':
      case 'sfu-layer':
      case 'sfu-restart':
        await media?.handle(message);
        return;
      case 'chat': {
        if (!chatLimiter.take()) {
          send({ type: 'error', code: 'chat_rate_limited', message: 'You are sending messages too fast. Wait a moment and try again.' });
          return;
        }
        const { hubId, meetingId, peerId, user } = joined;
        await service.chat(meetingId, await saveChatMessage({ db, hubId, meetingId, user, peerId, text: message.text }));
        return;
      }
      case 'hand':
        await service.setHand(joined.meetingId, joined.peerId, message.raised);
        return;
      case 'reaction':
        if (reactionLimiter.take()) await service.react(joined.meetingId, joined.peerId, message.emoji);
        return;
      case 'mute':
      case 'remove': {
        const act = message.type === 'mute' ? service.mute : service.remove;
        if ((await act(joined.meetingId, joined.peerId, message.peer_id)) === 'forbidden') {
          send({ type: 'error', code: 'forbidden', message: 'Only the host can do that.' });
        }
        return;
      }
      case 'leave':
        close(signalCloseCodes.left, 'Left the meeting.');
    }
  }

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (closed) return;
    if (!limiter.take()) {
      refuse('rate_limited', 'Too many messages.', signalCloseCodes.policy);
      return;
    }
    let message: ClientMessage;
    try {
      if (isBinary) throw new Error('binary');
      const parsed = clientMessageSchema.safeParse(JSON.parse(String(data)));
      if (!parsed.success) throw parsed.error;
      message = parsed.data;
    } catch {
      send({ type: 'error', code: 'invalid_message', message: errorMessages.unreadableMessage });
      return;
    }
    queue = queue.then(() => handle(message)).catch((err: unknown) => {
      logger.warn({ err }, 'a signalling message failed');
    });
  });

  socket.on('close', () => {
    closed = true;
    clearTimeout(joinTimer);
    clearInterval(heartbeat);
    queue = queue.then(async () => {
      await media?.close();
      if (!joined) return;
      const { hubId, meetingId, peerId } = joined;
      await service.leave(meetingId, peerId);
      await endAttendance({ db, hubId, peerId });
      await summarizeMeeting({ db, meetingId, goneAfterMs: service.goneAfterMs });
    }).catch((err: unknown) => {
      logger.error({ err }, 'leaving a meeting failed');
    });
  });
}
