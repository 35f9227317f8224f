import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceMember } from '../../../lib/contract/spaces';
import { startTestServer, type TestServer } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import {
  addHubMember, addToSpace, as, createSpace, hubWithPeople, SPACE_NOT_FOUND, type ErrorBody, type MemberPage, type SpaceBody,
} from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const MEMBER_NOT_FOUND = { code: 'not_found', message: 'That member of the space was not found.' };
const remove = (path: string, opts: Parameters<TestServer['get']>[1]) => server.request<ErrorBody>('DELETE', path, opts);

describe('GET spaces/{id}/members/', () => {
  it('lists members in the order they joined, paged, with search on name and email', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await addToSpace(server, owner, hub, space, editor, 'editor');
    await addToSpace(server, owner, hub, space, viewer, 'viewer');

    const first = await server.get<MemberPage>(`spaces/${space.id}/members/?page_size=2`, as(viewer, hub));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 3, page: 1, page_size: 2 });
    // A viewer manages nobody.
    const untouchable = { change_role: false, remove: false };
    expect(first.body.data).toEqual([
      {
        user_id: owner.user.id, name: 'Hub Owner', email: owner.user.email, role: 'owner', joined_at: expect.any(String),
        colour: expect.any(String), photo_url: null, only_owner: true, abilities: untouchable,
      },
      {
        user_id: editor.user.id, name: 'Hub Editor', email: editor.user.email, role: 'editor', joined_at: expect.any(String),
        colour: expect.any(String), photo_url: null, only_owner: false, abilities: untouchable,
      },
    ]);
    const second = await server.get<MemberPage>(`spaces/${space.id}/members/?page=2&page_size=2`, as(viewer, hub));
    expect(second.body.data.map((m) => m.user_id)).toEqual([viewer.user.id]);

    const searched = await server.get<MemberPage>(`spaces/${space.id}/members/?search=EDITOR`, as(viewer, hub));
    expect(searched.body).toMatchObject({ count: 1, data: [{ user_id: editor.user.id }] });
    const byEmail = await server.get<MemberPage>(`spaces/${space.id}/members/?search=${encodeURIComponent(viewer.user.email)}`, as(owner, hub));
    expect(byEmail.body.data.map((m) => m.user_id)).toEqual([viewer.user.id]);
  });

  it('refuses a bad page size (400)', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    expect((await server.get(`spaces/${space.id}/members/?page_size=500`, as(owner, hub))).status).toBe(400);
  });
});

describe('POST spaces/{id}/members/', () => {
  it('lets an editor add a hub member with a role', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, editor, 'editor');
    const res = await server.post<{ data: SpaceMember; message: string }>(
      `spaces/${space.id}/members/`, { user_id: viewer.user.id, role: 'editor' }, as(editor, hub),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        user_id: viewer.user.id, name: 'Hub Viewer', email: viewer.user.email, role: 'editor', joined_at: expect.any(String),
        colour: expect.any(String), photo_url: null, only_owner: false,
        // An editor adds members but does not manage them.
        abilities: { change_role: false, remove: false },
      },
      message: 'Hub Viewer was added to the space.',
    });
    const seen = await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub));
    expect(seen.body.data).toMatchObject({ is_member: true, my_role: 'editor', member_count: 3 });
  });

  it('refuses a viewer (403) and an editor granting owner (403)', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const person = await addHubMember(server, hub, 'viewer');
    await server.post(`spaces/${space.id}/join/`, {}, as(editor, hub));
    const byViewer = await server.post<ErrorBody>(`spaces/${space.id}/members/`, { user_id: person.user.id, role: 'viewer' }, as(viewer, hub));
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.message).toBe('Only editors and owners of this space can add members.');
    const ownerByEditor = await server.post<ErrorBody>(`spaces/${space.id}/members/`, { user_id: person.user.id, role: 'owner' }, as(editor, hub));
    expect(ownerByEditor.status).toBe(403);
    expect(ownerByEditor.body.message).toBe('Only an owner of this space or of the hub can manage its members.');
    expect((await server.post(`spaces/${space.id}/members/`, { user_id: person.user.id, role: 'owner' }, as(owner, hub))).status).toBe(201);
  });

  it('answers 404 for someone outside the hub, whether they exist or not', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const elsewhere = await hubWithPeople(server);
    const stranger = await createUser(server);
    const space = await createSpace(server, owner, hub);
    for (const userId of [stranger.user.id, elsewhere.editor.user.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await server.post(`spaces/${space.id}/members/`, { user_id: userId, role: 'viewer' }, as(owner, hub));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: 'That member of the hub was not found.' });
    }
  });

  it.each([
    [{}, { user_id: ['Please choose a member of the hub'], role: ['Please choose a role'] }],
    [{ user_id: 'abc', role: 'viewer' }, { user_id: ['Please choose a member of the hub'] }],
    [{ user_id: '00000000-0000-4000-8000-000000000000', role: 'admin' }, { role: ['Please choose a role'] }],
  ])('validates %j (400)', async (body, errors) => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const res = await server.post<ErrorBody>(`spaces/${space.id}/members/`, body, as(owner, hub));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
  });

  it('answers 409 for someone already in the space, 422 for a private or archived space', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await addToSpace(server, owner, hub, space, viewer, 'viewer');
    const again = await server.post<ErrorBody>(`spaces/${space.id}/members/`, { user_id: viewer.user.id, role: 'editor' }, as(owner, hub));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'already_member', message: 'That person is already a member of this space.' });

    const secret = await createSpace(server, owner, hub, { visibility: 'private' });
    const toPrivate = await server.post<ErrorBody>(`spaces/${secret.id}/members/`, { user_id: editor.user.id, role: 'viewer' }, as(owner, hub));
    expect(toPrivate.status).toBe(422);
    expect(toPrivate.body.code).toBe('space_private');

    await server.post(`spaces/${space.id}/archive/`, {}, as(owner, hub));
    const toArchived = await server.post<ErrorBody>(`spaces/${space.id}/members/`, { user_id: editor.user.id, role: 'viewer' }, as(owner, hub));
    expect(toArchived.status).toBe(422);
    expect(toArchived.body.code).toBe('space_archived');
  });
});

describe('PATCH and DELETE spaces/{id}/members/{user_id}/', () => {
  it('lets a space owner change a role and remove a member', async () => {
    const { hub, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub, { visibility: 'shared' });
    await addToSpace(server, editor, hub, space, viewer, 'viewer');
    const changed = await server.patch<{ data: SpaceMember }>(`spaces/${space.id}/members/${viewer.user.id}/`, { role: 'owner' }, as(editor, hub));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ user_id: viewer.user.id, role: 'owner' });
    expect((await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub))).body.data.my_role).toBe('owner');

    const removed = await remove(`spaces/${space.id}/members/${viewer.user.id}/`, as(editor, hub));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: null, message: 'Member removed from the space.' });
    expect((await server.get(`spaces/${space.id}/`, as(viewer, hub))).status).toBe(404);
  });

  it("lets the hub owner manage a public space's members without being one", async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub);
    await addToSpace(server, editor, hub, space, viewer, 'viewer');
    expect((await server.patch(`spaces/${space.id}/members/${viewer.user.id}/`, { role: 'editor' }, as(owner, hub))).status).toBe(200);
    expect((await remove(`spaces/${space.id}/members/${viewer.user.id}/`, as(owner, hub))).status).toBe(200);
  });

  it('refuses an editor doing owner work (403) and a viewer (403)', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await addToSpace(server, owner, hub, space, viewer, 'viewer');
    for (const person of [editor, viewer]) {
      const patch = await server.patch<ErrorBody>(`spaces/${space.id}/members/${viewer.user.id}/`, { role: 'editor' }, as(person, hub));
      expect(patch.status).toBe(403);
      expect(patch.body.message).toBe('Only an owner of this space or of the hub can manage its members.');
      expect((await remove(`spaces/${space.id}/members/${owner.user.id}/`, as(person, hub))).status).toBe(403);
    }
  });

  it('protects the last owner from demotion and removal (422), then allows it once another owner exists', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub);
    const demote = await server.patch<ErrorBody>(`spaces/${space.id}/members/${editor.user.id}/`, { role: 'viewer' }, as(owner, hub));
    expect(demote.status).toBe(422);
    expect(demote.body).toEqual({ code: 'last_owner', message: 'A space needs an owner. Make another member an owner first.' });
    const removal = await remove(`spaces/${space.id}/members/${editor.user.id}/`, as(editor, hub));
    expect(removal.status).toBe(422);
    expect(removal.body.code).toBe('last_owner');
    // Keeping the owner role is not a demotion.
    expect((await server.patch(`spaces/${space.id}/members/${editor.user.id}/`, { role: 'owner' }, as(editor, hub))).status).toBe(200);

    await addToSpace(server, editor, hub, space, owner, 'owner');
    expect((await server.patch(`spaces/${space.id}/members/${editor.user.id}/`, { role: 'viewer' }, as(owner, hub))).status).toBe(200);
    const last = await remove(`spaces/${space.id}/members/${owner.user.id}/`, as(owner, hub));
    expect(last.status).toBe(422);
  });

  it('answers 404 for a user who is not a member of the space, or a malformed id', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    for (const userId of [viewer.user.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await server.patch(`spaces/${space.id}/members/${userId}/`, { role: 'editor' }, as(owner, hub))).body).toEqual(MEMBER_NOT_FOUND);
      expect((await remove(`spaces/${space.id}/members/${userId}/`, as(owner, hub))).body).toEqual(MEMBER_NOT_FOUND);
    }
  });

  it('validates the role (400)', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const res = await server.patch<ErrorBody>(`spaces/${space.id}/members/${owner.user.id}/`, { role: 'guest' }, as(owner, hub));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role: ['Please choose a role'] });
  });
});

describe('GET spaces/{id}/member-candidates/', () => {
  interface CandidatePage { data: Array<{ user_id: string; name: string; email: string }>; count: number }
  const candidates = (spaceId: string, opts: Parameters<TestServer['get']>[1], query = '') =>
    server.get<CandidatePage>(`spaces/${spaceId}/member-candidates/${query}`, opts);

  it('offers the hub members not in the space yet, never the one adding, by name and searchable', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const ada = await addHubMember(server, hub, 'viewer', 'Ada Lovelace');
    const space = await createSpace(server, editor, hub, { visibility: 'shared' });
    await addToSpace(server, editor, hub, space, viewer, 'viewer');

    const res = await candidates(space.id, as(editor, hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2 });
    expect(res.body.data).toEqual([
      { user_id: ada.user.id, name: 'Ada Lovelace', email: ada.user.email },
      { user_id: owner.user.id, name: 'Hub Owner', email: owner.user.email },
    ]);
    const searched = await candidates(space.id, as(editor, hub), '?search=LOVE');
    expect(searched.body.data.map((c) => c.user_id)).toEqual([ada.user.id]);
    // Someone of another hub is never offered, whatever the search.
    const elsewhere = await hubWithPeople(server);
    const outside = await candidates(space.id, as(editor, hub), `?search=${encodeURIComponent(elsewhere.viewer.user.email)}`);
    expect(outside.body).toMatchObject({ count: 0, data: [] });
  });

  it('answers 401 without a valid session', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    for (const token of [undefined, 'not-a-token']) {
      const res = await candidates(space.id, { token, hubHandle: hub.domain_handle });
      expect(res.status).toBe(401);
      expect(res.body).not.toHaveProperty('data');
    }
  });

  it("answers 404 to a member of another hub, as for a space that does not exist", async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const elsewhere = await hubWithPeople(server);
    const res = await candidates(space.id, as(elsewhere.owner, elsewhere.hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(SPACE_NOT_FOUND);
  });

  it('answers 403 to those who may not add members: viewers of the space', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const spaceViewer = await addHubMember(server, hub, 'viewer');
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, spaceViewer, 'viewer');
    const publicSpace = await createSpace(server, owner, hub, { visibility: 'public' });
    for (const [spaceId, person] of [[space.id, spaceViewer], [publicSpace.id, viewer]] as const) {
      const res = await candidates(spaceId, as(person, hub));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'forbidden', message: 'Only editors and owners of this space can add members.' });
    }
  });
});
