import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type MeetingSettings } from '../../config';
import { createLocalMeetingBus } from '../../meetings/local-meeting-bus';
import type { BusEvent, MeetingBus } from '../../meetings/meeting-bus';
import { createSignallingService } from '../../meetings/signalling-service';
import { signUpWithHub, signUpWithProfile, startTestServer, type TestServer } from '../../test/harness';
import { appOriginOf, handshakeStatus, openSignalling, type SignallingTestClient } from '../../test/signalling-client';

const meetingSettings = (changes: Partial<MeetingSettings>): MeetingSettings => ({
  ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'unused-in-this-test-0123456789' }).meetings,
  ...changes,
});

interface Person { token: string; handle: string; name: string; user: { id: string } }

let server: TestServer;
let owner: Person;
let member: Person;
let outsider: Person;
const open: SignallingTestClient[] = [];

async function connect() {
  const client = await openSignalling(server);
  open.push(client);
  return client;
}

async function startMeeting(person: Person = owner) {
  const started = await server.post<{ data: { code: string } }>('meetings/', {}, { token: person.token, hubHandle: person.handle });
  expect(started.status).toBe(201);
  return started.body.data.code;
}

beforeAll(async () => {
  server = await startTestServer({
    meetings: meetingSettings({
      heartbeatMs: 300,
      joinTimeoutMs: 500,
      maxParticipants: 3,
      messagesPerSecond: 20,
      messageBurst: 60,
      stunUrls: ['stun:stun.example.org:3478'],
      turnUrls: ['turn:turn.example.org:3478?transport=udp'],
      turnSecret: 'turn-shared-secret',
    }),
  });
  owner = await signUpWithHub(server, { name: 'Olga Owner', visibility: 'public' });
  outsider = await signUpWithHub(server, { name: 'Otto Outsider' });
  const joiner = await signUpWithProfile(server, { name: 'Mina Member' });
  expect((await server.post(`organizations/${owner.handle}/join/`, {}, { token: joiner.token })).status).toBe(200);
  member = { ...joiner, handle: owner.handle };
});
afterAll(async () => {
  for (const client of open) client.close();
  await server.close();
});

describe('a meeting over signalling', () => {
  it('introduces participants, relays offers and candidates, shares media state, and says goodbye', async () => {
    const code = await startMeeting();
    const olga = await connect();
    const first = await olga.join(owner.token, code);
    expect(first.participants).toEqual([]);
    expect(first.meeting.code).toBe(code);

    const mina = await connect();
    const second = await mina.join(member.token, code, { audio: false, video: true, screen: null });
    expect(second.participants).toEqual([{
      peer_id: first.peer_id, user: { id: owner.user.id, name: 'Olga Owner' }, state: { audio: true, video: true, screen: null }, host: true, hand_raised_at: null,
    }]);
    expect(second.self).toMatchObject({ peer_id: second.peer_id, user: { id: member.user.id }, host: false, hand_raised_at: null });
    const joined = await olga.next('peer-joined');
    expect(joined.participant).toMatchObject({ peer_id: second.peer_id, user: { name: 'Mina Member' }, state: { audio: false } });

    mina.send({ type: 'signal', to: first.peer_id, description: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await olga.next('signal')).toEqual({ type: 'signal', from: second.peer_id, description: { type: 'offer', sdp: 'v=0 offer' } });
    olga.send({ type: 'signal', to: second.peer_id, candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } });
    expect((await mina.next('signal')).candidate?.candidate).toContain('typ host');

    olga.send({ type: 'state', state: { audio: false, video: false, screen: null } });
    expect(await mina.next('peer-state')).toEqual({ type: 'peer-state', peer_id: first.peer_id, state: { audio: false, video: false, screen: null } });

    // Someone joining late is told about everyone, with their current state.
    const late = await connect();
    const third = await late.join(owner.token, code);
    expect(third.participants.map((p) => p.peer_id).sort()).toEqual([first.peer_id, second.peer_id].sort());
    expect(third.participants.find((p) => p.peer_id === first.peer_id)?.state).toEqual({ audio: false, video: false, screen: null });

    mina.send({ type: 'leave' });
    expect((await mina.closed).code).toBe(1000);
    expect(await olga.next('peer-left')).toEqual({ type: 'peer-left', peer_id: second.peer_id });
    expect((await late.next('peer-left')).peer_id).toBe(second.peer_id);
  });

  it('hands out STUN and short-lived TURN credentials in the welcome', async () => {
    const client = await connect();
    const welcome = await client.join(member.token, await startMeeting());
    expect(welcome.ice_transport_policy).toBe('all');
    const [stun, turn] = welcome.ice_servers;
    expect(stun).toEqual({ urls: ['stun:stun.example.org:3478'] });
    expect(turn?.urls).toEqual(['turn:turn.example.org:3478?transport=udp']);
    const [expiry, userId] = turn!.username!.split(':');
    expect(userId).toBe(member.user.id);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(60 * 60);
  });

  it('keeps meetings apart: a signal addressed to a participant of another meeting is dropped', async () => {
    const a = await connect();
    const inA = await a.join(owner.token, await startMeeting());
    const b = await connect();
    const inB = await b.join(member.token, await startMeeting());
    b.send({ type: 'signal', to: inA.peer_id, description: { type: 'offer', sdp: 'v=0 stray' } });
    b.send({ type: 'ping' });
    await b.next('pong');
    await expect(a.next('signal', 300)).rejects.toThrow(/no signal/);
    expect(inB.participants).toEqual([]);
  });

  it('turns away a participant once the meeting is full', async () => {
    const code = await startMeeting();
    for (let i = 0; i < 3; i++) await (await connect()).join(member.token, code);
    const fourth = await connect();
    fourth.send({ type: 'join', token: owner.token, code, state: { audio: true, video: true, screen: null } });
    expect(await fourth.next('error')).toMatchObject({ code: 'meeting_full' });
    expect((await fourth.closed).code).toBe(4409);
  });

  it('removes a participant whose connection goes silent within a few heartbeats', async () => {
    const code = await startMeeting();
    const staying = await connect();
    await staying.join(owner.token, code);
    const dropping = await connect();
    const gone = await dropping.join(member.token, code);
    await staying.next('peer-joined');
    // A lost network: nothing arrives and nothing is answered, but no close is ever sent.
    const raw = (dropping.ws as unknown as { _socket: Socket })._socket;
    raw.pause();
    dropping.ws.pong = () => undefined;
    const started = Date.now();
    expect((await staying.next('peer-left', 5_000)).peer_id).toBe(gone.peer_id);
    expect(Date.now() - started).toBeLessThan(2_000);
    raw.destroy();
  });
});

describe('a participant on another node answering the roll call while the join is still under way', () => {
  // Over Redis, another node's answer to the roll call can arrive while the
  // joiner's own "joined" is being published. This bus delivers it exactly then.
  const elsewhere = {
    peer_id: 'peer-on-another-node', user: { id: 'user-elsewhere', name: 'Eli Elsewhere' }, state: { audio: true, video: true, screen: null }, host: false, hand_raised_at: null,
  };
  function busWithAnswerDuringJoin(): MeetingBus {
    const bus = createLocalMeetingBus();
    const listeners = new Map<string, (event: BusEvent) => void>();
    return {
      async publish(meetingId, event) {
        if (event.kind === 'joined') listeners.get(meetingId)?.({ kind: 'present', node: 'another-node', participants: [elsewhere], removed: [] });
        await bus.publish(meetingId, event);
      },
      async subscribe(meetingId, onEvent) {
        listeners.set(meetingId, onEvent);
        return bus.subscribe(meetingId, onEvent);
      },
      close: () => bus.close(),
    };
  }

  it('is told to the joiner after its welcome, never before it', async () => {
    const node = await startTestServer({}, {
      signalling: createSignallingService({ bus: busWithAnswerDuringJoin(), maxParticipants: 8, presenceIntervalMs: 60_000 }),
    });
    try {
      const host = await signUpWithHub(node, { name: 'Hana Host' });
      const code = (await node.post<{ data: { code: string } }>('meetings/', {}, { token: host.token, hubHandle: host.handle })).body.data.code;
      const client = await openSignalling(node);
      open.push(client);
      const order: string[] = [];
      client.ws.on('message', (data) => order.push((JSON.parse(String(data)) as { type: string }).type));
      await client.join(host.token, code);
      expect((await client.next('peer-joined')).participant.peer_id).toBe(elsewhere.peer_id);
      // The browser starts reading the meeting at the welcome: it must come first.
      expect(order).toEqual(['welcome', 'peer-joined']);
    } finally {
      await node.close();
    }
  });
});

describe('signalling refuses', () => {
  it('a socket that never joins', async () => {
    const idle = await connect();
    expect(await idle.next('error', 2_000)).toMatchObject({ code: 'join_timeout' });
    expect((await idle.closed).code).toBe(4408);
  });

  it.each([
    ['no token', ''],
    ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.bad-signature'],
    ['garbage', 'not-a-token'],
  ])('a join with %s', async (_name, token) => {
    const client = await connect();
    client.send({ type: 'join', token, code: await startMeeting(), state: { audio: true, video: true, screen: null } });
    const error = await client.next('error');
    // An empty token does not even parse; the others are refused as unauthenticated.
    expect(['invalid_message', 'unauthenticated']).toContain(error.code);
    if (error.code === 'invalid_message') client.send({ type: 'signal', to: crypto.randomUUID(), candidate: null });
    expect((await client.closed).code).toBe(4401);
  });

  it('a signed-out session', async () => {
    const person = await signUpWithProfile(server);
    expect((await server.post(`organizations/${owner.handle}/join/`, {}, { token: person.token })).status).toBe(200);
    expect((await server.post('auth/logout/', {}, { token: person.token })).status).toBe(200);
    const client = await connect();
    client.send({ type: 'join', token: person.token, code: await startMeeting(), state: { audio: true, video: true, screen: null } });
    expect(await client.next('error')).toMatchObject({ code: 'unauthenticated' });
    expect((await client.closed).code).toBe(4401);
  });

  it('anything before join', async () => {
    const client = await connect();
    client.send({ type: 'state', state: { audio: true, video: true, screen: null } });
    expect((await client.closed).code).toBe(4401);
  });

  it('a member of another hub, exactly like a meeting that does not exist', async () => {
    const code = await startMeeting();
    const theirs = await connect();
    theirs.send({ type: 'join', token: outsider.token, code, state: { audio: true, video: true, screen: null } });
    const missing = await connect();
    missing.send({ type: 'join', token: outsider.token, code: 'zzz-zzzz-zzz', state: { audio: true, video: true, screen: null } });
    const [a, b] = [await theirs.next('error'), await missing.next('error')];
    expect(a).toEqual(b);
    expect(a.code).toBe('not_found');
    expect((await theirs.closed).code).toBe(4404);
    expect((await missing.closed).code).toBe(4404);
  });

  it('malformed messages, answering each without dropping the participant', async () => {
    const client = await connect();
    const code = await startMeeting();
    await client.join(member.token, code);
    for (const bad of ['{', '[]', 'null', JSON.stringify({ type: 'signal', to: 'not-a-peer' }), JSON.stringify({ type: 'shout' }), JSON.stringify({ type: 'state', state: { audio: 'yes' } })]) {
      client.sendRaw(bad);
      expect(await client.next('error')).toMatchObject({ code: 'invalid_message' });
    }
    client.sendRaw(Buffer.from([0, 1, 2]));
    expect(await client.next('error')).toMatchObject({ code: 'invalid_message' });
    client.send({ type: 'ping' });
    await client.next('pong');
  });

  it('an oversized message, closing only that socket', async () => {
    const client = await connect();
    await client.join(member.token, await startMeeting());
    client.send({ type: 'signal', to: crypto.randomUUID(), description: { type: 'offer', sdp: 'x'.repeat(70 * 1024) } });
    expect((await client.closed).code).toBe(1009);
  });

  it('a flood, closing the flooder while the others carry on', async () => {
    const code = await startMeeting();
    const calm = await connect();
    await calm.join(owner.token, code);
    const flooder = await connect();
    await flooder.join(member.token, code);
    await calm.next('peer-joined');
    for (let i = 0; i < 500; i++) flooder.send({ type: 'ping' });
    expect((await flooder.closed).code).toBe(1008);
    await calm.next('peer-left');
    calm.send({ type: 'ping' });
    await calm.next('pong');
    expect((await server.get('health/')).status).toBe(200);
  });

  it('too many new connections from one address', async () => {
    const limited = await startTestServer({ meetings: meetingSettings({ connectRateLimitPerMinute: 3 }) });
    try {
      const origin = appOriginOf(limited);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await handshakeStatus(limited.url, { Origin: origin }));
      expect(statuses).toEqual([101, 101, 101, 429]);
    } finally {
      await limited.close();
    }
  });

  it('a handshake from another site\'s page, before upgrading; the app\'s own pages and clients that are not browsers get in', async () => {
    const passkeyOrigin = 'http://convene.localhost:3000';
    const node = await startTestServer({ webauthn: { rpId: 'convene.localhost', origin: passkeyOrigin } });
    try {
      const handshakes: Record<string, Record<string, string>> = {
        app: { Origin: appOriginOf(node) },
        passkeys: { Origin: passkeyOrigin },
        'no origin': {},
        'another site': { Origin: 'https://evil.example' },
        'another port': { Origin: appOriginOf(node).replace(/:\d+$/, ':4000') },
        'a sibling host': { Origin: 'http://evil.localhost:3000' },
        'an opaque origin': { Origin: 'null' },
      };
      const statuses = Object.fromEntries(await Promise.all(Object.entries(handshakes)
        .map(async ([who, headers]) => [who, await handshakeStatus(node.url, headers)] as const)));
      expect(statuses).toEqual({
        app: 101, passkeys: 101, 'no origin': 101,
        'another site': 403, 'another port': 403, 'a sibling host': 403, 'an opaque origin': 403,
      });
      // Any route a handshake is sent to, not only the meetings socket's.
      const health = '/api/v1/health/';
      expect(await handshakeStatus(node.url, { Origin: 'https://evil.example' }, health)).toBe(403);
      expect(await handshakeStatus(node.url, { Origin: appOriginOf(node) }, health)).toBe(101);
    } finally {
      await node.close();
    }
  });
});
