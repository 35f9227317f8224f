import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from './token-cases';

let server: TestServer;
let person: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUp(server);
});
afterAll(async () => { await server.close(); });

async function freshToken() {
  const res = await server.post<{ data: { token: string } }>('auth/login/', { email: person.email, password: person.password });
  expect(res.status).toBe(200);
  return res.body.data.token;
}
const signedOut = { data: null, message: 'You have been signed out.' };

describe.each(['GET', 'POST'] as const)('%s auth/logout/', (method) => {
  const logout = (auth: { token?: string; authorization?: string }) =>
    method === 'GET' ? server.get('auth/logout/', auth) : server.post('auth/logout/', {}, auth);

  it('revokes the session: the same token then gets 401 session_revoked', async () => {
    const token = await freshToken();
    const res = await logout({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(signedOut);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(token).sid)));
    expect(session!.revokedAt).toBeInstanceOf(Date);

    const me = await server.get('auth/me/', { token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'You have been signed out. Please sign in again.', code: 'session_revoked' });
  });

  it('leaves the user\'s other sessions signed in', async () => {
    const token = await freshToken();
    const other = await freshToken();
    expect((await logout({ token })).status).toBe(200);
    expect((await server.get('auth/me/', { token: other })).status).toBe(200);
  });

  itRejectsBadTokens({ server: () => server, person: () => person, call: (_s, auth) => logout(auth) });
});

describe('auth/logout/ without a body', () => {
  it('accepts a POST with no JSON body at all', async () => {
    const token = await freshToken();
    const res = await server.request('POST', 'auth/logout/', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(signedOut);
  });
});

describe('auth/logout/ started by another site', () => {
  /** A sign-out as a browser would send it for a page: no AppType unless given, the token the page somehow holds. */
  const rawLogout = (token: string, method: 'GET' | 'POST', headers: Record<string, string>) =>
    fetch(`${server.url}/api/v1/auth/logout/`, { method, headers: { Authorization: `JWT ${token}`, ...headers } });
  const ownOrigin = () => new URL(server.config.appUrl).origin;

  it.each([
    ['GET', 'without AppType (an <img> or a link)', {}],
    ['GET', 'marked cross-site by the browser', { AppType: 'social', 'Sec-Fetch-Site': 'cross-site' }],
    ['GET', 'from a sibling site', { AppType: 'social', 'Sec-Fetch-Site': 'same-site' }],
    ['GET', "with another site's Origin", { AppType: 'social', Origin: 'https://evil.example' }],
    ['POST', 'without AppType (a form)', { 'Content-Type': 'application/x-www-form-urlencoded' }],
  ] as const)('%s %s is refused and signs nobody out', async (method, _how, headers: Record<string, string>) => {
    const token = await freshToken();
    const res = await rawLogout(token, method, headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'This request did not come from Convene itself, so it was refused.', code: 'cross_site_request' });
    expect((await server.get('auth/me/', { token })).status).toBe(200);
  });

  it("signs out when the app's own page sends it, and when a client that is not a browser sends AppType", async () => {
    const fromPage = await freshToken();
    const page = await rawLogout(fromPage, 'GET', { AppType: 'social', 'Sec-Fetch-Site': 'same-origin', Origin: ownOrigin() });
    expect(page.status).toBe(200);
    expect((await server.get('auth/me/', { token: fromPage })).status).toBe(401);

    const fromScript = await freshToken();
    expect((await rawLogout(fromScript, 'GET', { AppType: 'social' })).status).toBe(200);
    expect((await server.get('auth/me/', { token: fromScript })).status).toBe(401);
  });
});
