import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodes, TotpSetup, TwoFactorStatus } from '../../../lib/contract/two-factor';
import { auditEvents, recoveryCodes, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createUser } from '../../test/fixtures';
import { STRONG_PASSWORD, startTestServer, type TestServer } from '../../test/harness';
import { awayFromStepEdge, enableTotp, totpCode, type Data } from './two-factor-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const status = async (token: string) => (await server.get<Data<TwoFactorStatus>>('auth/two-factor/', { token })).body.data;
const eventsOf = async (userId: string, type: string) =>
  server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, userId), eq(auditEvents.type, type)));

describe('setting up an authenticator app', () => {
  it('keeps the secret pending and encrypted until a code proves it, then shows ten recovery codes once', async () => {
    const { user, token } = await createUser(server);
    expect(await status(token)).toMatchObject({
      enabled: false, totp: { enabled: false }, recovery_codes_left: 0, proof: { password: true, second_factor: [] },
    });

    const setup = await server.post<Data<TotpSetup>>('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD }, { token });
    expect(setup.status).toBe(200);
    const { secret, uri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Convene:/);
    expect(uri).toContain(`secret=${secret}`);

    // At rest the secret is sealed: the column holds neither the secret nor anything that decodes to it.
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpEnabledAt).toBeNull();
    // Pending is not enabled: signing in still needs the password only.
    expect(await status(token)).toMatchObject({ enabled: false, totp: { enabled: false } });
    const me = await server.get<Data<{ two_factor_enabled: boolean }>>('auth/me/', { token });
    expect(me.body.data.two_factor_enabled).toBe(false);

    await awayFromStepEdge();
    const enabled = await server.post<Data<RecoveryCodes>>('auth/two-factor/totp/enable/', { code: totpCode(secret) }, { token });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    // Only hashes are kept.
    const stored = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
    expect(stored.map((c) => c.codeHash)).not.toContain(sha256(codes[0]!));

    expect(await status(token)).toMatchObject({
      enabled: true, totp: { enabled: true }, recovery_codes_left: 10, proof: { password: true, second_factor: ['totp', 'recovery_code'] },
    });
    expect((await server.get<Data<{ two_factor_enabled: boolean }>>('auth/me/', { token })).body.data.two_factor_enabled).toBe(true);
    expect(await eventsOf(user.id, 'two_factor_enabled')).toEqual([
      expect.objectContaining({ actorId: user.id, subjectId: user.id, hubId: null, data: { method: 'totp' } }),
    ]);
    // A second set-up is refused while one is on.
    const again = await server.post('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD, code: totpCode(secret, 1) }, { token });
    expect(again.status).toBe(409);
  });

  it('refuses a wrong code and codes two steps off; accepts one step of drift either way', async () => {
    const { token } = await createUser(server);
    const setup = await server.post<Data<TotpSetup>>('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD }, { token });
    const { secret } = setup.body.data;
    await awayFromStepEdge();
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await server.post('auth/two-factor/totp/enable/', { code: wrong }, { token });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_code', errors: { code: [expect.any(String)] } });
    for (const steps of [-2, 2]) {
      const res = await server.post('auth/two-factor/totp/enable/', { code: totpCode(secret, steps) }, { token });
      expect({ steps, status: res.status }).toEqual({ steps, status: 400 });
    }
    // A phone whose clock is one step behind (or ahead) is fine.
    expect((await server.post('auth/two-factor/totp/enable/', { code: totpCode(secret, -1) }, { token })).status).toBe(200);

    const ahead = await createUser(server);
    const aheadSetup = await server.post<Data<TotpSetup>>('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD }, { token: ahead.token });
    await awayFromStepEdge();
    const code = totpCode(aheadSetup.body.data.secret, 1);
    expect((await server.post('auth/two-factor/totp/enable/', { code }, { token: ahead.token })).status).toBe(200);
  });

  // How wrong proofs slow a session down: fresh-proof.test.ts.
  it('needs the password (not just the session) to start', async () => {
    const { token } = await createUser(server);
    const missing = await server.post('auth/two-factor/totp/setup/', {}, { token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: { password: [expect.any(String)] } });
    const wrong = await server.post('auth/two-factor/totp/setup/', { password: 'Wr0ng!Password' }, { token });
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', errors: { password: ['The password is incorrect.'] } });
    expect((await server.post('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD }, { token })).status).toBe(200);
  });
});

describe('turning it off and new recovery codes', () => {
  it('turning the app off needs the current password and a current code; afterwards no second factor and no recovery codes remain', async () => {
    const { user, token } = await createUser(server);
    const { secret } = await enableTotp(server, token);
    const noProof = await server.post('auth/two-factor/totp/disable/', {}, { token });
    expect(noProof.status).toBe(400);
    const wrong = await server.post('auth/two-factor/totp/disable/', { password: 'Wr0ng!Password', code: totpCode(secret, 1) }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });
    expect(await status(token)).toMatchObject({ enabled: true });

    const off = await server.post('auth/two-factor/totp/disable/', { password: STRONG_PASSWORD, code: totpCode(secret, 1) }, { token });
    expect(off.status).toBe(200);
    expect(await status(token)).toMatchObject({ enabled: false, totp: { enabled: false }, recovery_codes_left: 0 });
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await eventsOf(user.id, 'two_factor_disabled')).toHaveLength(1);
    expect((await server.post('auth/two-factor/totp/disable/', { password: STRONG_PASSWORD }, { token })).status).toBe(409);
  });

  it('new recovery codes need a proof, replace the old ones, and are recorded', async () => {
    const { user, token } = await createUser(server);
    const { recoveryCodes: old } = await enableTotp(server, token);
    expect((await server.post('auth/two-factor/recovery-codes/', { password: 'nope', code: old[1] }, { token })).status).toBe(400);
    const fresh = await server.post<Data<RecoveryCodes>>('auth/two-factor/recovery-codes/', { password: STRONG_PASSWORD, code: old[1] }, { token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    expect(fresh.body.data.recovery_codes).not.toContain(old[0]);
    expect(await eventsOf(user.id, 'recovery_codes_regenerated')).toHaveLength(1);
    // Without a second factor there is nothing for recovery codes to stand in for.
    const other = await createUser(server);
    expect((await server.post('auth/two-factor/recovery-codes/', { password: STRONG_PASSWORD }, { token: other.token })).status).toBe(409);
  });

  it('an account without a password proves itself with a current code or a recovery code', async () => {
    const { user, token } = await createUser(server);
    const { usedCode, recoveryCodes: codes } = await enableTotp(server, token);
    await server.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect(await status(token)).toMatchObject({ proof: { password: false, second_factor: ['totp', 'recovery_code'] } });

    expect((await server.post('auth/two-factor/recovery-codes/', { password: STRONG_PASSWORD }, { token })).status).toBe(400);
    // The code that enabled the app is used up: typed again, it is a replay.
    const used = await server.post('auth/two-factor/recovery-codes/', { code: usedCode }, { token });
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'invalid_code' });
    const byRecovery = await server.post<Data<RecoveryCodes>>('auth/two-factor/recovery-codes/', { code: codes[0]!.toUpperCase() }, { token });
    expect(byRecovery.status).toBe(200);
    const fresh = byRecovery.body.data.recovery_codes;
    const off = await server.post('auth/two-factor/totp/disable/', { code: fresh[3] }, { token });
    expect(off.status).toBe(200);
  });

  it('an account with neither password nor second factor proves itself by a recent sign-in only', async () => {
    const { user, token } = await createUser(server);
    await server.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect(await status(token)).toMatchObject({ proof: { password: false, second_factor: [] } });
    expect((await server.post('auth/two-factor/totp/setup/', {}, { token })).status).toBe(200);
    // The session is older than ten minutes now: sign in again first.
    await server.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    const stale = await server.post('auth/two-factor/totp/setup/', {}, { token });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ code: 'reauthentication_required' });
    expect((await server.post('auth/passkeys/options/', {}, { token })).status).toBe(403);
  });
});
