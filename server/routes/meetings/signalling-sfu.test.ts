import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { JanusUnauthorizedError } from '../../meetings/janus/errors';
import { VideoRoomControl } from '../../meetings/janus/video-room-control';
import { signUpWithHub, signUpWithProfile, startTestServer, type TestServer } from '../../test/harness';
import { janusPath, joinVideoRoom, startJanus, type JanusInstance } from '../../test/janus';
import { openSignalling, type SignallingTestClient } from '../../test/signalling-client';

const binary = janusPath();

/** A browser's first offer, as Chromium writes it: Opus audio and VP8 video of one MediaStream. */
function browserOffer(streamId: string): string {
  const fingerprint = createHash('sha256').update(randomBytes(16)).digest('hex').toUpperCase().match(/../g)!.join(':');
  const section = (kind: 'audio' | 'video', mid: string, codec: string) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${codec === 'opus' ? 111 : 96}`,
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:Xy7q',
    'a=ice-pwd:f3Rk9pLm2Qw8ZxCv5Bn1Hj6T',
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    `a=mid:${mid}`,
    'a=sendonly',
    `a=msid:${streamId} ${kind}-track`,
    'a=rtcp-mux',
    codec === 'opus' ? 'a=rtpmap:111 opus/48000/2' : 'a=rtpmap:96 VP8/90000',
    ...(codec === 'opus' ? ['a=fmtp:111 minptime=10;useinbandfec=1'] : ['a=rtcp-fb:96 nack', 'a=rtcp-fb:96 nack pli']),
  ];
  return [
    'v=0', 'o=- 4611731400430051336 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0 1', `a=msid-semantic: WMS ${streamId}`,
    ...section('audio', '0', 'opus'), ...section('video', '1', 'vp8'), '',
  ].join('\r\n');
}

const title = 'meetings carried by Janus';
describe.skipIf(!binary)(binary ? title : `${title} (skipped: no janus binary found; apt-get install janus, or set JANUS_PATH)`, () => {
  let janus: JanusInstance;
  let control: VideoRoomControl;
  let server: TestServer;
  let owner: { token: string; handle: string };
  let member: { token: string; handle: string };
  const open: SignallingTestClient[] = [];

  beforeAll(async () => {
    janus = await startJanus({ binary: binary! });
    control = new VideoRoomControl({ server: janus.api });
    const meetings = loadConfig({
      NODE_ENV: 'test', JWT_SECRET: 'unused-in-this-test-0123456789', JANUS_URL: janus.api.url, JANUS_API_SECRET: janus.api.apiSecret,
      JANUS_ROOM_ADMIN_KEY: janus.roomAdminKey,
    }).meetings;
    server = await startTestServer({ meetings });
    owner = await signUpWithHub(server, { name: 'Olga Owner', visibility: 'public' });
    const joiner = await signUpWithProfile(server, { name: 'Mina Member' });
    expect((await server.post(`organizations/${owner.handle}/join/`, {}, { token: joiner.token })).status).toBe(200);
    member = { ...joiner, handle: owner.handle };
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
    await control?.close();
    await janus?.stop();
  });

  async function joinMeeting(person: { token: string }, code: string) {
    const client = await openSignalling(server);
    open.push(client);
    return { client, welcome: await client.join(person.token, code) };
  }

  /** The meeting's room, found with the plugin's admin key (rooms are private), with who is in it. */
  async function roomWith(peerId: string) {
    const { list } = await control.request({ request: 'list', admin_key: janus.roomAdminKey });
    for (const room of list as Array<{ room: number }>) {
      const { participants } = await control.request({ request: 'listparticipants', room: room.room });
      const displays = (participants as Array<{ display?: string }>).map((p) => p.display);
      if (displays.includes(peerId)) return { id: room.room, displays };
    }
    return null;
  }

  it('admits a participant to the meeting’s room and negotiates their media with Janus over the socket', async () => {
    const started = await server.post<{ data: { code: string } }>('meetings/', {}, { token: owner.token, hubHandle: owner.handle });
    const code = started.body.data.code;
    const olga = await joinMeeting(owner, code);
    expect(olga.welcome.sfu).toBe(true);
    const mina = await joinMeeting(member, code);
    expect(mina.welcome.sfu).toBe(true);

    // Both are in one room, as publishers named by their peer ids.
    const room = await roomWith(olga.welcome.peer_id);
    expect(room?.displays.sort()).toEqual([olga.welcome.peer_id, mina.welcome.peer_id].sort());

    olga.client.send({ type: 'sfu-publish', description: { type: 'offer', sdp: browserOffer('olga-camera') } });
    const answer = await olga.client.next('sfu-answer');
    expect(answer.description.type).toBe('answer');
    expect(answer.description.sdp).toMatch(/a=mid:0[\s\S]*a=recvonly[\s\S]*a=mid:1/);
    expect(answer.description.sdp).toContain('VP8/90000');
    // Candidates go to Janus; a malformed one is Janus's to ignore and the socket stays.
    olga.client.send({ type: 'sfu-candidate', connection: 'publisher', candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 } });
    olga.client.send({ type: 'sfu-candidate', connection: 'publisher', candidate: null });
    olga.client.send({ type: 'ping' });
    await olga.client.next('pong');

    // Leaving takes the participant out of the room; the last one out ends it.
    mina.client.send({ type: 'leave' });
    await mina.client.closed;
    await expect.poll(async () => (await roomWith(olga.welcome.peer_id))?.displays).toEqual([olga.welcome.peer_id]);
    olga.client.send({ type: 'leave' });
    await olga.client.closed;
    await expect.poll(async () => {
      const { list } = await control.request({ request: 'list', admin_key: janus.roomAdminKey });
      return (list as Array<{ room: number }>).some((r) => r.room === room?.id);
    }).toBe(false);
  });

  it('keeps everyone not admitted through the API out of the room', async () => {
    const started = await server.post<{ data: { code: string } }>('meetings/', {}, { token: owner.token, hubHandle: owner.handle });
    const olga = await joinMeeting(owner, started.body.data.code);
    const room = await roomWith(olga.welcome.peer_id);
    expect(room).not.toBeNull();
    const inRoom = { ptype: 'publisher', room: room!.id, display: 'Intruder' };

    // Even with Janus's API secret (a session of its own), without the room's pin and an allowed token nobody joins.
    const attempt = (join: Record<string, unknown>) => joinVideoRoom({ url: janus.api.url, join: { ...inRoom, ...join } });
    const withSecret = (join: Record<string, unknown>) => joinVideoRoom({ url: janus.api.url, apiSecret: janus.api.apiSecret, join: { ...inRoom, ...join } });
    await expect(attempt({})).rejects.toThrow(JanusUnauthorizedError);
    await expect(withSecret({})).rejects.toThrow('Missing mandatory element (pin)');
    await expect(withSecret({ pin: 'guessed', token: 'guessed' })).rejects.toThrow(JanusUnauthorizedError);
    // Subscribing needs the pin and a private id, which only an admitted participant's join gives (and the API keeps).
    await expect(withSecret({ ptype: 'subscriber', pin: 'guessed', streams: [{ feed: 1 }] })).rejects.toThrow(JanusUnauthorizedError);
    await expect(withSecret({ ptype: 'subscriber', pin: 'guessed', private_id: 1, streams: [{ feed: 1 }] })).rejects.toThrow(JanusUnauthorizedError);
    expect((await roomWith(olga.welcome.peer_id))?.displays).toEqual([olga.welcome.peer_id]);
  });
});

describe('the participant limit', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'unused-in-this-test-0123456789' } as const;
  it('is the mesh’s without Janus and the SFU’s with it', () => {
    expect(loadConfig(base).meetings).toMatchObject({ maxParticipants: 8, janus: undefined });
    expect(loadConfig({ ...base, JANUS_URL: 'http://127.0.0.1:8088/janus/' }).meetings).toMatchObject({
      maxParticipants: 50, janus: { url: 'http://127.0.0.1:8088/janus' },
    });
    expect(loadConfig({ ...base, JANUS_URL: 'http://janus/janus', MEETING_SFU_MAX_PARTICIPANTS: '20', MEETING_MAX_PARTICIPANTS: '4' }).meetings.maxParticipants).toBe(20);
  });
});
