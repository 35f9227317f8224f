import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, SpaceVisibility } from '../../../lib/contract/settings';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  addHubMember, addToSpace, as, createSpace, hubWithPeople, listAll, SPACE_NOT_FOUND, type ErrorBody, type Person,
  type SpaceBody,
} from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

type Actor = 'hubOwner' | 'hubEditor' | 'hubViewer' | 'spaceEditor' | 'hubEditorSpaceViewer' | 'creator';

/**
 * Design §5: what each kind of person sees of a space of each visibility, and
 * with which effective role (null = the space is invisible: 404, not listed).
 * The creator is a hub editor; "spaceEditor" is a hub viewer added to the
 * space as an editor; "hubEditorSpaceViewer" a hub editor added as a viewer.
 * In the private case the two were added while the space was shared, and it
 * was then made private by its creator.
 */
const matrix: Record<SpaceVisibility, Record<Actor, Role | null>> = {
  public: { hubOwner: 'owner', hubEditor: 'editor', hubViewer: 'viewer', spaceEditor: 'editor', hubEditorSpaceViewer: 'editor', creator: 'owner' },
  shared: { hubOwner: null, hubEditor: null, hubViewer: null, spaceEditor: 'editor', hubEditorSpaceViewer: 'editor', creator: 'owner' },
  private: { hubOwner: 'owner', hubEditor: null, hubViewer: null, spaceEditor: null, hubEditorSpaceViewer: null, creator: 'owner' },
};

describe.each(Object.keys(matrix) as SpaceVisibility[])('a %s space', (visibility) => {
  let people: Record<Actor, Person>;
  let hub: Awaited<ReturnType<typeof hubWithPeople>>['hub'];
  let spaceId: string;

  beforeAll(async () => {
    const base = await hubWithPeople(server);
    hub = base.hub;
    const creator = await addHubMember(server, hub, 'editor', 'Creator');
    people = {
      hubOwner: base.owner,
      hubEditor: base.editor,
      hubViewer: base.viewer,
      spaceEditor: await addHubMember(server, hub, 'viewer', 'Space Editor'),
      hubEditorSpaceViewer: await addHubMember(server, hub, 'editor', 'Hub Editor Space Viewer'),
      creator,
    };
    const space = await createSpace(server, creator, hub, { visibility: visibility === 'private' ? 'shared' : visibility });
    spaceId = space.id;
    await addToSpace(server, creator, hub, space, people.spaceEditor, 'editor');
    await addToSpace(server, creator, hub, space, people.hubEditorSpaceViewer, 'viewer');
    if (visibility === 'private') {
      const made = await server.patch(`spaces/${spaceId}/`, { visibility: 'private' }, as(creator, hub));
      expect(made.status).toBe(200);
    }
  });

  it.each(Object.entries(matrix[visibility]) as Array<[Actor, Role | null]>)('as %s: read and list agree (%s)', async (actor, role) => {
    const person = people[actor];
    // Listed before the read: a read notes a visit, which the lists would show.
    const listed = (await listAll(server, person, hub)).find((s) => s.id === spaceId);
    const searched = (await listAll(server, person, hub, `&search=Space`)).find((s) => s.id === spaceId);
    const read = await server.get<SpaceBody & ErrorBody>(`spaces/${spaceId}/`, as(person, hub));
    if (role === null) {
      expect(read.status).toBe(404);
      expect(read.body).toEqual(SPACE_NOT_FOUND);
      expect(listed).toBeUndefined();
      expect(searched).toBeUndefined();
    } else {
      expect(read.status).toBe(200);
      expect(read.body.data.my_role).toBe(role);
      expect(listed).toEqual(read.body.data);
      expect(searched).toEqual(read.body.data);
    }
  });
});

describe('visibility rules for writes', () => {
  it('hides a shared space from a non-member for every write too (404, not 403)', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub, { visibility: 'shared' });
    for (const [method, path, body] of [
      ['PATCH', '', { name: 'Mine now' }],
      ['POST', 'archive/', {}],
      ['POST', 'join/', {}],
      ['POST', 'leave/', {}],
      ['GET', 'members/', undefined],
      ['POST', 'members/', { user_id: owner.user.id, role: 'viewer' }],
      ['PATCH', `members/${editor.user.id}/`, { role: 'viewer' }],
      ['DELETE', `members/${editor.user.id}/`, undefined],
    ] as const) {
      const res = await server.request(method, `spaces/${space.id}/${path}`, as(owner, hub, { body }));
      expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 404, body: SPACE_NOT_FOUND });
    }
  });

  it("lets the hub owner run a private space they did not create (it is theirs to see), but not make others' spaces private", async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const secret = await createSpace(server, editor, hub, { visibility: 'private' });
    const renamed = await server.patch<SpaceBody>(`spaces/${secret.id}/`, { name: 'Renamed by owner' }, as(owner, hub));
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Renamed by owner', my_role: 'owner', is_member: false });

    const open = await createSpace(server, editor, hub, { visibility: 'public' });
    await server.post(`spaces/${open.id}/join/`, {}, as(owner, hub));
    const refused = await server.patch<ErrorBody>(`spaces/${open.id}/`, { visibility: 'private' }, as(owner, hub));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden', message: 'Only the person who created this space can make it private.' });
  });

  it('keeps the members of a space made private, and gives them access back when it is shared again', async () => {
    const { hub, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, editor, hub, { visibility: 'shared' });
    await addToSpace(server, editor, hub, space, viewer, 'viewer');
    await server.patch(`spaces/${space.id}/`, { visibility: 'private' }, as(editor, hub));
    expect((await server.get(`spaces/${space.id}/`, as(viewer, hub))).status).toBe(404);
    await server.patch(`spaces/${space.id}/`, { visibility: 'shared' }, as(editor, hub));
    const back = await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub));
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ is_member: true, my_role: 'viewer', member_count: 2 });
  });
});
