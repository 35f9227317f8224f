import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusedAuthorizations } from '../../test/fixtures';
import { as, createSpace, hubWithPeople, SPACE_NOT_FOUND, type HubWithPeople, type SpacePage } from './space-test-kit';

let server: TestServer;
let home: HubWithPeople;
let away: HubWithPeople;
let spaceId: string;
beforeAll(async () => {
  server = await startTestServer();
  home = await hubWithPeople(server);
  away = await hubWithPeople(server);
  spaceId = (await createSpace(server, home.owner, home.hub, { visibility: 'public' })).id;
});
afterAll(async () => { await server.close(); });

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path with :id, :user_id and :invitation_id standing for the space, one of its members and an invitation. */
  path: string;
  /** A body that would be valid, so only access decides the answer. */
  body?: (userId: string) => unknown;
}

/** Every spaces endpoint (the isolation matrix lists them from the route table as well). */
const endpoints: Endpoint[] = [
  { method: 'POST', path: 'spaces/', body: () => ({ name: 'Valid name', visibility: 'public' }) },
  { method: 'GET', path: 'spaces/' },
  { method: 'GET', path: 'spaces/:id/' },
  { method: 'PATCH', path: 'spaces/:id/', body: () => ({ name: 'Valid name' }) },
  { method: 'POST', path: 'spaces/:id/archive/', body: () => ({}) },
  { method: 'POST', path: 'spaces/:id/restore/', body: () => ({}) },
  { method: 'POST', path: 'spaces/:id/join/', body: () => ({}) },
  { method: 'POST', path: 'spaces/:id/leave/', body: () => ({}) },
  { method: 'GET', path: 'spaces/:id/members/' },
  { method: 'POST', path: 'spaces/:id/members/', body: (userId) => ({ user_id: userId, role: 'viewer' }) },
  { method: 'PATCH', path: 'spaces/:id/members/:user_id/', body: () => ({ role: 'viewer' }) },
  { method: 'DELETE', path: 'spaces/:id/members/:user_id/' },
  { method: 'POST', path: 'spaces/:id/invitations/', body: () => ({ emails: ['guard@guests.test'], role: 'viewer' }) },
  { method: 'GET', path: 'spaces/:id/invitations/' },
  { method: 'POST', path: 'spaces/:id/invitations/:invitation_id/resend/', body: () => ({}) },
  { method: 'DELETE', path: 'spaces/:id/invitations/:invitation_id/' },
];

const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';

const call = (endpoint: Endpoint, id: string, opts: Parameters<TestServer['request']>[2]) => {
  const userId = home.owner.user.id;
  const path = endpoint.path.replace(':id', id).replace(':user_id', userId).replace(':invitation_id', UNKNOWN_ID);
  return server.request(endpoint.method, path, { ...opts, body: endpoint.body?.(userId) });
};

describe.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, endpoint) => {
  it('answers 401 to every refused authorization, and never the data', async () => {
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      const res = await call(endpoint, spaceId, { authorization, hubHandle: home.hub.domain_handle });
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(JSON.stringify(res.body)).not.toContain(spaceId);
    }
  });

  it("answers a member of another hub 404 with this hub's Org-Handle", async () => {
    const res = await call(endpoint, spaceId, as(away.owner, home.hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'That hub was not found.', code: 'not_found' });
  });

});

describe.each(endpoints.filter((e) => e.path.includes(':id')).map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, endpoint) => {
  it("answers a member of another hub 404 with their own hub's Org-Handle, like a missing space", async () => {
    const res = await call(endpoint, spaceId, as(away.owner, away.hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(SPACE_NOT_FOUND);
  });

  it('answers 404 for a malformed or unknown space id', async () => {
    for (const id of ['not-an-id', UNKNOWN_ID]) {
      const res = await call(endpoint, id, as(home.owner, home.hub));
      expect(res.status).toBe(404);
      expect(res.body).toEqual(SPACE_NOT_FOUND);
    }
  });
});

it("never lists another hub's spaces to a member of another hub", async () => {
  const res = await server.get<SpacePage>('spaces/?page_size=100', as(away.owner, away.hub));
  expect(res.status).toBe(200);
  expect(res.body.data.map((s) => s.id)).not.toContain(spaceId);
});
