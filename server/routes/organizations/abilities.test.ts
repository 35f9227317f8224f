import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation } from '../../../lib/contract/invitations';
import type { Member } from '../../../lib/contract/members';
import type { MyHub } from '../../../lib/contract/hubs';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, hubWithPeople, type Person } from '../spaces/space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const all = { change_role: true, remove: true };
const none = { change_role: false, remove: false };

describe('hub member abilities', () => {
  const seenBy = async (person: Person, hub: MyHub) => {
    const res = await server.get<{ data: Member[] }>(`organizations/${hub.domain_handle}/members/`, as(person, hub));
    return Object.fromEntries(res.body.data.map((m) => [m.user_id, m.abilities]));
  };

  it('let owners change and remove everyone but the only owner, themselves included once there is another', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    expect(await seenBy(owner, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: all, [viewer.user.id]: all });
    expect(await seenBy(editor, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: none, [viewer.user.id]: none });
    expect(await seenBy(viewer, hub)).toEqual({ [owner.user.id]: none, [editor.user.id]: none, [viewer.user.id]: none });
    // What the abilities refuse, the API refuses.
    const path = (person: Person) => `organizations/${hub.domain_handle}/members/${person.user.id}/`;
    expect((await server.patch(path(owner), { role: 'editor' }, as(owner, hub))).status).toBe(422);
    expect((await server.patch(path(viewer), { role: 'editor' }, as(editor, hub))).status).toBe(403);

    const promoted = await server.patch<{ data: Member }>(path(editor), { role: 'owner' }, as(owner, hub));
    expect(promoted.body.data.abilities).toEqual(all);
    expect(await seenBy(owner, hub)).toEqual({ [owner.user.id]: all, [editor.user.id]: all, [viewer.user.id]: all });
    expect((await server.patch(path(owner), { role: 'editor' }, as(owner, hub))).status).toBe(200);
  });
});

describe('hub invitation abilities', () => {
  it('leave owner invitations to owners', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const path = `organizations/${hub.domain_handle}/invitations/`;
    await server.post(path, { emails: ['boss@guests.test'], role: 'owner' }, as(owner, hub));
    await server.post(path, { emails: ['help@guests.test'], role: 'viewer' }, as(editor, hub));
    const listed = async (person: Person) => {
      const res = await server.get<{ data: Invitation[] }>(path, as(person, hub));
      return Object.fromEntries(res.body.data.map((i) => [i.email, i.abilities]));
    };
    const both = { resend: true, revoke: true };
    expect(await listed(owner)).toEqual({ 'boss@guests.test': both, 'help@guests.test': both });
    expect(await listed(editor)).toEqual({ 'boss@guests.test': { resend: false, revoke: false }, 'help@guests.test': both });

    const boss = (await server.get<{ data: Invitation[] }>(path, as(owner, hub))).body.data.find((i) => i.email === 'boss@guests.test');
    expect((await server.post(`${path}${boss?.id}/resend/`, {}, as(editor, hub))).status).toBe(403);
    const resent = await server.post<{ data: Invitation }>(`${path}${boss?.id}/resend/`, {}, as(owner, hub));
    expect(resent.body.data.abilities).toEqual(both);
  });
});
