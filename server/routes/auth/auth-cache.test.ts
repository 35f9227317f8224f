import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithHub, signUpWithProfile, startTestServer, STRONG_PASSWORD, type TestServer } from '../../test/harness';
import { createStatementCounter } from '../../test/statement-counter';

/*
 * An authenticated request checks its session, and `auth/me/` answers its
 * view, from the node's memory: no SQL on the common path. Every write that
 * changes what is remembered drops it, so the very next request sees the
 * change.
 */

const counter = createStatementCounter();
let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { databaseLogger: counter.logger }); });
afterAll(async () => { await server.close(); });

interface Me { data: { name: string; organizations: Array<{ domain_handle: string }> } }

async function signIn(email: string, password = STRONG_PASSWORD) {
  const res = await server.post<{ data: { token: string } }>('auth/login/', { email, password });
  expect(res.status).toBe(200);
  return res.body.data.token;
}

describe('statements per request', () => {
  it('answers a warm auth/me/ without SQL, and a cold one with the session and the view', async () => {
    const person = await signUpWithHub(server);
    const token = await signIn(person.email);
    const cold = await counter.during(async () => expect((await server.get('auth/me/', { token })).status).toBe(200));
    // The session with its user (1), the hubs (1), the hubs on offer (2: invitations, email domain), the passkeys (1).
    expect(cold).toHaveLength(5);
    const warm = await counter.during(async () => expect((await server.get('auth/me/', { token })).status).toBe(200));
    expect(warm).toEqual([]);
  });

  it('checks neither the session nor the membership again on a warm hub-scoped request', async () => {
    const person = await signUpWithHub(server);
    const headers = { token: person.token, hubHandle: person.handle };
    expect((await server.get('spaces/', headers)).status).toBe(200);
    const warm = await counter.during(async () => expect((await server.get('spaces/', headers)).status).toBe(200));
    // Only the list itself: its page and its count.
    expect(warm).toHaveLength(2);
    expect(warm.filter((sql) => /from "sessions"|from "organizations" inner join "memberships"/.test(sql))).toEqual([]);
  });
});

describe('what a write changes, the next request sees', () => {
  it('shows the new name right after a profile edit', async () => {
    const person = await signUpWithProfile(server, { name: 'Old Name' });
    expect((await server.get<Me>('auth/me/', { token: person.token })).body.data.name).toBe('Old Name');
    expect((await server.patch('auth/profile/', { name: 'New Name', role: 'software_engineer' }, { token: person.token })).status).toBe(200);
    expect((await server.get<Me>('auth/me/', { token: person.token })).body.data.name).toBe('New Name');
  });

  it('refuses the token right after sign-out', async () => {
    const person = await signUpWithProfile(server);
    expect((await server.get('auth/me/', { token: person.token })).status).toBe(200);
    expect((await server.post('auth/logout/', {}, { token: person.token })).status).toBe(200);
    expect((await server.get('auth/me/', { token: person.token })).status).toBe(401);
  });

  it('refuses a session signed out from the devices list, and the others after "sign out everywhere else"', async () => {
    const person = await signUpWithProfile(server);
    const [second, third] = [await signIn(person.email), await signIn(person.email)];
    for (const token of [person.token, second, third]) expect((await server.get('auth/me/', { token })).status).toBe(200);
    const sessions = await server.get<{ data: Array<{ id: string; current: boolean }> }>('auth/sessions/', { token: second });
    const current = sessions.body.data.find((s) => s.current);
    expect(current).toBeDefined();
    expect((await server.request('DELETE', `auth/sessions/${current!.id}/`, { token: person.token })).status).toBe(200);
    expect((await server.get('auth/me/', { token: second })).status).toBe(401);
    expect((await server.post('auth/sessions/revoke-others/', {}, { token: person.token })).status).toBe(200);
    expect((await server.get('auth/me/', { token: third })).status).toBe(401);
    expect((await server.get('auth/me/', { token: person.token })).status).toBe(200);
  });

  it('refuses the other sessions right after a password change', async () => {
    const person = await signUpWithProfile(server);
    const other = await signIn(person.email);
    expect((await server.get('auth/me/', { token: other })).status).toBe(200);
    const changed = await server.post('auth/password/change/', { current_password: STRONG_PASSWORD, new_password: 'An0ther!Passw0rd' }, { token: person.token });
    expect(changed.status).toBe(200);
    expect((await server.get('auth/me/', { token: other })).status).toBe(401);
    expect((await server.get('auth/me/', { token: person.token })).status).toBe(200);
  });

  it('answers 404 on the hub right after the person is removed from it, and drops it from their view', async () => {
    const owner = await signUpWithHub(server, { visibility: 'public' });
    const member = await signUpWithProfile(server);
    const joined = await server.post<{ data: { id: string } }>(`organizations/${owner.handle}/join/`, {}, { token: member.token });
    expect(joined.status).toBe(200);
    const scoped = { token: member.token, hubHandle: owner.handle };
    expect((await server.get('spaces/', scoped)).status).toBe(200);
    expect((await server.get<Me>('auth/me/', { token: member.token })).body.data.organizations).toHaveLength(1);
    expect((await server.request('DELETE', `organizations/${owner.handle}/members/${member.user.id}/`, { token: owner.token, hubHandle: owner.handle })).status).toBe(200);
    expect((await server.get('spaces/', scoped)).status).toBe(404);
    expect((await server.get<Me>('auth/me/', { token: member.token })).body.data.organizations).toEqual([]);
  });
});
