import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../lib/contract/auth';
import type { MyOrganization } from '../../../lib/contract/organizations';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, type SpaceBody } from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const noSpaceEdits = {
  update: false, archive: false, invite: false, manage_members: false,
  add_content: false, edit_content: false, delete_content: false, start_meeting: false, join: false,
};

describe('space abilities', () => {
  it('offer each role what the API lets it do in a public space', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'public' });
    const seen = async (person: typeof owner) => (await server.get<SpaceBody>(`spaces/${space.id}/`, as(person, hub))).body.data.abilities;

    expect(await seen(owner)).toEqual({
      update: true, archive: true, restore: false, invite: true, manage_members: true,
      add_content: true, edit_content: true, delete_content: true, start_meeting: true, join: false, leave: true,
    });
    expect(await seen(editor)).toEqual({
      update: true, archive: false, restore: false, invite: true, manage_members: false,
      add_content: true, edit_content: true, delete_content: true, start_meeting: true, join: true, leave: false,
    });
    expect(await seen(viewer)).toEqual({
      update: false, archive: false, restore: false, invite: false, manage_members: false,
      add_content: false, edit_content: false, delete_content: false, start_meeting: true, join: true, leave: false,
    });
  });

  it('offer no invitations in a private space, which admits nobody new', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'private' });
    expect(space.abilities).toMatchObject({ invite: false, update: true, add_content: true });
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

describe('hub abilities', () => {
  it('offer each role what the API lets it do in the hub, in the hub and in the user view alike', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const expected = {
      owner: {
        update: true, change_visibility: true, invite: true, manage_members: true,
        create_space: true, view_audit: true, transfer: true, archive: true,
      },
      editor: {
        update: false, change_visibility: true, invite: true, manage_members: false,
        create_space: true, view_audit: false, transfer: false, archive: false,
      },
      viewer: {
        update: false, change_visibility: false, invite: false, manage_members: false,
        create_space: false, view_audit: false, transfer: false, archive: false,
      },
    };
    expect(hub.abilities).toEqual(expected.owner);
    for (const [role, person] of [['owner', owner], ['editor', editor], ['viewer', viewer]] as const) {
      const read = await server.get<{ data: MyOrganization }>(`organizations/${hub.domain_handle}/`, as(person, hub));
      expect(read.body.data.abilities).toEqual(expected[role]);
      const me = await server.get<{ data: User }>('auth/me/', as(person, hub));
      expect(me.body.data.organizations.find((h) => h.id === hub.id)?.abilities).toEqual(expected[role]);
    }
  });
});
