import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

const PROJECT_ID = 'convene-test';
const KID = 'test-key-1';

let server: TestServer;
let disabled: TestServer;
let jwks: Server;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

/** Serves the public key as Firebase's JWKS endpoint would. */
async function serveJwks(publicJwk: Record<string, unknown>) {
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [{ ...publicJwk, kid: KID, alg: 'RS256', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return http;
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  jwks = await serveJwks(await exportJWK(pair.publicKey) as Record<string, unknown>);
  const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
  [server, disabled] = await Promise.all([
    startTestServer({ firebase: { projectId: PROJECT_ID, jwksUrl } }),
    startTestServer({ firebase: { projectId: undefined, jwksUrl } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), disabled.close()]);
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});

/** A Firebase ID token; each test overrides what it is about. */
function idToken(claims: JWTPayload = {}, opts: { key?: CryptoKey; issuer?: string; audience?: string; expiresAt?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: uniqueEmail('gmail.com'), email_verified: true, name: 'Gita Google', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setSubject(typeof claims.sub === 'string' ? claims.sub : `uid-${Math.random().toString(36).slice(2)}`)
    .setIssuer(opts.issuer ?? `https://securetoken.google.com/${PROJECT_ID}`)
    .setAudience(opts.audience ?? PROJECT_ID)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.expiresAt ?? now + 3600)
    .sign(opts.key ?? privateKey);
}
const google = (id_token: string, target = server) => target.post('auth/google/', { id_token, visitor_id: 'fp-google' });
const userByEmail = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0];
const notVerified = { message: 'Google sign-in could not be verified. Please try again.', code: 'invalid_token' };

describe('POST auth/google/', () => {
  it('creates a verified account without a password and signs in', async () => {
    const email = uniqueEmail('gmail.com');
    const res = await google(await idToken({ email: email.toUpperCase(), sub: 'uid-new-person' }));
    expect(res.status).toBe(200);
    const { token, user } = (res.body as { data: { token: string; user: Record<string, unknown> } }).data;
    expect(user).toMatchObject({ email, name: 'Gita Google', email_verified: true, current_step: 'profile' });
    expect((await server.get('auth/me/', { token })).status).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ googleUid: 'uid-new-person', passwordHash: null });
    const login = await server.post('auth/login/', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ code: 'invalid_credentials' });
  });

  it('finds the account by Google id on the next sign-in', async () => {
    const email = uniqueEmail('gmail.com');
    const first = await google(await idToken({ email, sub: 'uid-returning' }));
    const second = await google(await idToken({ email, sub: 'uid-returning' }));
    expect(second.status).toBe(200);
    const idOf = (r: typeof first) => (r.body as { data: { user: { id: string } } }).data.user.id;
    expect(idOf(second)).toBe(idOf(first));
  });

  it('links a verified password account with the same email and keeps its password', async () => {
    const person = await signUp(server, { email: uniqueEmail('gmail.com') });
    const res = await google(await idToken({ email: person.email, sub: 'uid-linked' }));
    expect(res.status).toBe(200);
    expect((res.body as { data: { user: { id: string } } }).data.user.id).toBe(person.user.id);
    expect((await userByEmail(person.email))!.googleUid).toBe('uid-linked');
    expect((await server.post('auth/login/', { email: person.email, password: person.password })).status).toBe(200);
  });

  it('takes over an unverified account with the email and drops the password nobody proved', async () => {
    const email = uniqueEmail('gmail.com');
    await server.post('auth/register/', { name: 'Squatter', email, password: STRONG_PASSWORD });
    const res = await google(await idToken({ email, sub: 'uid-owner' }));
    expect(res.status).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ passwordHash: null, googleUid: 'uid-owner' });
    expect((await server.post('auth/login/', { email, password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('answers 403 email_unverified when Google has not verified the email', async () => {
    for (const claims of [{ email_verified: false }, { email_verified: 'true' }, { email: undefined }]) {
      const res = await google(await idToken(claims));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Your Google account has no verified email address.', code: 'email_unverified' });
    }
  });

  it.each([
    ['another project as audience', { audience: 'someone-elses-project' }],
    ['another issuer', { issuer: 'https://accounts.google.com' }],
    ['an expired token', { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
    ['a signature by another key', { key: 'stranger' as const }],
  ])('answers 401 invalid_token for %s', async (_case, opts) => {
    const key = 'key' in opts ? strangerKey : undefined;
    const res = await google(await idToken({}, { ...opts, key }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(notVerified);
  });

  it('answers 401 invalid_token for an HS256 token and for garbage', async () => {
    const hs = await new SignJWT({ email: uniqueEmail(), email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: KID })
      .setSubject('uid-hs').setIssuer(`https://securetoken.google.com/${PROJECT_ID}`).setAudience(PROJECT_ID)
      .setIssuedAt().setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-anyone-could-know-000000'));
    for (const token of [hs, 'not-a-token']) {
      const res = await google(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(notVerified);
    }
  });

  it('answers 404 google_sign_in_disabled when no Firebase project is configured', async () => {
    const res = await google(await idToken(), disabled);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Google sign-in is not enabled on this server.', code: 'google_sign_in_disabled' });
  });

  it('refuses a missing id_token', async () => {
    const res = await server.post('auth/google/', {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', errors: { id_token: [expect.any(String)] } });
  });
});
