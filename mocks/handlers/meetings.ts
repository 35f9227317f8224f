import { ws, type HttpHandler, type WebSocketHandler } from 'msw';
import {
  clientMessageSchema, createMeetingBody, meetingCodeParams, meetingEndpoints, SIGNAL_PATH, signalCloseCodes,
  type Meeting, type ServerMessage,
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
  return [
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
 * It checks the join like the API (token, membership) and answers pings, so
 * the meeting page can be worked on with only one's own tile.
 */
export function meetingSignalHandlers(db: MockDb): WebSocketHandler[] {
  const { view, meetingFor } = meetingAccess(db);
  // Any host, ws: or wss:; msw drops the URL's trailing slash before matching, hence the optional one.
  const link = ws.link(new RegExp(`/api/v1/${SIGNAL_PATH.replace(/\/$/, '')}/?$`));
  return [
    link.addEventListener('connection', ({ client }) => {
      let joined = false;
      const send = (message: ServerMessage) => client.send(JSON.stringify(message));
      client.addEventListener('message', (event) => {
        let json: unknown;
        try {
          json = typeof event.data === 'string' ? JSON.parse(event.data) : null;
        } catch {
          json = null;
        }
        const parsed = clientMessageSchema.safeParse(json);
        if (!parsed.success) {
          send({ type: 'error', code: 'invalid_message', message: 'That message could not be read.' });
          return;
        }
        const message = parsed.data;
        if (message.type === 'join') {
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
          joined = true;
          send({
            type: 'welcome',
            peer_id: globalThis.crypto.randomUUID(),
            meeting: view(meeting),
            ice_servers: [],
            ice_transport_policy: 'all',
            participants: [],
          });
        } else if (!joined) {
          client.close(signalCloseCodes.policy, 'Join first.');
        } else if (message.type === 'ping') {
          send({ type: 'pong' });
        } else if (message.type === 'leave') {
          client.close(signalCloseCodes.left, 'Left');
        }
      });
    }),
  ];
}
