import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMeetingSchema, type LiveMeeting } from '../../../lib/contract/home';
import { CHAT_RATE_LIMIT, signalCloseCodes } from '../../../lib/contract/meetings';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { contents, meetingAttendance, meetings } from '../../db/schema';
import { refreshAttendance } from '../../domain/meetings/refresh-attendance';
import { summarizeMeeting } from '../../domain/meetings/summarize-meeting';
import { createLocalMeetingBus } from '../../meetings/local-meeting-bus';
import { createSignallingService } from '../../meetings/signalling-service';
import { refusedAuthorizations } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { openSignalling, type SignallingTestClient } from '../../test/signalling-client';
import { as, createSpace, hubWithPeople, type HubWithPeople, type Person } from '../spaces/space-test-kit';

/*
 * What happens inside a meeting besides media: chat, hands, reactions, the
 * host's mute and remove, attendance, the live list read from it, and the
 * note a space meeting leaves in its space when it ends. Real HTTP, real
 * WebSockets, real database.
 */

let server: TestServer;
let world: HubWithPeople;
let other: HubWithPeople;
let everyone: Space;
let closedSpace: Space;
const open: SignallingTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  world = await hubWithPeople(server);
  other = await hubWithPeople(server);
  everyone = await createSpace(server, world.owner, world.hub, { name: 'Team room', visibility: 'public' });
  // The viewer is no member of this one, so may not read it.
  closedSpace = await createSpace(server, world.owner, world.hub, { name: 'Board room', visibility: 'shared' });
});
afterAll(async () => {
  for (const client of open) client.close();
  await server.close();
});

async function startMeeting(person: Person, hub: MyHub, spaceId?: string) {
  const res = await server.post<{ data: { id: string; code: string } }>('meetings/', spaceId ? { space_id: spaceId } : {}, as(person, hub));
  expect(res.status).toBe(201);
  return res.body.data;
}

async function enter(person: Person, code: string) {
  const client = await openSignalling(server);
  open.push(client);
  const welcome = await client.join(person.token, code);
  return { client, welcome };
}

async function live(person: Person, hub: MyHub, query = ''): Promise<LiveMeeting[]> {
  const res = await server.get<{ data: LiveMeeting[] }>(`meetings/live/${query}`, as(person, hub));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((meeting) => liveMeetingSchema.parse(meeting));
}

/** Waits until `check` holds (what follows a closed socket happens on the server a moment later); fails when it never does. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('chat', () => {
  it('reaches everyone, the sender included, and is in the welcome of someone joining later', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const guest = await enter(world.editor, code);
    guest.client.send({ type: 'chat', text: '  Hello, all  ' });
    const [toHost, toGuest] = [await host.client.next('chat'), await guest.client.next('chat')];
    expect(toHost).toEqual(toGuest);
    expect(toHost.message).toMatchObject({ peer_id: guest.welcome.peer_id, user: { id: world.editor.user.id, name: 'Hub Editor' }, text: 'Hello, all' });

    const late = await enter(world.viewer, code);
    expect(late.welcome.chat).toEqual([toHost.message]);
  });

  it(`refuses more than ${CHAT_RATE_LIMIT} messages in a row, keeping the connection`, async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const { client } = await enter(world.owner, code);
    for (let i = 0; i <= CHAT_RATE_LIMIT; i++) client.send({ type: 'chat', text: `Message ${i}` });
    expect(await client.next('error')).toMatchObject({ code: 'chat_rate_limited' });
    client.send({ type: 'ping' });
    await client.next('pong');
    const delivered = client.received.filter((m) => m.type === 'chat');
    expect(delivered).toHaveLength(CHAT_RATE_LIMIT);
  });
});

describe('hands and reactions', () => {
  it('orders raised hands by the server’s time and shows them to someone joining later', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const guest = await enter(world.editor, code);
    guest.client.send({ type: 'hand', raised: true });
    const first = await host.client.next('peer-hand');
    expect(first.peer_id).toBe(guest.welcome.peer_id);
    expect((await guest.client.next('peer-hand')).hand_raised_at).toBe(first.hand_raised_at);
    host.client.send({ type: 'hand', raised: true });
    expect((await host.client.next('peer-hand')).peer_id).toBe(host.welcome.peer_id);
    const second = await guest.client.next('peer-hand');
    expect(second.peer_id).toBe(host.welcome.peer_id);
    expect(Date.parse(second.hand_raised_at!)).toBeGreaterThan(Date.parse(first.hand_raised_at!));

    const late = await enter(world.viewer, code);
    const raised = late.welcome.participants.filter((p) => p.hand_raised_at).sort((a, b) => a.hand_raised_at!.localeCompare(b.hand_raised_at!));
    expect(raised.map((p) => p.peer_id)).toEqual([guest.welcome.peer_id, host.welcome.peer_id]);

    guest.client.send({ type: 'hand', raised: false });
    expect(await host.client.next('peer-hand')).toEqual({ type: 'peer-hand', peer_id: guest.welcome.peer_id, hand_raised_at: null });
  });

  it('passes a reaction to everyone, the sender included, and refuses one not on the list', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const guest = await enter(world.editor, code);
    guest.client.send({ type: 'reaction', emoji: '🎉' });
    const expected = { type: 'reaction', peer_id: guest.welcome.peer_id, emoji: '🎉' };
    expect(await host.client.next('reaction')).toEqual(expected);
    expect(await guest.client.next('reaction')).toEqual(expected);
    guest.client.send({ type: 'reaction', emoji: '💩' });
    expect(await guest.client.next('error')).toMatchObject({ code: 'invalid_message' });
  });
});

describe('the host', () => {
  it('is the person who started the meeting', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const guest = await enter(world.editor, code);
    expect(host.welcome.self).toMatchObject({ peer_id: host.welcome.peer_id, host: true, hand_raised_at: null });
    expect(guest.welcome.self.host).toBe(false);
    expect(guest.welcome.participants).toMatchObject([{ peer_id: host.welcome.peer_id, host: true }]);
  });

  it('mutes a participant, while a participant who is not the host may not', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const guest = await enter(world.editor, code);
    host.client.send({ type: 'mute', peer_id: guest.welcome.peer_id });
    expect(await guest.client.next('muted')).toEqual({ type: 'muted', by: { id: world.owner.user.id, name: 'Hub Owner' } });

    guest.client.send({ type: 'mute', peer_id: host.welcome.peer_id });
    expect(await guest.client.next('error')).toMatchObject({ code: 'forbidden' });
    guest.client.send({ type: 'remove', peer_id: host.welcome.peer_id });
    expect(await guest.client.next('error')).toMatchObject({ code: 'forbidden' });
    await expect(host.client.next('muted', 300)).rejects.toThrow(/no muted/);
    host.client.send({ type: 'ping' });
    await host.client.next('pong');
  });

  it('ignores a mute or remove naming someone of another meeting', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const elsewhere = await enter(world.editor, (await startMeeting(world.editor, world.hub)).code);
    host.client.send({ type: 'mute', peer_id: elsewhere.welcome.peer_id });
    host.client.send({ type: 'remove', peer_id: elsewhere.welcome.peer_id });
    host.client.send({ type: 'ping' });
    await host.client.next('pong');
    await expect(elsewhere.client.next('muted', 300)).rejects.toThrow(/no muted/);
    elsewhere.client.send({ type: 'ping' });
    await elsewhere.client.next('pong');
  });

  it('removes a participant, who leaves everyone’s grid and may not come back while the meeting runs', async () => {
    const { code } = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, code);
    const guest = await enter(world.editor, code);
    const witness = await enter(world.viewer, code);
    for (let i = 0; i < 2; i++) await host.client.next('peer-joined');
    host.client.send({ type: 'remove', peer_id: guest.welcome.peer_id });
    expect(await guest.client.closed).toEqual({ code: signalCloseCodes.removed, reason: 'The host removed you from the meeting.' });
    expect((await host.client.next('peer-left')).peer_id).toBe(guest.welcome.peer_id);
    expect((await witness.client.next('peer-left')).peer_id).toBe(guest.welcome.peer_id);

    const again = await openSignalling(server);
    open.push(again);
    again.send({ type: 'join', token: world.editor.token, code, state: { audio: true, video: true, screen: null } });
    expect((await again.closed).code).toBe(signalCloseCodes.removed);
    await expect(host.client.next('peer-joined', 300)).rejects.toThrow(/no peer-joined/);
  });
});

describe('attendance', () => {
  it('records each stay with its node, and closes it on leaving', async () => {
    const meeting = await startMeeting(world.owner, world.hub);
    const host = await enter(world.owner, meeting.code);
    const stays = () => server.db.select().from(meetingAttendance).where(eq(meetingAttendance.meetingId, meeting.id));
    const [row] = await stays();
    expect(row).toMatchObject({ hubId: world.hub.id, userId: world.owner.user.id, peerId: host.welcome.peer_id, leftAt: null });
    expect(row!.node).toMatch(/^[0-9a-f-]{36}$/);
    host.client.send({ type: 'leave' });
    await host.client.closed;
    const [closed] = await eventually(stays, (rows) => rows[0]?.leftAt !== null);
    expect(closed!.leftAt!.getTime()).toBeGreaterThanOrEqual(closed!.joinedAt.getTime());
  });
});

describe('the attendance heartbeat', () => {
  it('keeps a serving node’s stays fresh and closes those of a node that died, saving the summary', async () => {
    const node = await startTestServer({}, {
      signalling: createSignallingService({ bus: createLocalMeetingBus(), maxParticipants: 8, presenceIntervalMs: 100 }),
    });
    try {
      const people = await hubWithPeople(node);
      const space = await createSpace(node, people.owner, people.hub, { name: 'Heartbeat room' });
      const started = await node.post<{ data: { id: string; code: string } }>('meetings/', { space_id: space.id }, as(people.owner, people.hub));
      const meetingId = started.body.data.id;
      const client = await openSignalling(node);
      open.push(client);
      await client.join(people.owner.token, started.body.data.code);
      const longAgo = new Date(Date.now() - 3_600_000);
      await node.db.update(meetingAttendance).set({ seenAt: longAgo }).where(eq(meetingAttendance.meetingId, meetingId));
      // A stay on a node that stopped long ago, in the same meeting.
      await node.db.insert(meetingAttendance).values({
        hubId: people.hub.id, meetingId, userId: people.editor.user.id, peerId: randomUUID(), node: 'a-node-that-died', joinedAt: longAgo, seenAt: longAgo,
      });
      const stays = () => node.db.select().from(meetingAttendance).where(eq(meetingAttendance.meetingId, meetingId));
      const settled = await eventually(stays, (rows) => rows.every((row) => row.leftAt !== null || row.seenAt > longAgo) && rows.some((row) => row.leftAt));
      expect(settled.find((row) => row.userId === people.owner.user.id)).toMatchObject({ leftAt: null });
      expect(settled.find((row) => row.userId === people.editor.user.id)?.leftAt).toEqual(longAgo);

      client.send({ type: 'leave' });
      await client.closed;
      const notes = () => node.db.select({ body: contents.body }).from(contents).where(eq(contents.spaceId, space.id));
      const [note] = await eventually(notes, (rows) => rows.length > 0);
      expect(note!.body).toContain('- **Hub Editor**: ');
    } finally {
      await node.close();
    }
  });
});

describe('GET meetings/live/', () => {
  it('answers 401 without a valid session', async () => {
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      const res = await server.get('meetings/live/', { authorization, hubHandle: world.hub.domain_handle });
      expect(res.status, name).toBe(401);
    }
  });

  it('answers 404 to a member of another hub naming this one', async () => {
    expect((await server.get('meetings/live/', as(other.owner, world.hub))).status).toBe(404);
  });

  it('lists meetings with someone in them that the caller may join, by space when asked', async () => {
    const plain = await startMeeting(world.owner, world.hub);
    const inTeam = await startMeeting(world.owner, world.hub, everyone.id);
    const inBoard = await startMeeting(world.owner, world.hub, closedSpace.id);
    const empty = await startMeeting(world.owner, world.hub, everyone.id);
    await enter(world.owner, plain.code);
    await enter(world.owner, inTeam.code);
    await enter(world.editor, inTeam.code);
    // Two tabs of one person are one participant.
    await enter(world.editor, inTeam.code);
    await enter(world.owner, inBoard.code);

    const codes = (list: LiveMeeting[]) => list.map((m) => m.code);
    const byViewer = await live(world.viewer, world.hub);
    expect(codes(byViewer)).toEqual(expect.arrayContaining([plain.code, inTeam.code]));
    expect(codes(byViewer)).not.toContain(inBoard.code);
    expect(codes(byViewer)).not.toContain(empty.code);
    expect(byViewer.find((m) => m.code === inTeam.code)).toMatchObject({
      space: { id: everyone.id, name: 'Team room' }, started_by: { id: world.owner.user.id }, participant_count: 2,
      participants: [{ id: world.owner.user.id, name: 'Hub Owner' }, { id: world.editor.user.id, name: 'Hub Editor' }],
    });
    expect(codes(await live(world.owner, world.hub))).toContain(inBoard.code);

    expect(codes(await live(world.viewer, world.hub, `?space_id=${everyone.id}`))).toEqual([inTeam.code]);
    expect(await live(world.viewer, world.hub, `?space_id=${closedSpace.id}`)).toEqual([]);
    // Another hub's space names nothing here.
    const theirs = await createSpace(server, other.owner, other.hub, { name: 'Their room' });
    const theirMeeting = await startMeeting(other.owner, other.hub, theirs.id);
    await enter(other.owner, theirMeeting.code);
    expect(await live(world.owner, world.hub, `?space_id=${theirs.id}`)).toEqual([]);
    expect(codes(await live(other.owner, other.hub))).toEqual([theirMeeting.code]);
    expect((await server.get('meetings/live/?space_id=nope', as(world.owner, world.hub))).status).toBe(400);
  });

  it('drops a stay its node stopped refreshing', async () => {
    const meeting = await startMeeting(world.owner, world.hub);
    await enter(world.owner, meeting.code);
    expect((await live(world.owner, world.hub)).map((m) => m.code)).toContain(meeting.code);
    // As if another node had served it and died an hour ago (this node's own heartbeat, every few seconds,
    // would refresh a stay it serves itself, which made the test fail whenever a beat fell in between).
    await server.db.update(meetingAttendance)
      .set({ seenAt: new Date(Date.now() - 3_600_000), node: 'a-node-that-died' })
      .where(eq(meetingAttendance.meetingId, meeting.id));
    expect((await live(world.owner, world.hub)).map((m) => m.code)).not.toContain(meeting.code);
  });
});

describe('the summary of a space meeting', () => {
  // A hub of its own: each test needs a space, and a free hub has a few.
  let team: HubWithPeople;
  beforeAll(async () => { team = await hubWithPeople(server); });
  const notesIn = (space: Space) =>
    server.db.select({ id: contents.id, name: contents.name, body: contents.body, source: contents.source, status: contents.status })
      .from(contents).where(and(eq(contents.spaceId, space.id), eq(contents.source, 'note')));

  it('is saved once into the space when the last person leaves, and found by search', async () => {
    const space = await createSpace(server, team.owner, team.hub, { name: 'Planning room' });
    const meeting = await startMeeting(team.owner, team.hub, space.id);
    const host = await enter(team.owner, meeting.code);
    const guest = await enter(team.editor, meeting.code);
    guest.client.send({ type: 'chat', text: 'The budget | is *approved*' });
    await host.client.next('chat');
    guest.client.send({ type: 'leave' });
    await guest.client.closed;
    await host.client.next('peer-left');
    expect(await notesIn(space)).toEqual([]);

    host.client.send({ type: 'leave' });
    await host.client.closed;
    const [note, ...more] = await eventually(() => notesIn(space), (rows) => rows.length > 0);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ status: 'ready', name: expect.stringMatching(/^Meeting \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/) });
    expect(note!.body).toContain('- **Hub Owner**: ');
    expect(note!.body).toContain('- **Hub Editor**: ');
    expect(note!.body).toMatch(/\*\*Hub Editor\*\*: The budget \\\| is \\\*approved\\\*/);

    const found = await server.get<{ data: Array<{ content: { id: string } }> }>('search/?q=budget%20approved', as(team.viewer, team.hub));
    expect(found.status).toBe(200);
    expect(found.body.data.map((r) => r.content.id)).toContain(note!.id);

    // Nothing new happened: no second note.
    const [row] = await server.db.select({ summarizedAt: meetings.summarizedAt }).from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.summarizedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await notesIn(space)).toHaveLength(1);
  });

  it('covers only the run since the last summary when the meeting is used again', async () => {
    const space = await createSpace(server, team.owner, team.hub, { name: 'Weekly room' });
    const meeting = await startMeeting(team.owner, team.hub, space.id);
    for (const text of ['First week notes', 'Second week notes']) {
      const { client, welcome } = await enter(team.owner, meeting.code);
      // The chat of an earlier run is not shown again.
      expect(welcome.chat).toEqual([]);
      client.send({ type: 'chat', text });
      await client.next('chat');
      client.send({ type: 'leave' });
      await client.closed;
      await eventually(() => notesIn(space), (rows) => rows.some((r) => r.body?.includes(text)));
    }
    const notes = await notesIn(space);
    expect(notes).toHaveLength(2);
    const second = notes.find((n) => n.body?.includes('Second week notes'));
    expect(second!.body).not.toContain('First week notes');
  });

  it('is written once when two nodes see the meeting end at the same moment', async () => {
    const space = await createSpace(server, team.owner, team.hub, { name: 'Busy room' });
    const meeting = await startMeeting(team.owner, team.hub, space.id);
    const { client } = await enter(team.owner, meeting.code);
    client.send({ type: 'leave' });
    await client.closed;
    await eventually(() => notesIn(space), (rows) => rows.length === 1);
    // As if the meeting had just emptied again, seen by three nodes together.
    await server.db.update(meetings).set({ summarizedAt: null }).where(eq(meetings.id, meeting.id));
    const written = await Promise.all([1, 2, 3].map(() => summarizeMeeting({ db: server.db, meetingId: meeting.id, goneAfterMs: 15_000 })));
    expect(written.filter((id) => id !== null)).toHaveLength(1);
    expect(await notesIn(space)).toHaveLength(2);
  });

  it('is written when the stays of a node that died run out', async () => {
    const space = await createSpace(server, team.owner, team.hub, { name: 'Lost room' });
    const meeting = await startMeeting(team.owner, team.hub, space.id);
    const lastSeen = new Date(Date.now() - 60_000);
    await server.db.insert(meetingAttendance).values({
      hubId: team.hub.id, meetingId: meeting.id, userId: team.editor.user.id, peerId: randomUUID(), node: 'a-node-that-died',
      joinedAt: new Date(lastSeen.getTime() - 10 * 60_000), seenAt: lastSeen,
    });
    const emptied = await refreshAttendance({ db: server.db, node: 'a-live-node', goneAfterMs: 15_000 });
    expect(emptied).toContain(meeting.id);
    const [stay] = await server.db.select().from(meetingAttendance).where(eq(meetingAttendance.meetingId, meeting.id));
    expect(stay!.leftAt).toEqual(lastSeen);
    expect(await summarizeMeeting({ db: server.db, meetingId: meeting.id, goneAfterMs: 15_000 })).not.toBeNull();
    const [note] = await notesIn(space);
    expect(note!.body).toContain('- **Hub Editor**: ');
    expect(note!.body).toMatch(/\*\*Hub Editor\*\*: \S+, 10 minutes/);
  });

  it('is not written for a meeting without a space', async () => {
    const meeting = await startMeeting(team.owner, team.hub);
    const { client } = await enter(team.owner, meeting.code);
    client.send({ type: 'chat', text: 'Nobody keeps this' });
    await client.next('chat');
    client.send({ type: 'leave' });
    await client.closed;
    await eventually(
      () => server.db.select().from(meetingAttendance).where(eq(meetingAttendance.meetingId, meeting.id)),
      (rows) => rows[0]?.leftAt !== null,
    );
    const [row] = await server.db.select({ summarizedAt: meetings.summarizedAt }).from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.summarizedAt).toBeNull();
  });
});
