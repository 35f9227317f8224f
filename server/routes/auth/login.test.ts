import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const login = (body: Record<string, unknown>, headers?: Record<string, string>) => server.post('auth/login/', body, { headers });
const invalidCredentials = { message: 'The email or password is incorrect.', code: 'invalid_credentials' };
const lockedOut = {
  message: expect.stringMatching(/^Too many failed sign-in attempts\. Please try again in \d+ minutes? or reset your password\.$/),
  code: 'rate_limited',
};
async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await login({ email, password: 'Wr0ng!Password' });
    expect(res.status).toBe(401);
  }
}

describe('POST auth/login/', () => {
  it('signs in, answers the token and the user, and records the browser on the session', async () => {
    const person = await signUp(server);
    const res = await login({ email: person.email, password: person.password, visitor_id: 'fp-42' }, { 'User-Agent': 'LoginTest/2.0' });
    expect(res.status).toBe(200);
    const { token, user } = (res.body as { data: { token: string; user: { id: string; email: string } } }).data;
    expect(user).toMatchObject({ id: person.user.id, email: person.email });
    expect((await server.get('auth/me/', { token })).status).toBe(200);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(token).sid)));
    expect(session).toMatchObject({ userId: person.user.id, visitorId: 'fp-42', userAgent: 'LoginTest/2.0', ip: '127.0.0.1' });
    expect(token).not.toBe(person.token);
  });

  it('accepts the email in another case', async () => {
    const person = await signUp(server);
    expect((await login({ email: person.email.toUpperCase(), password: person.password })).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const person = await signUp(server);
    const wrongPassword = await login({ email: person.email, password: `${person.password}x` });
    const unknownEmail = await login({ email: uniqueEmail(), password: person.password });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(invalidCredentials);
    expect(unknownEmail.body).toEqual(invalidCredentials);
  });

  it('answers 403 email_unverified for the right password of an unverified account, 401 for a wrong one', async () => {
    const email = uniqueEmail();
    await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    const right = await login({ email, password: STRONG_PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({
      message: 'Please verify your email first. Enter the code we sent you, or ask for a new one.',
      code: 'email_unverified',
    });
    expect((await login({ email, password: 'Wr0ng!Password' })).body).toEqual(invalidCredentials);
  });

  it('locks an account after ten failures in fifteen minutes, even for the right password', async () => {
    const person = await signUp(server);
    await failTimes(person.email, 10);
    const res = await login({ email: person.email, password: person.password });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(lockedOut);
    expect((await server.get('auth/me/', { token: person.token })).status).toBe(200);

    // The window slides: once the failures are older than 15 minutes the account opens again.
    await server.db
      .update(loginFailures)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(loginFailures.email, person.email));
    expect((await login({ email: person.email, password: person.password })).status).toBe(200);
  });

  it('keeps counting failures across a successful sign-in', async () => {
    const person = await signUp(server);
    await failTimes(person.email, 5);
    expect((await login({ email: person.email, password: person.password })).status).toBe(200);
    await failTimes(person.email, 5);
    const res = await login({ email: person.email, password: person.password });
    expect(res.status).toBe(429);
  });

  it('locks an unknown email the same way, so the lockout does not reveal accounts', async () => {
    const email = uniqueEmail();
    await failTimes(email, 10);
    const res = await login({ email, password: STRONG_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(lockedOut);
  });

  it('names missing fields with the spec template', async () => {
    const res = await login({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter Email',
      code: 'validation_error',
      errors: { email: ['Please enter Email'], password: ['Please enter Password'] },
    });
  });

  it('refuses a malformed email and an empty password', async () => {
    const res = await login({ email: 'someone.example.com', password: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Email is not a valid email',
      code: 'validation_error',
      errors: { email: ['Email is not a valid email'], password: ['Please enter Password'] },
    });
  });
});
