import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../lib/contract/auth';
import type { ContentItem } from '../../../lib/contract/contents';
import type { Invitation, InviteResult } from '../../../lib/contract/invitations';
import type { MyHub } from '../../../lib/contract/hubs';
import type { SpaceMember } from '../../../lib/contract/spaces';
import { startTestServer, type TestServer } from '../../test/harness';
import { addToSpace, as, createSpace, hubWithPeople, type MemberPage, type Person, type SpaceBody } from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const noSpaceEdits = {
  update: false, make_private: false, archive: false, invite: false, grant_roles: [], manage_members: false,
  add_content: false, edit_content: false, delete_content: false, start_meeting: false, join: false,
};

describe('space abilities', () => {
  it('offer each role what the API lets it do in a public space', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'public' });
    const seen = async (person: typeof owner) => (await server.get<SpaceBody>(`spaces/${space.id}/`, as(person, hub))).body.data.abilities;

    expect(await seen(owner)).toEqual({
      update: true, make_private: true, archive: true, restore: false, invite: true, grant_roles: ['owner', 'editor', 'viewer'], manage_members: true,
      add_content: true, edit_content: true, delete_content: true, start_meeting: true, join: false, leave: true,
    });
    // A hub editor who has not joined is offered joining first, then taking part (below).
    expect(await seen(editor)).toEqual({
      update: false, make_private: false, archive: false, restore: false, invite: false, grant_roles: [], manage_members: false,
      add_content: false, edit_content: false, delete_content: false, start_meeting: true, join: true, leave: false,
    });
    expect(await seen(viewer)).toEqual({
      update: false, make_private: false, archive: false, restore: false, invite: false, grant_roles: [], manage_members: false,
      add_content: false, edit_content: false, delete_content: false, start_meeting: true, join: true, leave: false,
    });
  });

  it('offer a hub member who has not joined an Everyone space joining before taking part', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'public' });
    const before = (await server.get<SpaceBody>(`spaces/${space.id}/`, as(editor, hub))).body.data;
    expect(before).toMatchObject({
      is_member: false, abilities: { join: true, add_content: false, edit_content: false, invite: false, update: false },
    });

    const joined = await server.post<SpaceBody>(`spaces/${space.id}/join/`, {}, as(editor, hub));
    // Joined as a viewer, their hub role lifts them to editor in the space.
    expect(joined.body.data).toMatchObject({
      is_member: true, space_role: 'viewer', my_role: 'editor',
      abilities: { join: false, add_content: true, edit_content: true, invite: true, update: true, leave: true },
    });
  });

  it('offer no invitations in a private space, which admits nobody new', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'private' });
    expect(space.abilities).toMatchObject({ invite: false, grant_roles: [], update: true, add_content: true });
  });

  it('offer no edits in an archived space, only restoring it to its owners', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const archived = await server.post<SpaceBody>(`spaces/${space.id}/archive/`, {}, as(owner, hub));
    expect(archived.status).toBe(200);
    expect(archived.body.data.abilities).toEqual({ ...noSpaceEdits, restore: true, leave: true });
    const asEditor = await server.get<SpaceBody>(`spaces/${space.id}/`, as(editor, hub));
    expect(asEditor.body.data.abilities).toEqual({ ...noSpaceEdits, restore: false, leave: false });
  });
});

describe('making a space private', () => {
  it('is offered to its creator only, as the API allows it', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub, { visibility: 'public' });
    expect(space.abilities.make_private).toBe(true);
    const asHubOwner = await server.get<SpaceBody>(`spaces/${space.id}/`, as(owner, hub));
    // The hub owner is an owner of the space, yet not its creator (nor, yet, a member).
    expect(asHubOwner.body.data.abilities).toMatchObject({ manage_members: true, archive: true, make_private: false });
    expect((await server.patch(`spaces/${space.id}/`, { visibility: 'private' }, as(owner, hub))).status).toBe(403);
    expect((await server.patch(`spaces/${space.id}/`, { visibility: 'private' }, as(editor, hub))).status).toBe(200);
  });
});

describe('space member abilities', () => {
  const membersOf = async (spaceId: string, person: Person, hub: MyHub) => {
    const res = await server.get<MemberPage>(`spaces/${spaceId}/members/`, as(person, hub));
    return Object.fromEntries(res.body.data.map((m) => [m.user_id, m.abilities]));
  };
  const all = { change_role: true, remove: true };
  const none = { change_role: false, remove: false };

  it('let owners change and remove everyone but the only owner, themselves included once there is another', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, editor, 'editor');
    await addToSpace(server, owner, hub, space, viewer, 'viewer');

    expect(await membersOf(space.id, owner, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: all, [viewer.user.id]: all });
    // Editors add members but manage nobody; viewers neither.
    expect(await membersOf(space.id, editor, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: none, [viewer.user.id]: none });
    expect(await membersOf(space.id, viewer, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: none, [viewer.user.id]: none });
    // What the abilities refuse, the API refuses.
    expect((await server.request('DELETE', `spaces/${space.id}/members/${owner.user.id}/`, as(owner, hub))).status).toBe(422);

    const promoted = await server.patch<{ data: SpaceMember }>(`spaces/${space.id}/members/${editor.user.id}/`, { role: 'owner' }, as(owner, hub));
    expect(promoted.body.data.abilities).toEqual(all);
    expect(await membersOf(space.id, owner, hub)).toEqual({ [owner.user.id]: all, [editor.user.id]: all, [viewer.user.id]: all });
    expect((await server.request('DELETE', `spaces/${space.id}/members/${owner.user.id}/`, as(owner, hub))).status).toBe(200);
  });

  it('offer nothing in an archived space, which the API keeps as it is', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await addToSpace(server, owner, hub, space, editor, 'editor');
    await server.post(`spaces/${space.id}/archive/`, {}, as(owner, hub));
    expect(await membersOf(space.id, owner, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: none });
    expect((await server.request('DELETE', `spaces/${space.id}/members/${editor.user.id}/`, as(owner, hub))).status).toBe(422);
  });
});

describe('content abilities', () => {
  interface ItemBody { data: ContentItem }
  const contact = {
    name: 'Ana Lima', email: 'ana@example.com', contact_number: '+44 20 7946 0000', occupation: 'Buyer',
    address: '1 High Street', about: 'Met at the fair.',
  };

  it('follow the role in the space and the item: notes are edited, every item renamed and deleted by editors and owners', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'public' });
    const note = await server.post<ItemBody>(`spaces/${space.id}/contents/notes/`, { title: 'Plan', body: 'Steps' }, as(owner, hub));
    const card = await server.post<ItemBody>(`spaces/${space.id}/contents/contacts/`, contact, as(owner, hub));
    // The hub editor takes part once they join; the hub viewer only looks on.
    await server.post(`spaces/${space.id}/join/`, {}, as(editor, hub));
    expect(note.body.data.abilities).toEqual({ rename: true, edit: true, delete: true });
    expect(card.body.data.abilities).toEqual({ rename: true, edit: false, delete: true });

    const listed = async (person: Person) => {
      const res = await server.get<{ data: ContentItem[] }>(`spaces/${space.id}/contents/`, as(person, hub));
      return Object.fromEntries(res.body.data.map((item) => [item.name, item.abilities]));
    };
    expect(await listed(editor)).toEqual({ Plan: { rename: true, edit: true, delete: true }, 'Ana Lima': { rename: true, edit: false, delete: true } });
    const readOnly = { rename: false, edit: false, delete: false };
    expect(await listed(viewer)).toEqual({ Plan: readOnly, 'Ana Lima': readOnly });
    const single = await server.get<ItemBody>(`spaces/${space.id}/contents/${note.body.data.id}/`, as(viewer, hub));
    expect(single.body.data.abilities).toEqual(readOnly);
    expect((await server.patch(`spaces/${space.id}/contents/${note.body.data.id}/`, { name: 'Mine' }, as(viewer, hub))).status).toBe(403);

    const renamed = await server.patch<ItemBody>(`spaces/${space.id}/contents/${note.body.data.id}/`, { name: 'Plan B' }, as(editor, hub));
    expect(renamed.body.data.abilities).toEqual({ rename: true, edit: true, delete: true });
  });

  it('offer nothing in an archived space, even to its owner', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const note = await server.post<ItemBody>(`spaces/${space.id}/contents/notes/`, { title: 'Plan', body: 'Steps' }, as(owner, hub));
    await server.post(`spaces/${space.id}/archive/`, {}, as(owner, hub));
    const read = await server.get<ItemBody>(`spaces/${space.id}/contents/${note.body.data.id}/`, as(owner, hub));
    expect(read.body.data.abilities).toEqual({ rename: false, edit: false, delete: false });
    expect((await server.request('DELETE', `spaces/${space.id}/contents/${note.body.data.id}/`, as(owner, hub))).status).toBe(422);
  });
});

describe('space invitation abilities', () => {
  const listed = async (spaceId: string, person: Person, hub: MyHub) => {
    const res = await server.get<{ data: Invitation[] }>(`spaces/${spaceId}/invitations/`, as(person, hub));
    return Object.fromEntries(res.body.data.map((i) => [i.email, i.abilities]));
  };

  it('leave owner invitations to owners, and resending to spaces that still take members', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, editor, 'editor');
    const sent = await server.post<{ data: InviteResult[] }>(
      `spaces/${space.id}/invitations/`, { emails: ['boss@guests.test'], role: 'owner' }, as(owner, hub),
    );
    expect(sent.body.data[0]?.invitation?.abilities).toEqual({ resend: true, revoke: true });
    await server.post(`spaces/${space.id}/invitations/`, { emails: ['help@guests.test'], role: 'viewer' }, as(editor, hub));

    const both = { resend: true, revoke: true };
    const neither = { resend: false, revoke: false };
    expect(await listed(space.id, owner, hub)).toEqual({ 'boss@guests.test': both, 'help@guests.test': both });
    expect(await listed(space.id, editor, hub)).toEqual({ 'boss@guests.test': neither, 'help@guests.test': both });
    const boss = (await server.get<{ data: Invitation[] }>(`spaces/${space.id}/invitations/`, as(editor, hub))).body.data
      .find((i) => i.email === 'boss@guests.test');
    expect((await server.request('DELETE', `spaces/${space.id}/invitations/${boss?.id}/`, as(editor, hub))).status).toBe(403);

    // A private space takes nobody new: invitations can still be revoked, not sent again.
    await server.patch(`spaces/${space.id}/`, { visibility: 'private' }, as(owner, hub));
    expect(await listed(space.id, owner, hub)).toEqual({
      'boss@guests.test': { resend: false, revoke: true }, 'help@guests.test': { resend: false, revoke: true },
    });
    expect((await server.post(`spaces/${space.id}/invitations/${boss?.id}/resend/`, {}, as(owner, hub))).status).toBe(422);
  });
});

describe('hub abilities', () => {
  it('offer each role what the API lets it do in the hub, in the hub and in the user view alike', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const expected = {
      owner: {
        update: true, change_visibility: true, invite: true, manage_members: true, grant_roles: ['owner', 'editor', 'viewer'],
        create_space: true, view_audit: true, view_unanswered: true, transfer: true, archive: true, manage_templates: true,
      },
      editor: {
        update: false, change_visibility: true, invite: true, manage_members: false, grant_roles: ['editor', 'viewer'],
        create_space: true, view_audit: false, view_unanswered: false, transfer: false, archive: false, manage_templates: true,
      },
      viewer: {
        update: false, change_visibility: false, invite: false, manage_members: false, grant_roles: [],
        create_space: false, view_audit: false, view_unanswered: false, transfer: false, archive: false, manage_templates: false,
      },
    };
    expect(hub.abilities).toEqual(expected.owner);
    for (const [role, person] of [['owner', owner], ['editor', editor], ['viewer', viewer]] as const) {
      const read = await server.get<{ data: MyHub }>(`organizations/${hub.domain_handle}/`, as(person, hub));
      expect(read.body.data.abilities).toEqual(expected[role]);
      const me = await server.get<{ data: User }>('auth/me/', as(person, hub));
      expect(me.body.data.organizations.find((h) => h.id === hub.id)?.abilities).toEqual(expected[role]);
    }
  });
});
