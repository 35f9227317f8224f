import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/contract/auth';
import type { TwoFactorStatus } from '../../../lib/contract/two-factor';
import { auditEvents, authChallenges, loginFailures, sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createUser } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { awayFromStepEdge, enableTotp, startSignIn, totpCode, type Data } from './two-factor-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const verify = (body: Record<string, unknown>) => server.post<Data<TokenResponse>>('auth/two-factor/verify/', body);

/** A person with the authenticator app on, and their app's secret. */
async function personWithTotp() {
  const person = await createUser(server);
  const totp = await enableTotp(server, person.token);
  return { ...person, ...totp };
}

describe('a sign-in that owes a second factor', () => {
  it('answers a pending sign-in instead of a session; a current code turns it into one', async () => {
    const { user, email, secret } = await personWithTotp();
    const sessionsBefore = (await server.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const pending = await startSignIn(server, email, undefined, { 'User-Agent': 'Second-step browser/1.0' });
    expect(pending.methods).toEqual(['totp', 'recovery_code']);
    expect(pending.token.length).toBeGreaterThanOrEqual(40);
    // No session yet, and only the token's hash is kept.
    expect((await server.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(sessionsBefore);
    const [row] = await server.db.select().from(authChallenges).where(eq(authChallenges.challenge, sha256(pending.token)));
    expect(row).toMatchObject({ purpose: 'sign_in', userId: user.id, attempts: 0, consumedAt: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(JSON.stringify(await server.db.select().from(authChallenges))).not.toContain(pending.token);

    await awayFromStepEdge();
    const res = await verify({ token: pending.token, method: 'totp', code: totpCode(secret, 1) });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: user.id, two_factor_enabled: true });
    const me = await server.get('auth/me/', { token: res.body.data.token });
    expect(me.status).toBe(200);
    // The session records the browser that typed the password, and the sign-in its method.
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(sessions.createdAt).limit(1).offset(sessionsBefore);
    expect(session).toMatchObject({ visitorId: 'visitor-1', userAgent: 'Second-step browser/1.0' });
    const signIns = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.type, 'sign_in')));
    expect(signIns.at(-1)?.data).toMatchObject({ method: 'totp' });

    // Single use: the same token (with a fresh code) no longer signs in.
    const again = await verify({ token: pending.token, method: 'totp', code: totpCode(secret, 0) });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'code_expired' });
  });

  it('refuses a code already used, even in a new sign-in (replay)', async () => {
    const { email, usedCode } = await personWithTotp();
    const pending = await startSignIn(server, email);
    const replay = await verify({ token: pending.token, method: 'totp', code: usedCode });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'invalid_code', errors: { code: [expect.stringContaining('4 tries left')] } });
  });

  it('expires after five minutes', async () => {
    const { email, secret } = await personWithTotp();
    const pending = await startSignIn(server, email);
    await server.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.challenge, sha256(pending.token)));
    await awayFromStepEdge();
    const res = await verify({ token: pending.token, method: 'totp', code: totpCode(secret, 1) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'code_expired' });
  });

  it('dies after five wrong codes, each recorded as a failed sign-in; the right code then comes too late', async () => {
    const { user, email, secret } = await personWithTotp();
    const pending = await startSignIn(server, email);
    await awayFromStepEdge();
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i += 1) {
      const res = await verify({ token: pending.token, method: 'totp', code: wrong });
      expect({ i, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ i, status: 400, code: 'invalid_code' });
    }
    const fifth = await verify({ token: pending.token, method: 'recovery_code', code: 'aaaa-aaaa' });
    expect(fifth.status).toBe(401);
    expect(fifth.body).toMatchObject({ code: 'code_exhausted' });
    const late = await verify({ token: pending.token, method: 'totp', code: totpCode(secret, 1) });
    expect(late.status).toBe(401);
    const failures = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.type, 'sign_in_failed')));
    expect(failures.map((f) => f.data)).toEqual([
      { method: 'totp' }, { method: 'totp' }, { method: 'totp' }, { method: 'totp' }, { method: 'recovery_code' },
    ]);
  });

  it('refuses a method the person has not set up, and tokens that name nothing', async () => {
    const { email } = await personWithTotp();
    const pending = await startSignIn(server, email);
    const passkey = await verify({
      token: pending.token, method: 'passkey',
      credential: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} },
    });
    expect(passkey.status).toBe(400);
    expect(passkey.body).toMatchObject({ code: 'invalid_code', errors: { credential: [expect.any(String)] } });
    for (const token of ['not-a-token', pending.token.slice(1)]) {
      const res = await verify({ token, method: 'totp', code: '123456' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'code_expired' });
    }
  });
});

describe('recovery codes', () => {
  it('each signs in once, typed any way, and the count goes down', async () => {
    const { token, email, recoveryCodes } = await personWithTotp();
    const left = async () => (await server.get<Data<TwoFactorStatus>>('auth/two-factor/', { token })).body.data.recovery_codes_left;
    expect(await left()).toBe(10);

    const first = await startSignIn(server, email);
    const typed = ` ${recoveryCodes[0]!.toUpperCase().replace('-', ' ')} `;
    const res = await verify({ token: first.token, method: 'recovery_code', code: typed });
    expect(res.status).toBe(200);
    const signIns = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, res.body.data.user.id), eq(auditEvents.type, 'sign_in')));
    expect(signIns.at(-1)?.data).toMatchObject({ method: 'recovery_code' });
    expect(await left()).toBe(9);

    const second = await startSignIn(server, email);
    const reused = await verify({ token: second.token, method: 'recovery_code', code: recoveryCodes[0] });
    expect(reused.status).toBe(400);
    expect((await verify({ token: second.token, method: 'recovery_code', code: recoveryCodes[1] })).status).toBe(200);
    expect(await left()).toBe(8);
  });
});

describe('the address\'s failed passwords', () => {
  it('are forgotten once the second factor is proved', async () => {
    const { email, secret } = await personWithTotp();
    for (let i = 0; i < 3; i += 1) {
      expect((await server.post('auth/login/', { email, password: 'Wr0ng!Password' })).status).toBe(401);
    }
    expect(await server.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toHaveLength(3);
    const pending = await startSignIn(server, email);
    // A pending sign-in is not yet proof of anything.
    expect(await server.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toHaveLength(3);
    await awayFromStepEdge();
    expect((await verify({ token: pending.token, method: 'totp', code: totpCode(secret, 1) })).status).toBe(200);
    expect(await server.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toHaveLength(0);
  });
});

describe('the public two-factor endpoints', () => {
  it('are rate limited per client like the other sign-in endpoints', async () => {
    const limited = await startTestServer({ authRateLimitPerMinute: 2 });
    try {
      for (const path of ['auth/two-factor/verify/', 'auth/two-factor/passkey/options/', 'auth/passkey/options/', 'auth/passkey/verify/']) {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) statuses.push((await limited.post(path, { token: 'x', method: 'totp', code: '123456' })).status);
        expect({ path, last: statuses[2] }).toEqual({ path, last: 429 });
      }
    } finally {
      await limited.close();
    }
  });
});

