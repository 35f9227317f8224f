import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users, verificationCodes } from '../../db/schema';
import { startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

/** A server whose SMTP relay refuses connections. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true' }); });
afterAll(async () => { await server.close(); });

const internalError = { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' };
const userIdOf = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0]!.id;

describe('when the mail relay is down', () => {
  it('register answers 500 in the envelope and keeps no code, so a retry is not throttled', async () => {
    const email = uniqueEmail();
    const res = await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(res.status).toBe(500);
    expect(res.body).toEqual(internalError);
    expect(await server.db.select().from(verificationCodes).where(eq(verificationCodes.userId, await userIdOf(email)))).toEqual([]);
    const retry = await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(retry.status).toBe(500);
  });

  it('forgot-password answers 500 in the envelope and keeps no reset token', async () => {
    const email = uniqueEmail();
    await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    const res = await server.post('auth/password/forgot/', { email });
    expect(res.status).toBe(500);
    expect(res.body).toEqual(internalError);
    expect(await server.db.select().from(passwordResets).where(eq(passwordResets.userId, await userIdOf(email)))).toEqual([]);
  });
});
