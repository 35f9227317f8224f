import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventType } from '../../../lib/contract/audit';
import type { Invitation, InviteResult } from '../../../lib/contract/invitations';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { auditEvents } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { startTestServer, uniqueEmail, type RequestOptions, type TestServer } from '../../test/harness';
import { addMember, createStaffedHub, invitationTokenFor } from './members-cases';

/*
 * Every security- and permission-relevant change in a hub leaves one audit
 * event, written with the change: its type, who did it (actor), whom it
 * concerns (subject), what it was done to and the values it changed.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (person: { token: string }, hub: MyHub): RequestOptions => ({ token: person.token, hubHandle: hub.domain_handle });
const hubPath = (hub: MyHub, rest = '') => `organizations/${hub.domain_handle}/${rest}`;

/** The hub's events of one type, oldest first. */
const eventsOf = (hub: { id: string }, type: AuditEventType) =>
  server.db.select().from(auditEvents)
    .where(and(eq(auditEvents.hubId, hub.id), eq(auditEvents.type, type)))
    .orderBy(asc(auditEvents.createdAt));

async function onlyEvent(hub: { id: string }, type: AuditEventType) {
  const events = await eventsOf(hub, type);
  expect(events, type).toHaveLength(1);
  return events[0]!;
}

function expectOk(res: { status: number; body: unknown }, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

describe('hub membership events', () => {
  it('records joins, role changes, removals and leaving, with the address and browser of the request', async () => {
    const s = await createStaffedHub(server, { visibility: 'public' });
    const joiner = await createUser(server, { name: 'Jo Joiner' });
    expectOk(await server.post(hubPath(s.hub, 'join/'), {}, { token: joiner.token, headers: { 'User-Agent': 'Joiner Browser/1.0' } }));
    expect(await onlyEvent(s.hub, 'member_joined')).toMatchObject({
      actorId: joiner.user.id, subjectId: joiner.user.id, ip: '127.0.0.1', userAgent: 'Joiner Browser/1.0',
      data: { target: { kind: 'hub', id: s.hub.id, name: s.hub.name }, role: 'viewer', via: 'public' },
    });

    const member = (id: string) => hubPath(s.hub, `members/${id}/`);
    expectOk(await server.patch(member(s.viewer.user.id), { role: 'editor' }, as(s.owner, s.hub)));
    // Setting the role a member already has changes nothing, so it records nothing.
    expectOk(await server.patch(member(s.viewer.user.id), { role: 'editor' }, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'member_role_changed')).toMatchObject({
      actorId: s.owner.user.id, subjectId: s.viewer.user.id,
      data: { target: { kind: 'member', id: s.viewer.user.id, name: 'Vera Viewer' }, from: 'viewer', to: 'editor' },
    });

    expectOk(await server.request('DELETE', member(joiner.user.id), as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'member_removed')).toMatchObject({
      actorId: s.owner.user.id, subjectId: joiner.user.id, data: { target: { kind: 'member', id: joiner.user.id, name: 'Jo Joiner' }, role: 'viewer' },
    });

    expectOk(await server.post(hubPath(s.hub, 'leave/'), {}, as(s.editor, s.hub)));
    expect(await onlyEvent(s.hub, 'member_left')).toMatchObject({
      actorId: s.editor.user.id, subjectId: s.editor.user.id, data: { target: { kind: 'hub', id: s.hub.id }, role: 'editor' },
    });
  });

  it('records nothing for a change that was refused', async () => {
    const s = await createStaffedHub(server);
    const res = await server.patch(hubPath(s.hub, `members/${s.owner.user.id}/`), { role: 'viewer' }, as(s.owner, s.hub));
    expect(res.status).toBe(422);
    expect(await server.request('DELETE', hubPath(s.hub, `members/${s.owner.user.id}/`), as(s.owner, s.hub))).toMatchObject({ status: 422 });
    expect(await eventsOf(s.hub, 'member_role_changed')).toEqual([]);
    expect(await eventsOf(s.hub, 'member_removed')).toEqual([]);
  });
});

describe('invitation events', () => {
  it('records hub invitations sent, sent again, cancelled and accepted', async () => {
    const s = await createStaffedHub(server);
    const cancelled = uniqueEmail('invited.test');
    const accepted = uniqueEmail('invited.test');
    const invite = await server.post<{ data: InviteResult[] }>(hubPath(s.hub, 'invitations/'), { emails: [cancelled, accepted], role: 'editor' }, as(s.owner, s.hub));
    expectOk(invite, 201);
    const [first, second] = invite.body.data.map((r) => r.invitation!) as [Invitation, Invitation];
    const sent = await eventsOf(s.hub, 'invitation_sent');
    expect(sent).toHaveLength(2);
    for (const [invitation, email] of [[first, cancelled], [second, accepted]] as const) {
      expect(sent.find((e) => e.data.email === email)).toMatchObject({
        actorId: s.owner.user.id, subjectId: null,
        data: { target: { kind: 'invitation', id: invitation.id, name: email }, email, role: 'editor' },
      });
    }

    expectOk(await server.post(hubPath(s.hub, `invitations/${first.id}/resend/`), {}, as(s.owner, s.hub)));
    expect((await eventsOf(s.hub, 'invitation_sent')).at(-1)).toMatchObject({ data: { email: cancelled, resent: true } });

    expectOk(await server.request('DELETE', hubPath(s.hub, `invitations/${first.id}/`), as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'invitation_cancelled')).toMatchObject({
      actorId: s.owner.user.id, data: { target: { kind: 'invitation', id: first.id }, email: cancelled, role: 'editor' },
    });

    const invitee = await createUser(server, { email: accepted, profile: true });
    expectOk(await server.post(`invitations/${await invitationTokenFor(server, accepted)}/accept/`, {}, { token: invitee.token }));
    expect(await onlyEvent(s.hub, 'invitation_accepted')).toMatchObject({
      actorId: invitee.user.id, subjectId: invitee.user.id, data: { target: { kind: 'invitation', id: second.id }, email: accepted, role: 'editor' },
    });
    expect(await onlyEvent(s.hub, 'member_joined')).toMatchObject({
      actorId: invitee.user.id, data: { role: 'editor', via: 'invitation' },
    });
  });

  it('names the space of a space invitation', async () => {
    const s = await createStaffedHub(server);
    const space = (await server.post<{ data: Space }>('spaces/', { name: 'Launch Room', visibility: 'shared' }, as(s.owner, s.hub))).body.data;
    const email = uniqueEmail('invited.test');
    const invite = await server.post<{ data: InviteResult[] }>(`spaces/${space.id}/invitations/`, { emails: [email], role: 'viewer' }, as(s.owner, s.hub));
    expectOk(invite, 201);
    const id = invite.body.data[0]!.invitation!.id;
    expect(await onlyEvent(s.hub, 'invitation_sent')).toMatchObject({
      data: { target: { kind: 'invitation', id }, email, role: 'viewer', space: { id: space.id, name: 'Launch Room' } },
    });
    expectOk(await server.request('DELETE', `spaces/${space.id}/invitations/${id}/`, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'invitation_cancelled')).toMatchObject({ data: { email, space: { id: space.id, name: 'Launch Room' } } });
  });
});

describe('hub settings events', () => {
  it('records settings and visibility changes with their old and new values, the hand-over and the archive', async () => {
    const s = await createStaffedHub(server);
    const oldName = s.hub.name;
    expectOk(await server.patch(hubPath(s.hub), { name: 'Renamed Hub', colour: '#112233' }, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'hub_updated')).toMatchObject({
      actorId: s.owner.user.id,
      data: { target: { kind: 'hub', id: s.hub.id, name: 'Renamed Hub' }, changes: { name: { from: oldName, to: 'Renamed Hub' }, colour: { to: '#112233' } } },
    });
    expectOk(await server.patch(hubPath(s.hub), { visibility: 'public' }, as(s.editor, s.hub)));
    expect(await onlyEvent(s.hub, 'hub_visibility_changed')).toMatchObject({ actorId: s.editor.user.id, data: { from: 'shared', to: 'public' } });
    expect(await eventsOf(s.hub, 'hub_updated')).toHaveLength(1);

    expectOk(await server.post(hubPath(s.hub, 'transfer/'), { user_id: s.editor.user.id }, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'hub_transferred')).toMatchObject({
      actorId: s.owner.user.id, subjectId: s.editor.user.id, data: { to: { id: s.editor.user.id, name: 'Eddie Editor' } },
    });
    expectOk(await server.post(hubPath(s.hub, 'archive/'), { confirm: s.hub.domain_handle }, as(s.editor, s.hub)));
    expect(await onlyEvent(s.hub, 'hub_archived')).toMatchObject({ actorId: s.editor.user.id, data: { target: { kind: 'hub', id: s.hub.id } } });
  });
});

describe('space events', () => {
  it('records a space created, changed, made visible, archived and restored', async () => {
    const s = await createStaffedHub(server);
    const create = await server.post<{ data: Space }>('spaces/', { name: 'Plans', visibility: 'shared' }, as(s.editor, s.hub));
    expectOk(create, 201);
    const space = create.body.data;
    const target = { kind: 'space', id: space.id };
    expect(await onlyEvent(s.hub, 'space_created')).toMatchObject({ actorId: s.editor.user.id, data: { target: { ...target, name: 'Plans' }, visibility: 'shared' } });

    expectOk(await server.patch(`spaces/${space.id}/`, { name: 'Plans 2026', description: 'Targets' }, as(s.editor, s.hub)));
    expect(await onlyEvent(s.hub, 'space_updated')).toMatchObject({
      data: { target: { ...target, name: 'Plans 2026' }, changes: { name: { from: 'Plans', to: 'Plans 2026' }, description: { from: null, to: 'Targets' } } },
    });
    expectOk(await server.patch(`spaces/${space.id}/`, { visibility: 'public' }, as(s.editor, s.hub)));
    expect(await onlyEvent(s.hub, 'space_visibility_changed')).toMatchObject({ data: { target, from: 'shared', to: 'public' } });
    expectOk(await server.post(`spaces/${space.id}/archive/`, {}, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'space_archived')).toMatchObject({ actorId: s.owner.user.id, data: { target } });
    expectOk(await server.post(`spaces/${space.id}/restore/`, {}, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'space_restored')).toMatchObject({ actorId: s.owner.user.id, data: { target } });
  });

  it('records space members added, their role changes and removals, and people joining and leaving', async () => {
    const s = await createStaffedHub(server);
    const space = (await server.post<{ data: Space }>('spaces/', { name: 'Crew', visibility: 'public' }, as(s.owner, s.hub))).body.data;
    const target = { kind: 'space', id: space.id, name: 'Crew' };
    const members = `spaces/${space.id}/members/`;
    expectOk(await server.post(members, { user_id: s.editor.user.id, role: 'viewer' }, as(s.owner, s.hub)), 201);
    expectOk(await server.post(`spaces/${space.id}/join/`, {}, as(s.viewer, s.hub)));
    expect((await eventsOf(s.hub, 'space_member_added')).map((e) => [e.actorId, e.subjectId, e.data])).toEqual([
      [s.owner.user.id, s.editor.user.id, { target, role: 'viewer' }],
      [s.viewer.user.id, s.viewer.user.id, { target, role: 'viewer', via: 'join' }],
    ]);

    expectOk(await server.patch(`${members}${s.editor.user.id}/`, { role: 'editor' }, as(s.owner, s.hub)));
    expect(await onlyEvent(s.hub, 'space_member_role_changed')).toMatchObject({
      actorId: s.owner.user.id, subjectId: s.editor.user.id, data: { target, from: 'viewer', to: 'editor' },
    });

    expectOk(await server.request('DELETE', `${members}${s.editor.user.id}/`, as(s.owner, s.hub)));
    expectOk(await server.post(`spaces/${space.id}/leave/`, {}, as(s.viewer, s.hub)));
    expect((await eventsOf(s.hub, 'space_member_removed')).map((e) => [e.actorId, e.subjectId, e.data])).toEqual([
      [s.owner.user.id, s.editor.user.id, { target, role: 'editor' }],
      [s.viewer.user.id, s.viewer.user.id, { target, role: 'viewer', via: 'leave' }],
    ]);
  });
});

describe('content and meeting events', () => {
  it('records an item deleted, naming it and its space', async () => {
    const s = await createStaffedHub(server);
    const space = (await server.post<{ data: Space }>('spaces/', { name: 'Notes', visibility: 'public' }, as(s.owner, s.hub))).body.data;
    expectOk(await server.post(`spaces/${space.id}/join/`, {}, as(s.editor, s.hub)));
    const note = await server.post<{ data: { id: string } }>(`spaces/${space.id}/contents/notes/`, { title: 'Budget', body: 'x' }, as(s.editor, s.hub));
    expectOk(note, 201);
    expectOk(await server.request('DELETE', `spaces/${space.id}/contents/${note.body.data.id}/`, as(s.editor, s.hub)));
    expect(await onlyEvent(s.hub, 'content_deleted')).toMatchObject({
      actorId: s.editor.user.id,
      data: { target: { kind: 'content', id: note.body.data.id, name: 'Budget' }, content_kind: 'general', space: { id: space.id, name: 'Notes' } },
    });
  });

  it('records a meeting started, in the hub or in a space', async () => {
    const s = await createStaffedHub(server);
    const viewer = await addMember(server, s.hub, 'viewer');
    const space = (await server.post<{ data: Space }>('spaces/', { name: 'Standup', visibility: 'public' }, as(s.owner, s.hub))).body.data;
    const hubMeeting = await server.post<{ data: { id: string } }>('meetings/', {}, as(viewer, s.hub));
    const spaceMeeting = await server.post<{ data: { id: string } }>('meetings/', { space_id: space.id }, as(s.owner, s.hub));
    expectOk(hubMeeting, 201);
    expectOk(spaceMeeting, 201);
    expect((await eventsOf(s.hub, 'meeting_started')).map((e) => [e.actorId, e.data])).toEqual([
      [viewer.user.id, { target: { kind: 'meeting', id: hubMeeting.body.data.id } }],
      [s.owner.user.id, { target: { kind: 'meeting', id: spaceMeeting.body.data.id }, space: { id: space.id, name: 'Standup' } }],
    ]);
  });
});
