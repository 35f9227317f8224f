import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaces } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  addHubMember, addToSpace, as, createSpace, hubWithPeople, listAll, SPACE_NOT_FOUND, type ErrorBody, type SpaceBody,
} from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('PATCH spaces/{id}/', () => {
  it('lets an editor who joined edit name and description, and clear the description with a blank', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { description: 'Old' });
    // An Everyone space is joined before it is changed, as its abilities say.
    const unjoined = await server.patch<ErrorBody>(`spaces/${space.id}/`, { name: 'New name' }, as(editor, hub));
    expect({ status: unjoined.status, ...unjoined.body }).toEqual({ status: 403, code: 'forbidden', message: 'Join this space to change it.' });
    await server.post(`spaces/${space.id}/join/`, {}, as(editor, hub));
    const res = await server.patch<SpaceBody>(`spaces/${space.id}/`, { name: ' New name ', description: 'New' }, as(editor, hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'New name', description: 'New', visibility: 'public', my_role: 'editor' });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(space.updated_at));
    const cleared = await server.patch<SpaceBody>(`spaces/${space.id}/`, { description: '' }, as(editor, hub));
    expect(cleared.body.data).toMatchObject({ name: 'New name', description: null });
  });

  it('refuses a viewer (403) and leaves the space as it was', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    for (const body of [{ name: 'Hijacked' }, { visibility: 'shared' }, {}]) {
      const res = await server.patch<ErrorBody>(`spaces/${space.id}/`, body, as(viewer, hub));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await server.get<SpaceBody>(`spaces/${space.id}/`, as(owner, hub))).body.data).toMatchObject({ name: space.name, visibility: 'public' });
  });

  it('lets a space editor who is only a hub viewer change visibility, but only the creator make it private', async () => {
    const { hub, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub, { visibility: 'public' });
    await addToSpace(server, editor, hub, space, viewer, 'editor');
    const shared = await server.patch<SpaceBody>(`spaces/${space.id}/`, { visibility: 'shared' }, as(viewer, hub));
    expect(shared.status).toBe(200);
    expect(shared.body.data.visibility).toBe('shared');
    const refused = await server.patch<ErrorBody>(`spaces/${space.id}/`, { visibility: 'private' }, as(viewer, hub));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the person who created this space can make it private.');
    const made = await server.patch<SpaceBody>(`spaces/${space.id}/`, { visibility: 'private' }, as(editor, hub));
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ visibility: 'private', my_role: 'owner' });
  });

  it('keeps someone who shares a space they are no member of in it, with the role they acted with', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    // The hub owner sees a private space without being its member.
    const space = await createSpace(server, editor, hub, { visibility: 'private' });
    const res = await server.patch<SpaceBody>(`spaces/${space.id}/`, { visibility: 'shared' }, as(owner, hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ visibility: 'shared', is_member: true, space_role: 'owner', member_count: 2 });
  });

  it('validates the fields it is given', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const res = await server.patch<ErrorBody>(`spaces/${space.id}/`, { name: 'x', visibility: 'hidden' }, as(owner, hub));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: ['Space name must be at least 2 characters'], visibility: ['Please choose a visibility'] });
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"])('answers 404 for the id %j', async (id) => {
    const { hub, owner } = await hubWithPeople(server);
    const res = await server.patch(`spaces/${encodeURIComponent(id)}/`, { name: 'Whatever' }, as(owner, hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(SPACE_NOT_FOUND);
  });
});

describe('archive and restore', () => {
  it('hides an archived space from lists and searches, keeps its data, and restore brings it back', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub, { name: 'Quarterly plans', description: 'Targets' });
    await addToSpace(server, editor, hub, space, owner, 'viewer');

    const archived = await server.post<SpaceBody>(`spaces/${space.id}/archive/`, {}, as(editor, hub));
    expect(archived.status).toBe(200);
    expect(archived.body.data.archived_at).toEqual(expect.any(String));
    expect((await listAll(server, editor, hub)).map((s) => s.id)).not.toContain(space.id);
    expect((await listAll(server, editor, hub, '&search=Quarterly')).map((s) => s.id)).not.toContain(space.id);
    expect((await listAll(server, editor, hub, '&archived=true')).map((s) => s.id)).toEqual([space.id]);
    // The data is all still there and readable.
    const read = await server.get<SpaceBody>(`spaces/${space.id}/`, as(editor, hub));
    expect(read.body.data).toMatchObject({ name: 'Quarterly plans', description: 'Targets', member_count: 2 });
    expect((await server.get(`spaces/${space.id}/members/`, as(editor, hub))).body).toMatchObject({ count: 2 });

    // Read-only while archived.
    const edit = await server.patch<ErrorBody>(`spaces/${space.id}/`, { name: 'Changed' }, as(editor, hub));
    expect(edit.status).toBe(422);
    expect(edit.body).toEqual({ code: 'space_archived', message: 'This space is archived. Restore it before changing it.' });
    expect((await server.post<ErrorBody>(`spaces/${space.id}/archive/`, {}, as(editor, hub))).status).toBe(409);

    const restored = await server.post<SpaceBody>(`spaces/${space.id}/restore/`, {}, as(editor, hub));
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ archived_at: null, name: 'Quarterly plans', member_count: 2 });
    expect((await listAll(server, editor, hub, '&search=Quarterly')).map((s) => s.id)).toEqual([space.id]);
    expect((await listAll(server, editor, hub, '&archived=true'))).toEqual([]);
    expect((await server.post<ErrorBody>(`spaces/${space.id}/restore/`, {}, as(editor, hub))).status).toBe(409);
  });

  it('lets the hub owner archive any space they can see, but not an editor who does not own it (403)', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    for (const action of ['archive', 'restore']) {
      const res = await server.post<ErrorBody>(`spaces/${space.id}/${action}/`, {}, as(editor, hub));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only an owner of this space or of the hub can archive or restore it.');
    }
    const other = await createSpace(server, editor, hub);
    expect((await server.post(`spaces/${other.id}/archive/`, {}, as(owner, hub))).status).toBe(200);
    expect((await server.db.select().from(spaces).where(eq(spaces.id, other.id)))[0]!.archivedAt).not.toBeNull();
  });

  it('lets a space owner who is only a hub viewer archive their space', async () => {
    const { hub, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub);
    await addToSpace(server, editor, hub, space, viewer, 'owner');
    expect((await server.post(`spaces/${space.id}/archive/`, {}, as(viewer, hub))).status).toBe(200);
  });
});

describe('join and leave', () => {
  it('joins a public space in one click as a viewer; joining twice is a conflict', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'public' });
    expect(space.member_count).toBe(1);
    const before = await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub));
    expect(before.body.data).toMatchObject({ is_member: false, space_role: null, my_role: 'viewer' });

    const joined = await server.post<SpaceBody>(`spaces/${space.id}/join/`, {}, as(viewer, hub));
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ is_member: true, space_role: 'viewer', my_role: 'viewer', member_count: 2 });
    expect((await listAll(server, viewer, hub, '&mine=true')).map((s) => s.id)).toEqual([space.id]);

    const again = await server.post<ErrorBody>(`spaces/${space.id}/join/`, {}, as(viewer, hub));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'already_member', message: 'You are already a member of this space.' });
  });

  it('answers 404 to joining a shared or private space, even one the caller can see', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const shared = await createSpace(server, owner, hub, { visibility: 'shared' });
    expect((await server.post(`spaces/${shared.id}/join/`, {}, as(editor, hub))).body).toEqual(SPACE_NOT_FOUND);
    const secret = await createSpace(server, editor, hub, { visibility: 'private' });
    const res = await server.post(`spaces/${secret.id}/join/`, {}, as(owner, hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(SPACE_NOT_FOUND);
  });

  it('refuses to join an archived space', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await server.post(`spaces/${space.id}/archive/`, {}, as(owner, hub));
    const res = await server.post<ErrorBody>(`spaces/${space.id}/join/`, {}, as(viewer, hub));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('space_archived');
  });

  it('leaves a space; a shared one then disappears', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, viewer, 'editor');
    const left = await server.post(`spaces/${space.id}/leave/`, {}, as(viewer, hub));
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ data: null, message: 'You left the space.' });
    expect((await server.get(`spaces/${space.id}/`, as(viewer, hub))).status).toBe(404);
    expect((await server.get<SpaceBody>(`spaces/${space.id}/`, as(owner, hub))).body.data.member_count).toBe(1);
  });

  it('refuses to let the last owner leave, until another owner exists', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub);
    const refused = await server.post<ErrorBody>(`spaces/${space.id}/leave/`, {}, as(editor, hub));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: 'last_owner',
      message: 'You are the only owner of this space. Make another member an owner before you leave.',
    });
    await addToSpace(server, editor, hub, space, owner, 'owner');
    expect((await server.post(`spaces/${space.id}/leave/`, {}, as(editor, hub))).status).toBe(200);
  });

  it('answers 409 to leaving a public space one never joined', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const person = await addHubMember(server, hub, 'editor');
    const res = await server.post<ErrorBody>(`spaces/${space.id}/leave/`, {}, as(person, hub));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'conflict', message: 'You are not a member of this space.' });
  });
});
