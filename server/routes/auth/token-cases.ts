import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { expect, it } from 'vitest';
import type { ApiResponse, RequestOptions, TestServer } from '../../test/harness';

/** The harness's JWT secret: tests sign tokens with it to prove which claims the API checks. */
const TEST_SECRET = new TextEncoder().encode('test-secret-with-enough-entropy-0123456789');

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs a session-shaped token; each case changes one thing. */
function signToken(claims: { sid: string; sub: string }, opts: { secret?: Uint8Array; exp?: number; iat?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('convene')
    .setAudience('convene-web')
    .setIssuedAt(opts.iat ?? now)
    .setExpirationTime(opts.exp ?? now + 3600)
    .sign(opts.secret ?? TEST_SECRET);
}

export interface TokenCaseContext {
  server: () => TestServer;
  /** A verified person of this file; the revoked-session case signs them in again. */
  person: () => { email: string; password: string; token: string };
  /** Calls the endpoint under test with the given auth options. */
  call: (server: TestServer, auth: RequestOptions) => Promise<ApiResponse<Record<string, unknown>>>;
}

/**
 * The ways a request can fail to be signed in, each as one test: no token,
 * malformed header, garbage, expired, alg "none", wrong secret, tampered
 * payload, a session that does not exist, a revoked session.
 */
export function itRejectsBadTokens(ctx: TokenCaseContext) {
  const claimsOf = () => {
    const payload = decodeJwt(ctx.person().token);
    return { sid: String(payload.sid), sub: String(payload.sub) };
  };
  const expectStatus = (res: ApiResponse<Record<string, unknown>>, code: string) => {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String), code });
  };

  it('answers 401 unauthenticated without a token', async () => {
    const res = await ctx.call(ctx.server(), {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', code: 'unauthenticated' });
  });

  it('answers 401 unauthenticated for an Authorization header of another scheme', async () => {
    expectStatus(await ctx.call(ctx.server(), { authorization: `Basic ${ctx.person().token}` }), 'unauthenticated');
  });

  it('answers 401 invalid_token for a token that is not a JWT', async () => {
    expectStatus(await ctx.call(ctx.server(), { authorization: 'JWT not-a-token' }), 'invalid_token');
  });

  it('answers 401 invalid_token for an expired token of a live session', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signToken(claimsOf(), { iat: now - 7200, exp: now - 3600 });
    expectStatus(await ctx.call(ctx.server(), { token }), 'invalid_token');
  });

  it('answers 401 invalid_token for an unsigned token (alg "none")', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { sid, sub } = claimsOf();
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sid, sub, iss: 'convene', aud: 'convene-web', iat: now, exp: now + 3600 })}.`;
    expectStatus(await ctx.call(ctx.server(), { token }), 'invalid_token');
  });

  it('answers 401 invalid_token for a token signed with another secret', async () => {
    const token = await signToken(claimsOf(), { secret: new TextEncoder().encode('another-secret-with-enough-entropy-987654') });
    expectStatus(await ctx.call(ctx.server(), { token }), 'invalid_token');
  });

  it('answers 401 invalid_token for a token whose payload was changed after signing', async () => {
    const [header, , signature] = ctx.person().token.split('.');
    const payload = { ...decodeJwt(ctx.person().token), sub: randomUUID() };
    expectStatus(await ctx.call(ctx.server(), { token: `${header}.${b64(payload)}.${signature}` }), 'invalid_token');
  });

  it('answers 401 invalid_token for a well-signed token naming no session', async () => {
    const token = await signToken({ ...claimsOf(), sid: randomUUID() });
    expectStatus(await ctx.call(ctx.server(), { token }), 'invalid_token');
  });

  it('answers 401 invalid_token for a well-signed token whose ids are not ids', async () => {
    const token = await signToken({ ...claimsOf(), sid: "1' or '1'='1" });
    expectStatus(await ctx.call(ctx.server(), { token }), 'invalid_token');
  });

  it('answers 401 session_revoked once the session has signed out', async () => {
    const server = ctx.server();
    const { email, password } = ctx.person();
    const login = await server.post<{ data: { token: string } }>('auth/login/', { email, password });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    expect((await server.post('auth/logout/', {}, { token })).status).toBe(200);
    expectStatus(await ctx.call(server, { token }), 'session_revoked');
  });
}
