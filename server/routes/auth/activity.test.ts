import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../lib/contract/audit';
import { auditEvents } from '../../db/schema';
import { createHub, createUser } from '../../test/fixtures';
import { STRONG_PASSWORD, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface Page { data: AuditEvent[]; count: number; page: number; page_size: number }
const activityOf = (token: string, query = '') => server.get<Page>(`auth/activity/${query}`, { token });

describe('GET auth/activity/', () => {
  it("shows my own account events, newest first, with me as actor, and nobody else's", async () => {
    const me = await createUser(server, { name: 'Mia Mine' });
    const other = await createUser(server, { name: 'Oscar Other' });
    const signIn = (email: string) =>
      server.post('auth/login/', { email, password: STRONG_PASSWORD }, { headers: { 'User-Agent': 'Activity Test Browser' } });
    expect((await signIn(me.email)).status).toBe(200);
    expect((await signIn(other.email)).status).toBe(200);
    expect((await server.post('auth/sessions/revoke-others/', {}, { token: me.token })).status).toBe(200);
    // A hub event of mine is the hub's, not my account's.
    const hub = await createHub(server, me.token);
    expect((await server.post('spaces/', { name: 'Mine', visibility: 'shared' }, { token: me.token, hubHandle: hub.domain_handle })).status).toBe(201);

    const res = await activityOf(me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, page: 1, page_size: 10 });
    expect(res.body.data.map((e) => e.type)).toEqual(['session_revoked', 'sign_in']);
    const mine = { id: me.user.id, name: 'Mia Mine', email: me.email };
    expect(res.body.data[1]).toEqual({
      id: expect.any(String), type: 'sign_in', actor: mine, subject: mine, data: expect.objectContaining({ method: 'password' }),
      ip: '127.0.0.1', user_agent: 'Activity Test Browser', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(res.body)).not.toContain(other.user.id);
  });

  it('pages ten at a time', async () => {
    const me = await createUser(server);
    const start = Date.now() - 60 * 60_000;
    await server.db.insert(auditEvents).values(Array.from({ length: 12 }, (_, i) => ({
      type: 'sign_in', actorId: me.user.id, subjectId: me.user.id, data: { method: 'password', n: i }, createdAt: new Date(start + i * 60_000),
    })));
    const first = await activityOf(me.token);
    const second = await activityOf(me.token, '?page=2');
    expect(first.body).toMatchObject({ count: 12, page: 1, page_size: 10 });
    expect(first.body.data.map((e) => e.data.n)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(second.body.data.map((e) => e.data.n)).toEqual([1, 0]);
  });

  it('answers 401 without a session', async () => {
    const res = await server.get('auth/activity/');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthenticated' });
  });
});
