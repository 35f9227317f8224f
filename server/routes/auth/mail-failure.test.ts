import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequests, passwordResets, users } from '../../db/schema';
import { startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

/** A server whose SMTP relay refuses connections. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true' }); });
afterAll(async () => { await server.close(); });

const userIdOf = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0]!.id;
/** Polls until the queued mail has failed and been undone. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the failed mail was never undone');
}
const slotsOf = (email: string) => server.db.select().from(mailRequests).where(eq(mailRequests.email, email));

describe('when the mail relay is down', () => {
  it('register answers as always, and the unsent mail gives its slot back, so asking again is not throttled', async () => {
    const email = uniqueEmail();
    const res = await server.post<{ data: { registration: string } }>('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    await eventually(async () => (await slotsOf(email)).length === 0);
    const retry = await server.post('auth/register/resend/', { email, registration: res.body.data.registration });
    expect(retry.status).toBe(200);
  });

  it('forgot-password answers as always and keeps no reset token nobody received', async () => {
    const email = uniqueEmail();
    await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    await eventually(async () => (await slotsOf(email)).length === 0);
    const res = await server.post('auth/password/forgot/', { email });
    expect(res.status).toBe(200);
    const userId = await userIdOf(email);
    await eventually(async () =>
      (await slotsOf(email)).length === 0 &&
      (await server.db.select().from(passwordResets).where(eq(passwordResets.userId, userId))).length === 0);
  });
});
