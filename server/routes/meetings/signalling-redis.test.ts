import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisMeetingBus } from '../../meetings/redis-meeting-bus';
import { createSignallingService, type SignallingService } from '../../meetings/signalling-service';
import type { MeetingBus } from '../../meetings/meeting-bus';
import { signUpWithHub, signUpWithProfile, startSecondNode, startTestServer, type TestServer } from '../../test/harness';
import { openSignalling, type SignallingTestClient } from '../../test/signalling-client';
import { TEST_REDIS_URL, testRedisReachable } from '../../test/redis';

// Two API nodes over one database, meeting through the machine's Redis.
const reachable = await testRedisReachable();
const PRESENCE_MS = 200;

const silent = { warn: () => undefined };
const prefix = `convene-test-${randomUUID()}:`;

async function redisSignalling(): Promise<{ service: SignallingService; bus: MeetingBus }> {
  const bus = await createRedisMeetingBus({ url: TEST_REDIS_URL, prefix, logger: silent });
  return { bus, service: createSignallingService({ bus, maxParticipants: 8, presenceIntervalMs: PRESENCE_MS }) };
}

describe.skipIf(!reachable)('signalling across two API nodes through Redis', () => {
  let nodeA: TestServer;
  let nodeB: { url: string; close: () => Promise<void> };
  let busB: MeetingBus;
  let owner: { token: string; handle: string; user: { id: string } };
  let member: { token: string; user: { id: string } };
  const open: SignallingTestClient[] = [];
  const connect = async (url: string) => {
    const client = await openSignalling({ url, config: nodeA.config });
    open.push(client);
    return client;
  };
  const startMeeting = async () =>
    (await nodeA.post<{ data: { code: string } }>('meetings/', {}, { token: owner.token, hubHandle: owner.handle })).body.data.code;

  beforeAll(async () => {
    nodeA = await startTestServer({}, { signalling: (await redisSignalling()).service });
    const second = await redisSignalling();
    busB = second.bus;
    nodeB = await startSecondNode(nodeA, second.service);
    owner = await signUpWithHub(nodeA, { name: 'Ada on A', visibility: 'public' });
    member = await signUpWithProfile(nodeA, { name: 'Ben on B' });
    expect((await nodeA.post(`organizations/${owner.handle}/join/`, {}, { token: member.token })).status).toBe(200);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('introduces, relays and says goodbye between participants on different nodes', async () => {
    const code = await startMeeting();
    const ada = await connect(nodeA.url);
    const onA = await ada.join(owner.token, code);
    const ben = await connect(nodeB.url);
    const onB = await ben.join(member.token, code);

    // B learns of A through the roll call: in its welcome when A's answer came first, else as peer-joined. A learns of B through the join.
    const toldOfAda = onB.participants.some((p) => p.peer_id === onA.peer_id) ? onA.peer_id : (await ben.next('peer-joined')).participant.peer_id;
    expect(toldOfAda).toBe(onA.peer_id);
    expect((await ada.next('peer-joined')).participant).toMatchObject({ peer_id: onB.peer_id, user: { name: 'Ben on B' } });

    ben.send({ type: 'signal', to: onA.peer_id, description: { type: 'offer', sdp: 'v=0 across nodes' } });
    expect(await ada.next('signal')).toMatchObject({ from: onB.peer_id, description: { sdp: 'v=0 across nodes' } });
    ada.send({ type: 'signal', to: onB.peer_id, description: { type: 'answer', sdp: 'v=0 answer' } });
    expect(await ben.next('signal')).toMatchObject({ from: onA.peer_id, description: { type: 'answer' } });

    ada.send({ type: 'state', state: { audio: false, video: true, screen: null } });
    expect(await ben.next('peer-state')).toMatchObject({ peer_id: onA.peer_id, state: { audio: false } });

    // A third person joining on B is told about A (remote) and Ben (local).
    const late = await connect(nodeB.url);
    const third = await late.join(owner.token, code);
    expect(third.participants.map((p) => p.peer_id).sort()).toEqual([onA.peer_id, onB.peer_id].sort());

    ben.send({ type: 'leave' });
    expect(await ada.next('peer-left')).toEqual({ type: 'peer-left', peer_id: onB.peer_id });
    expect((await late.next('peer-left')).peer_id).toBe(onB.peer_id);
  });

  it('carries chat, hands and the host’s mute and remove between nodes, and lists the meeting on each', async () => {
    const code = await startMeeting();
    const ada = await connect(nodeA.url);
    const onA = await ada.join(owner.token, code);
    const ben = await connect(nodeB.url);
    const onB = await ben.join(member.token, code);
    await ada.next('peer-joined');

    ben.send({ type: 'chat', text: 'Hello from B' });
    expect((await ada.next('chat')).message).toMatchObject({ peer_id: onB.peer_id, text: 'Hello from B' });
    expect((await ben.next('chat')).message.text).toBe('Hello from B');
    ben.send({ type: 'hand', raised: true });
    expect((await ada.next('peer-hand')).peer_id).toBe(onB.peer_id);

    // Node B answers from the database who is in the meeting, node A's participant included.
    const listed = await fetch(`${nodeB.url}/api/v1/meetings/live/`, {
      headers: { AppType: 'social', Authorization: `JWT ${member.token}`, 'Org-Handle': owner.handle },
    });
    expect(listed.status).toBe(200);
    const meetings = ((await listed.json()) as { data: Array<{ code: string; participants: Array<{ id: string }> }> }).data;
    expect(meetings.find((m) => m.code === code)?.participants.map((p) => p.id).sort()).toEqual([owner.user.id, member.user.id].sort());

    ada.send({ type: 'mute', peer_id: onB.peer_id });
    expect((await ben.next('muted')).by.id).toBe(owner.user.id);
    ben.send({ type: 'mute', peer_id: onA.peer_id });
    expect(await ben.next('error')).toMatchObject({ code: 'forbidden' });

    ada.send({ type: 'remove', peer_id: onB.peer_id });
    expect((await ben.closed).code).toBe(4403);
    expect((await ada.next('peer-left')).peer_id).toBe(onB.peer_id);
    for (const url of [nodeB.url, nodeA.url]) {
      const again = await connect(url);
      again.send({ type: 'join', token: member.token, code, state: { audio: true, video: true, screen: null } });
      expect((await again.closed).code).toBe(4403);
    }
  });

  it('drops the participants of a node that dies without a word', async () => {
    const code = await startMeeting();
    const ada = await connect(nodeA.url);
    await ada.join(owner.token, code);
    const ben = await connect(nodeB.url);
    const onB = await ben.join(member.token, code);
    await ada.next('peer-joined');
    // The node loses Redis first, so its goodbyes never leave it.
    await busB.close();
    ben.ws.terminate();
    const started = Date.now();
    expect((await ada.next('peer-left', 5_000)).peer_id).toBe(onB.peer_id);
    expect(Date.now() - started).toBeLessThan(PRESENCE_MS * 10);
  });
});
