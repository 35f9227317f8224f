import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('a session ends on the server, whatever its token says', () => {
  it('gives every session a server-side end one session lifetime away', async () => {
    const person = await signUp(server);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(person.token).sid)));
    const lifetime = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(Math.abs(lifetime - server.config.sessionTtlSeconds * 1000)).toBeLessThan(5_000);
  });

  it('refuses a token whose session has passed its end', async () => {
    const person = await signUp(server);
    await server.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, String(decodeJwt(person.token).sid)));
    const res = await server.get('auth/me/', { token: person.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'session_expired' });
  });

  it('refuses a correctly signed token that has no expiry', async () => {
    const person = await signUp(server);
    const { sid, sub } = decodeJwt(person.token);
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(sub))
      .setIssuer('convene')
      .setAudience('convene-web')
      .setIssuedAt()
      .sign(server.config.jwtSecret);
    const res = await server.get('auth/me/', { token: forever });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'invalid_token' });
  });
});
