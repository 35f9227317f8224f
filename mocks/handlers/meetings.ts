import { ws, type HttpHandler, type WebSocketHandler } from 'msw';
import type { LiveMeeting } from '@/lib/contract/home';
import {
  clientMessageSchema, createMeetingBody, liveMeetingsQuery, meetingCodeParams, meetingEndpoints, SIGNAL_PATH, signalCloseCodes,
  type ChatMessage, type Meeting, type Participant, type ServerMessage,
} from '@/lib/contract/meetings';
import { errorMessages } from '@/lib/contract/error-messages';
import type { MockDb, MockMeeting, MockUser } from '../state';
import { answer, authenticate, notFound, ok, parse, parseBody, requireHub } from './respond';

const MEETING = 'That meeting';
const letters = 'abcdefghijklmnopqrstuvwxyz';

function newCode(): string {
  const pick = (n: number) =>
    Array.from(globalThis.crypto.getRandomValues(new Uint8Array(n)), (b) => letters[b % letters.length]).join('');
  return `${pick(3)}-${pick(4)}-${pick(3)}`;
}

/** Who is in each meeting (by meeting id) and what was said there, while the mock runs. */
interface MockRoom {
  participants: Participant[];
  chat: ChatMessage[];
}

const roomsOf = new WeakMap<MockDb, Map<string, MockRoom>>();

function roomsFor(db: MockDb): Map<string, MockRoom> {
  let rooms = roomsOf.get(db);
  if (!rooms) {
    rooms = new Map();
    roomsOf.set(db, rooms);
  }
  return rooms;
}

function roomOf(db: MockDb, meetingId: string): MockRoom {
  const rooms = roomsFor(db);
  let room = rooms.get(meetingId);
  if (!room) {
    room = { participants: [], chat: [] };
    rooms.set(meetingId, room);
  }
  return room;
}

/** Meetings over plain data: started in the active hub, looked up by code by the hub's members. */
function meetingAccess(db: MockDb) {
  const view = (meeting: MockMeeting): Meeting => {
    const hub = db.data.organizations.find((o) => o.id === meeting.hubId);
    const space = meeting.spaceId ? db.data.spaces.find((s) => s.id === meeting.spaceId) : undefined;
    const creator = meeting.createdBy ? db.userById(meeting.createdBy) : undefined;
    return {
      id: meeting.id,
      code: meeting.code,
      organization: {
        id: meeting.hubId,
        name: hub?.name ?? '',
        domain_handle: hub?.domainHandle ?? '',
      },
      space: space ? { id: space.id, name: space.name } : null,
      created_by: creator ? { id: creator.id, name: creator.name } : null,
      created_at: meeting.createdAt,
    };
  };

  /** The meeting, when `user` is a member of its hub; else undefined (a 404). Who may see its space is the API's rule. */
  const meetingFor = (user: MockUser, code: string): MockMeeting | undefined => {
    const meeting = db.data.meetings.find((m) => m.code === code);
    if (!meeting) return undefined;
    const hub = db.data.organizations.find((o) => o.id === meeting.hubId && !o.archivedAt);
    const membership = hub && db.membership(user.id, hub.id);
    return hub && membership ? meeting : undefined;
  };

  return { view, meetingFor };
}

export function meetingHandlers(db: MockDb): HttpHandler[] {
  const { view, meetingFor } = meetingAccess(db);
  const named = (userId: string | null) => {
    const user = userId ? db.userById(userId) : undefined;
    return user ? { id: user.id, name: user.name } : null;
  };
  return [
    // Before `meetings/:code/`, which would take `live` for a code.
    answer(meetingEndpoints.live, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      if (!hub.ok) return hub.response;
      const query = parse(liveMeetingsQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const rooms = roomsFor(db);
      const live: LiveMeeting[] = db.data.meetings
        .filter((m) => m.hubId === hub.organization.id && (!query.data.space_id || m.spaceId === query.data.space_id))
        .flatMap((meeting) => {
          const people = rooms.get(meeting.id)?.participants ?? [];
          if (people.length === 0) return [];
          const space = meeting.spaceId ? db.data.spaces.find((s) => s.id === meeting.spaceId) : undefined;
          return [{
            code: meeting.code,
            space: space ? { id: space.id, name: space.name } : null,
            started_by: named(meeting.createdBy),
            started_at: meeting.createdAt,
            participant_count: people.length,
            participants: people.map((p) => p.user),
          }];
        })
        .reverse();
      return ok(live);
    }),

    answer(meetingEndpoints.create, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, createMeetingBody);
      if (!body.ok) return body.response;
      const spaceId = body.data.space_id ?? null;
      if (spaceId) {
        const space = db.data.spaces.find((s) => s.id === spaceId && s.hubId === hub.organization.id);
        if (!space) return notFound('That space');
      }
      let code = newCode();
      while (db.data.meetings.some((m) => m.code === code)) code = newCode();
      const meeting: MockMeeting = {
        id: db.newId(),
        code,
        hubId: hub.organization.id,
        spaceId,
        createdBy: auth.user.id,
        createdAt: db.now(),
      };
      db.data.meetings.push(meeting);
      return ok(view(meeting), { status: 201 });
    }),

    answer(meetingEndpoints.get, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const parsed = parse(meetingCodeParams, params);
      if (!parsed.ok) return notFound(MEETING);
      const meeting = meetingFor(auth.user, parsed.data.code);
      return meeting ? ok(view(meeting)) : notFound(MEETING);
    }),
  ];
}

/**
 * The signalling socket, for mock mode: a meeting where one is always alone.
 * It checks the join like the API (token, membership), answers pings and
 * hands chat, hands and reactions back, so the meeting page can be worked on
 * with only one's own tile. Who may mute or remove whom is the API's rule.
 */
export function meetingSignalHandlers(db: MockDb): WebSocketHandler[] {
  const { view, meetingFor } = meetingAccess(db);
  // Any host, ws: or wss:; msw drops the URL's trailing slash before matching, hence the optional one.
  const link = ws.link(new RegExp(`/api/v1/${SIGNAL_PATH.replace(/\/$/, '')}/?$`));
  return [
    link.addEventListener('connection', ({ client }) => {
      let self: Participant | null = null;
      let room: MockRoom | null = null;
      const send = (message: ServerMessage) => client.send(JSON.stringify(message));
      const leave = () => {
        if (room && self) room.participants = room.participants.filter((p) => p !== self);
      };
      client.addEventListener('close', leave);
      client.addEventListener('message', (event) => {
        let json: unknown;
        try {
          json = typeof event.data === 'string' ? JSON.parse(event.data) : null;
        } catch {
          json = null;
        }
        const parsed = clientMessageSchema.safeParse(json);
        if (!parsed.success) {
          send({ type: 'error', code: 'invalid_message', message: errorMessages.unreadableMessage });
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') {
          send({ type: 'pong' });
        } else if (message.type === 'join') {
          const user = db.userForToken(message.token);
          if (!user) {
            client.close(signalCloseCodes.unauthenticated, errorMessages.unauthenticated);
            return;
          }
          const meeting = meetingFor(user, message.code);
          if (!meeting) {
            client.close(signalCloseCodes.notFound, errorMessages.notFound(MEETING));
            return;
          }
          room = roomOf(db, meeting.id);
          self = {
            peer_id: globalThis.crypto.randomUUID(),
            user: { id: user.id, name: user.name },
            state: message.state,
            host: meeting.createdBy === user.id,
            hand_raised_at: null,
          };
          room.participants.push(self);
          send({
            type: 'welcome',
            peer_id: self.peer_id,
            meeting: view(meeting),
            ice_servers: [],
            ice_transport_policy: 'all',
            participants: [self],
            self,
            chat: room.chat,
          });
        } else if (!self || !room) {
          send({ type: 'error', code: 'unauthenticated', message: errorMessages.joinFirst });
          client.close(signalCloseCodes.unauthenticated, errorMessages.joinFirst);
        } else if (message.type === 'chat') {
          const chat: ChatMessage = { id: db.newId(), peer_id: self.peer_id, user: self.user, text: message.text, sent_at: db.now() };
          room.chat.push(chat);
          send({ type: 'chat', message: chat });
        } else if (message.type === 'hand') {
          self.hand_raised_at = message.raised ? (self.hand_raised_at ?? db.now()) : null;
          send({ type: 'peer-hand', peer_id: self.peer_id, hand_raised_at: self.hand_raised_at });
        } else if (message.type === 'reaction') {
          send({ type: 'reaction', peer_id: self.peer_id, emoji: message.emoji });
        } else if (message.type === 'state') {
          self.state = message.state;
        } else if (message.type === 'leave') {
          leave();
          client.close(signalCloseCodes.left, 'Left');
        }
      });
    }),
  ];
}
