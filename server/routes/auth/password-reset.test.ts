import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequests, passwordResets } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';
import { invalidPasswords, LONG_PASSWORD } from './password-cases';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const NEW_PASSWORD = 'N3w!Password';
const reset = (token: string, password = NEW_PASSWORD) => server.post('auth/password/reset/', { token, password });
const login = (email: string, password: string) => server.post('auth/login/', { email, password });
const invalidToken = {
  message: 'This reset link is invalid or has expired. Please ask for a new one.',
  code: 'invalid_reset_token',
  errors: { token: ['This reset link is invalid or has expired. Please ask for a new one.'] },
};

/** Asks for a reset and returns the token from the mailed link. */
async function resetTokenFor(email: string) {
  const isReset = (m: { subject: string; to: string[] }) => m.subject === 'Reset your Convene password' && m.to.includes(email);
  const before = server.mail.messages.filter(isReset).length;
  expect((await server.post('auth/password/forgot/', { email })).status).toBe(200);
  // Mail leaves after the answer: wait for this request's own.
  const mail = await server.mail.waitFor(email, (m) => isReset(m) && server.mail.messages.filter(isReset).length > before);
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}
/** Lets the next reset mail through the one-per-minute limit. */
const ageResets = (email: string) =>
  server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(mailRequests.email, email));

describe('POST auth/password/reset/', () => {
  it('sets the new password and ends every session', async () => {
    const person = await signUp(server);
    const other = (await login(person.email, person.password)).body as { data: { token: string } };
    const token = await resetTokenFor(person.email);

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Your password has been changed. Please sign in with the new password.' });
    for (const sessionToken of [person.token, other.data.token]) {
      const me = await server.get('auth/me/', { token: sessionToken });
      expect(me.status).toBe(401);
      expect(me.body).toMatchObject({ code: 'session_revoked' });
    }
    expect((await login(person.email, person.password)).status).toBe(401);
    expect((await login(person.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('works once: the same link is refused afterwards', async () => {
    const person = await signUp(server);
    const token = await resetTokenFor(person.email);
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'Y3t!AnotherOne');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidToken);
    expect((await login(person.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('kills older links of the same account once one is used', async () => {
    const person = await signUp(server);
    const older = await resetTokenFor(person.email);
    await ageResets(person.email);
    const newer = await resetTokenFor(person.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer)).status).toBe(200);
    expect((await reset(older)).body).toEqual(invalidToken);
  });

  it('refuses an expired link', async () => {
    const person = await signUp(server);
    const token = await resetTokenFor(person.email);
    await server.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, person.user.id));
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidToken);
    expect((await login(person.email, person.password)).status).toBe(200);
  });

  it('refuses a token that was never issued', async () => {
    const res = await reset('a'.repeat(43));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidToken);
  });

  it('verifies the email of an account that never entered its code', async () => {
    const email = uniqueEmail();
    await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
    const token = await resetTokenFor(email);
    expect((await reset(token)).status).toBe(200);
    const res = await login(email, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect((res.body as { data: { user: { email_verified: boolean } } }).data.user.email_verified).toBe(true);
  });

  it('accepts a 64-character password', async () => {
    const person = await signUp(server);
    expect((await reset(await resetTokenFor(person.email), LONG_PASSWORD)).status).toBe(200);
    expect((await login(person.email, LONG_PASSWORD)).status).toBe(200);
  });

  describe('password rule', () => {
    let email: string;
    let token: string;
    beforeAll(async () => {
      email = (await signUp(server)).email;
      token = await resetTokenFor(email);
    });

    it.each(invalidPasswords('New password'))('refuses a new password that is $rule', async ({ value, message }) => {
      const res = await reset(token, value);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', message, errors: { password: expect.arrayContaining([message]) } });
    });

    it('leaves the link usable after refused passwords', async () => {
      expect((await reset(token)).status).toBe(200);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  it('names missing fields with the spec template', async () => {
    const res = await server.post('auth/password/reset/', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter Token',
      code: 'validation_error',
      errors: { token: ['Please enter Token'], password: ['Please enter New password'] },
    });
  });
});
