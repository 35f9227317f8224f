import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../lib/contract/auth';
import type { Member } from '../../../lib/contract/members';
import type { HubTwoFactorPolicy, TwoFactorStatus } from '../../../lib/contract/two-factor';
import { splitKey, pathOf } from '../../../lib/contract/endpoint';
import { allEndpoints, endpointKey } from '../../../lib/contract/endpoints';
import { auditEvents, memberships } from '../../db/schema';
import { createHub, createUser } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { openSignalling } from '../../test/signalling-client';
import { enableTotp, type Data } from './two-factor-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface Page<T> { data: T[] }

/** A hub with its owner and a viewer, neither with two-factor sign-in yet. */
async function hubWithMember() {
  const owner = await createUser(server, { name: 'Olive Owner' });
  const hub = await createHub(server, owner.token);
  const member = await createUser(server, { name: 'Milo Member' });
  await server.db.insert(memberships).values({ hubId: hub.id, userId: member.user.id, role: 'viewer' });
  const as = (who: { token: string }) => ({ token: who.token, hubHandle: hub.domain_handle });
  const path = `organizations/${hub.domain_handle}/two-factor/`;
  return { owner, hub, member, as, path };
}

describe('requiring two-factor sign-in in a hub', () => {
  it('holds at every endpoint the table declares inside a hub, before its input is read, and nowhere else is the hub told', async () => {
    const { owner, hub, member, as, path } = await hubWithMember();
    await enableTotp(server, owner.token);
    expect((await server.request('PUT', path, { ...as(owner), body: { required: true } })).status).toBe(200);
    const outsider = await createUser(server);
    const inHub = allEndpoints.filter((definition) => definition.hub);
    expect(inHub.length).toBeGreaterThan(40);
    for (const definition of inHub) {
      const key = endpointKey(definition);
      // Made-up ids and no body: the hub's hooks answer before any of it is looked at.
      const params = Object.fromEntries([...definition.path.matchAll(/:([a-z_]+)/g)].map(([, name]) => [name, name === 'handle' ? hub.domain_handle : '00000000-0000-4000-8000-000000000000']));
      const url = pathOf(definition, params);
      const { method } = splitKey(key);
      const member403 = await server.request(method, url, as(member));
      const outsider404 = await server.request(method, url, { token: outsider.token, hubHandle: hub.domain_handle });
      expect({ key, member: [member403.status, (member403.body as { code?: string }).code], outsider: outsider404.status })
        .toEqual({ key, member: [403, 'two_factor_required'], outsider: 404 });
    }
  });

  it('an owner without two-factor cannot require it; with it, can', async () => {
    const { owner, as, path } = await hubWithMember();
    const before = await server.get<Data<HubTwoFactorPolicy>>(path, as(owner));
    expect(before.body.data).toEqual({ required: false, members_without_two_factor: 2, you_have_two_factor: false });

    const refused = await server.request('PUT', path, { ...as(owner), body: { required: true } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'two_factor_required' });
    expect((await server.get<Data<HubTwoFactorPolicy>>(path, as(owner))).body.data.required).toBe(false);

    await enableTotp(server, owner.token);
    const on = await server.request<Data<HubTwoFactorPolicy>>('PUT', path, { ...as(owner), body: { required: true } });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ required: true, members_without_two_factor: 1, you_have_two_factor: true });
  });

  it('keeps a member without it out of the hub (403 two_factor_required) until they set it up', async () => {
    const { owner, hub, member, as, path } = await hubWithMember();
    await enableTotp(server, owner.token);
    expect((await server.request('PUT', path, { ...as(owner), body: { required: true } })).status).toBe(200);

    const me = await server.get<Data<User>>('auth/me/', { token: member.token });
    expect(me.body.data).toMatchObject({ two_factor_enabled: false, two_factor_required: true });
    const status = await server.get<Data<TwoFactorStatus>>('auth/two-factor/', { token: member.token });
    expect(status.body.data.required_by).toEqual([{ name: hub.name, domain_handle: hub.domain_handle }]);

    for (const hubPath of ['spaces/', 'wallet/subscription-detail/', `organizations/${hub.domain_handle}/members/`]) {
      const res = await server.get(hubPath, as(member));
      expect({ hubPath, status: res.status, code: (res.body as { code?: string }).code })
        .toEqual({ hubPath, status: 403, code: 'two_factor_required' });
      expect((res.body as { message: string }).message).toBe(`${hub.name} requires two-factor sign-in. Set it up to continue.`);
    }
    // An outsider still learns nothing: the same 404 as before.
    const outsider = await createUser(server);
    expect((await server.get('spaces/', as(outsider))).status).toBe(404);

    // Nor does a meeting's code let them in.
    const started = await server.post<Data<{ code: string }>>('meetings/', {}, as(owner));
    expect(started.status).toBe(201);
    const meetingPath = `meetings/${started.body.data.code}/`;
    const meeting = await server.get(meetingPath, { token: member.token });
    expect({ status: meeting.status, code: (meeting.body as { code?: string }).code }).toEqual({ status: 403, code: 'two_factor_required' });
    const socket = await openSignalling(server);
    socket.send({ type: 'join', token: member.token, code: started.body.data.code, state: { audio: true, video: true, screen: null } });
    expect(await socket.next('error')).toMatchObject({ message: "This meeting's hub requires two-factor sign-in. Set it up to join." });
    expect((await socket.closed).code).toBe(4404);

    await enableTotp(server, member.token);
    expect((await server.get<Data<User>>('auth/me/', { token: member.token })).body.data)
      .toMatchObject({ two_factor_enabled: true, two_factor_required: false });
    expect((await server.get('spaces/', as(member))).status).toBe(200);
    expect((await server.get(meetingPath, { token: member.token })).status).toBe(200);
  });

  it('turning it off lets everyone back in, and both changes are in the hub\'s audit trail', async () => {
    const { owner, hub, member, as, path } = await hubWithMember();
    await enableTotp(server, owner.token);
    await server.request('PUT', path, { ...as(owner), body: { required: true } });
    expect((await server.get('spaces/', as(member))).status).toBe(403);
    const off = await server.request<Data<HubTwoFactorPolicy>>('PUT', path, { ...as(owner), body: { required: false } });
    expect(off.body.data.required).toBe(false);
    expect((await server.get('spaces/', as(member))).status).toBe(200);
    // Setting what is already set changes nothing and records nothing.
    await server.request('PUT', path, { ...as(owner), body: { required: false } });

    const events = await server.db.select().from(auditEvents)
      .where(and(eq(auditEvents.hubId, hub.id), eq(auditEvents.type, 'two_factor_requirement_changed')))
      .orderBy(auditEvents.createdAt);
    expect(events.map((e) => ({ actor: e.actorId, from: e.data.from, to: e.data.to }))).toEqual([
      { actor: owner.user.id, from: false, to: true },
      { actor: owner.user.id, from: true, to: false },
    ]);
  });

  it('is for owners only: a member gets 403 forbidden', async () => {
    const { member, as, path } = await hubWithMember();
    await enableTotp(server, member.token);
    for (const res of [await server.get(path, as(member)), await server.request('PUT', path, { ...as(member), body: { required: false } })]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden' });
    }
  });
});

describe('who has two-factor, in the members list', () => {
  it('is shown to the hub\'s owners and hidden (null) from everyone else', async () => {
    const { owner, hub, member, as } = await hubWithMember();
    await enableTotp(server, member.token);
    const membersPath = `organizations/${hub.domain_handle}/members/`;
    const asOwner = await server.get<Page<Member>>(membersPath, as(owner));
    expect(asOwner.body.data.map((m) => [m.name, m.two_factor])).toEqual([['Olive Owner', false], ['Milo Member', true]]);
    const asMember = await server.get<Page<Member>>(membersPath, as(member));
    expect(asMember.body.data.map((m) => m.two_factor)).toEqual([null, null]);
    // A role change answers the member as the owner sees them.
    const changed = await server.patch<Data<Member>>(`${membersPath}${member.user.id}/`, { role: 'editor' }, as(owner));
    expect(changed.body.data).toMatchObject({ role: 'editor', two_factor: true });
  });
});
