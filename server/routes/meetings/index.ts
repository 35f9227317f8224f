import { meetingEndpoints } from '../../../lib/contract/meetings';
import { createMeeting } from '../../domain/meetings/create-meeting';
import { findJoinableMeeting } from '../../domain/meetings/find-joinable-meeting';
import { listLiveMeetings } from '../../domain/meetings/list-live-meetings';
import { ok } from '../../lib/envelope';
import { createJanusSfu } from '../../meetings/sfu/janus-sfu';
import { startAttendanceHeartbeat } from '../../meetings/attendance-heartbeat';
import { handleSignallingConnection } from '../../meetings/signalling-connection';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import { viewerOf } from '../spaces/viewer';

const tags = ['meetings'];

/**
 * Meetings: start one in the active hub, look one up by its code, and the
 * signalling WebSocket, which authenticates with its first message instead of
 * headers (browsers cannot set headers on a WebSocket, and a token in the URL
 * would end up in logs).
 */
export default async function meetingRoutes(app: App) {
  const { db, config, signalling } = app.deps;
  const janus = config.meetings.janus;
  const sfu = janus
    ? createJanusSfu({ settings: janus, roomKey: config.jwtSecret, maxPublishers: config.meetings.maxParticipants, logger: app.log })
    : null;
  app.addHook('onClose', async () => sfu?.close());

  const stopAttendance = startAttendanceHeartbeat({ db, service: signalling, logger: app.log });
  app.addHook('onClose', async () => stopAttendance());

  route(
    app, meetingEndpoints.live,
    async (request) => ok(await listLiveMeetings({
      db, viewer: viewerOf(request), spaceId: request.query.space_id, goneAfterMs: signalling.goneAfterMs,
    }))
  );

  route(app, meetingEndpoints.create, async (request, reply) => {
    const created = await createMeeting({ db, viewer: viewerOf(request), spaceId: request.body.space_id, client: clientInfoOf(request) });
    return reply.status(201).send(ok(created, 'Meeting started.'));
  });

  route(
    app, meetingEndpoints.get,
    async (request) => ok(await findJoinableMeeting({ db, userId: authOf(request).user.id, code: request.params.code }))
  );

  app.get('/signal/', {
    websocket: true,
    config: { rateLimit: { max: config.meetings.connectRateLimitPerMinute, timeWindow: '1 minute' } },
    schema: { tags, summary: 'Meeting signalling WebSocket: send `join` with the session token first (see the contract)' },
  }, (socket) => {
    handleSignallingConnection({ socket, db, config, service: signalling, sfu, logger: app.log });
  });
}
