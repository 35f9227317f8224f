import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { janusPath, joinVideoRoom, startJanus, type JanusInstance } from '../../test/janus';
import { addJanusToken, removeJanusToken } from './admin-tokens';
import { createVideoRoom, JANUS_ROOM_PUBLISHERS } from './create-room';
import { destroyVideoRoom } from './destroy-room';
import { JanusRoomNotFoundError, JanusTimeoutError, JanusUnauthorizedError, JanusUnavailableError } from './errors';
import { kickFromVideoRoom } from './kick-participant';
import { allowInVideoRoom, disallowInVideoRoom } from './room-allowed';
import { pluginRequest } from './session';
import { VideoRoomControl } from './video-room-control';

const secret = () => randomBytes(16).toString('base64url');
const binary = janusPath();

const title = 'rooms on Janus the API creates and guards';
describe.skipIf(!binary)(binary ? title : `${title} (skipped: no janus binary found; apt-get install janus, or set JANUS_PATH)`, () => {
  let janus: JanusInstance;
  let control: VideoRoomControl;

  beforeAll(async () => {
    janus = await startJanus({ binary: binary! });
    control = new VideoRoomControl({ server: janus.api });
  });
  afterAll(async () => {
    await control?.close();
    await janus?.stop();
  });

  /** A room with its secret and pin, as the API would create one for a meeting. */
  async function newRoom() {
    const room = { secret: secret(), pin: secret() };
    return { ...room, id: await createVideoRoom({ control, adminKey: janus.roomAdminKey, allowed: [], ...room }) };
  }

  /** What the API does when it admits someone: a Janus token, and that token on the room's allowed list. */
  async function admit(room: { id: number; secret: string }) {
    const token = secret();
    await addJanusToken({ admin: janus.admin, token });
    expect(await allowInVideoRoom({ control, room: room.id, secret: room.secret, tokens: [token] })).toContain(token);
    return token;
  }

  const joinAsPublisher = (opts: { room: { id: number; pin: string }; token?: string; pin?: string }) =>
    joinVideoRoom({
      url: janus.api.url,
      token: opts.token,
      join: { ptype: 'publisher', room: opts.room.id, pin: opts.pin ?? opts.room.pin, token: opts.token, display: 'Participant' },
    });

  it('creates a private room with the publisher limit, VP8 and the pin, that only the admin key creates', async () => {
    const room = await newRoom();
    const listed = await control.request({ request: 'list', admin_key: janus.roomAdminKey });
    expect(listed.list).toContainEqual(
      expect.objectContaining({
        room: room.id,
        is_private: true,
        pin_required: true,
        require_pvtid: true,
        max_publishers: JANUS_ROOM_PUBLISHERS,
        videocodec: 'vp8',
        fir_freq: 10,
      }),
    );
    await expect(createVideoRoom({ control, adminKey: 'not-the-key', secret: secret(), pin: secret(), allowed: [] })).rejects.toThrow(
      JanusUnauthorizedError,
    );
  });

  it('lets an admitted token join as publisher, and refuses everyone else', async () => {
    const room = await newRoom();
    const admitted = await admit(room);
    // Admitted to another meeting: Janus knows the token, this room does not.
    const elsewhere = secret();
    await addJanusToken({ admin: janus.admin, token: elsewhere });

    const publisher = await joinAsPublisher({ room, token: admitted });
    expect(publisher.joined).toMatchObject({ videoroom: 'joined', room: room.id, publishers: [] });

    await expect(joinAsPublisher({ room, token: elsewhere })).rejects.toThrow(JanusUnauthorizedError);
    await expect(joinAsPublisher({ room, token: admitted, pin: 'wrong' })).rejects.toThrow(JanusUnauthorizedError);
    // Without a token Janus does not even open a session.
    await expect(joinAsPublisher({ room })).rejects.toThrow(JanusUnauthorizedError);
    await expect(joinAsPublisher({ room, token: 'made-up' })).rejects.toThrow(JanusUnauthorizedError);
    // Subscribing needs the pin too (and a publisher's private id, which only joining gives).
    await expect(
      joinVideoRoom({
        url: janus.api.url,
        token: elsewhere,
        join: { ptype: 'subscriber', room: room.id, pin: 'wrong', streams: [{ feed: publisher.joined.id }] },
      }),
    ).rejects.toThrow(JanusUnauthorizedError);
    // The room is private: not in the room list a participant's session can ask for.
    const listed = await pluginRequest({
      server: { url: janus.api.url, token: admitted },
      sessionId: publisher.sessionId,
      handleId: publisher.handleId,
      body: { request: 'list' },
    });
    expect(listed.list).toEqual(expect.not.arrayContaining([expect.objectContaining({ room: room.id })]));
  });

  it('puts a removed participant out and keeps them out: off the allowed list, token revoked, kicked', async () => {
    const room = await newRoom();
    const token = await admit(room);
    const publisher = await joinAsPublisher({ room, token });

    expect(await disallowInVideoRoom({ control, room: room.id, secret: room.secret, tokens: [token] })).toEqual([]);
    await kickFromVideoRoom({ control, room: room.id, secret: room.secret, participant: Number(publisher.joined.id) });
    const events = await publisher.nextEvents();
    expect(events.map((event) => event.plugindata?.data)).toContainEqual(expect.objectContaining({ leaving: 'ok', reason: 'kicked' }));
    const inRoom = await control.request({ request: 'listparticipants', room: room.id });
    expect(inRoom.participants).toEqual([]);
    await removeJanusToken({ admin: janus.admin, token });
    // A revoked token reads no more events either, even on a session it opened before.
    await expect(publisher.nextEvents()).rejects.toThrow(JanusUnauthorizedError);

    await expect(joinAsPublisher({ room, token })).rejects.toThrow(JanusUnauthorizedError);
    // Revoking again is harmless (leaving and the meeting ending may both revoke).
    await removeJanusToken({ admin: janus.admin, token });
    // Changing the allowed list needs the room's secret.
    await expect(allowInVideoRoom({ control, room: room.id, secret: 'wrong', tokens: [token] })).rejects.toThrow(JanusUnauthorizedError);
  });

  it('destroys a room with its secret only, dropping whoever is in it', async () => {
    const room = await newRoom();
    const token = await admit(room);
    const publisher = await joinAsPublisher({ room, token });

    await expect(destroyVideoRoom({ control, room: room.id, secret: 'wrong' })).rejects.toThrow(JanusUnauthorizedError);
    await destroyVideoRoom({ control, room: room.id, secret: room.secret });
    const events = await publisher.nextEvents();
    expect(events.map((event) => event.plugindata?.data)).toContainEqual(expect.objectContaining({ videoroom: 'destroyed', room: room.id }));

    await expect(joinAsPublisher({ room, token })).rejects.toThrow(JanusRoomNotFoundError);
    await expect(destroyVideoRoom({ control, room: room.id, secret: room.secret })).rejects.toThrow(JanusRoomNotFoundError);
  });

  it('opens a new session when Janus has forgotten the API’s one', async () => {
    await newRoom();
    // Janus ends every session, as after a restart or a missed keepalive.
    const admin = async (path: string, body: Record<string, unknown>) => {
      const response = await fetch(`${janus.admin.url}${path}`, {
        method: 'POST',
        body: JSON.stringify({ ...body, transaction: secret(), admin_secret: janus.admin.adminSecret }),
      });
      return (await response.json()) as { janus: string; sessions?: number[] };
    };
    const { sessions = [] } = await admin('', { janus: 'list_sessions' });
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) expect((await admin(`/${session}`, { janus: 'destroy_session' })).janus).toBe('success');

    const room = await newRoom();
    expect(Number.isSafeInteger(room.id)).toBe(true);
  });
});

describe('talking to a Janus that is not there', () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts requests and never answers them.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/janus`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('gives up after the timeout with a timeout error', async () => {
    const control = new VideoRoomControl({ server: { url: silentUrl, apiSecret: 'x', timeoutMs: 200 } });
    const started = Date.now();
    await expect(control.request({ request: 'list' })).rejects.toThrow(JanusTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports an address where nothing listens as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const control = new VideoRoomControl({ server: { url: `http://127.0.0.1:${port}/janus`, apiSecret: 'x' } });
    await expect(control.request({ request: 'list' })).rejects.toThrow(JanusUnavailableError);
  });
});
