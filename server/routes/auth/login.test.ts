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
const emailCodeRequired = {
  message: 'For your safety, we have emailed you a sign-in code. Enter it with your password to continue.',
  code: 'email_code_required',
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

  it('answers an account whose email is not verified yet like a wrong password: it has no password until then', async () => {
    const email = uniqueEmail();
    await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect((await login({ email, password: STRONG_PASSWORD })).body).toEqual(invalidCredentials);
    expect((await login({ email, password: 'Wr0ng!Password' })).body).toEqual(invalidCredentials);
  });

  it('never locks the owner out: after ten failures the right password plus the emailed code signs in', async () => {
    const person = await signUp(server);
    await failTimes(person.email, 10);
    // The stranger's guesses now need the mailbox too, whatever the password.
    const withoutCode = await login({ email: person.email, password: person.password });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body).toEqual(emailCodeRequired);
    expect((await login({ email: person.email, password: 'Wr0ng!Password' })).body).toEqual(emailCodeRequired);
    const mail = await server.mail.waitFor(person.email, (m) => m.subject === 'Your Convene sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    const wrongCode = await login({ email: person.email, password: person.password, email_code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({ code: 'invalid_code', errors: { email_code: [expect.stringMatching(/4 tries left/)] } });
    const signedIn = await login({ email: person.email, password: person.password, email_code: code });
    expect(signedIn.status).toBe(200);
    // Proving the mailbox clears the stranger's count: the next sign-in needs the password only.
    expect((await login({ email: person.email, password: person.password })).status).toBe(200);
  });

  it('asks an unknown address for the code exactly like a known one, and mails nothing', async () => {
    const email = uniqueEmail();
    await failTimes(email, 10);
    const res = await login({ email, password: STRONG_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(emailCodeRequired);
    const guessed = await login({ email, password: STRONG_PASSWORD, email_code: '123456' });
    expect(guessed.body).toMatchObject({ code: 'invalid_code', errors: { email_code: [expect.stringMatching(/4 tries left/)] } });
    expect(server.mail.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('unlocks the address when the owner resets the password', async () => {
    const person = await signUp(server);
    await failTimes(person.email, 10);
    expect((await server.post('auth/password/forgot/', { email: person.email })).status).toBe(200);
    const mail = await server.mail.waitFor(person.email, (m) => m.subject === 'Reset your Convene password');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const password = 'N3w!Passw0rd-reset';
    expect((await server.post('auth/password/reset/', { token, password })).status).toBe(200);
    expect((await login({ email: person.email, password })).status).toBe(200);
  });

  it('keeps counting failures across a successful sign-in', async () => {
    const person = await signUp(server);
    await failTimes(person.email, 5);
    expect((await login({ email: person.email, password: person.password })).status).toBe(200);
    await failTimes(person.email, 5);
    expect((await login({ email: person.email, password: person.password })).body).toEqual(emailCodeRequired);
  });

  it('forgets failures older than fifteen minutes', async () => {
    const person = await signUp(server);
    await failTimes(person.email, 10);
    await server.db
      .update(loginFailures)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(loginFailures.email, person.email));
    expect((await login({ email: person.email, password: person.password })).status).toBe(200);
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
