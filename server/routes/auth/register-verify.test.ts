import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, verificationCodes } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** Registers a fresh address and returns it with the mailed code. */
async function registered() {
  const email = uniqueEmail();
  const res = await server.post<{ data: { registration: string } }>('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
  expect(res.status).toBe(201);
  return { email, registration: res.body.data.registration, code: await server.mail.codeFor(email) };
}
const verify = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  server.post('auth/register/verify/', body, { headers });
/** A 6-digit code other than the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const userIdOf = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0]!.id;

const wrongCodeBody = (remaining: number) => {
  const message = `The code is incorrect. You have ${remaining} ${remaining === 1 ? 'try' : 'tries'} left.`;
  return { message, code: 'invalid_code', errors: { code: [message] } };
};
const exhaustedBody = {
  message: 'Too many wrong tries for this code. Please request a new one.',
  code: 'code_exhausted',
  errors: { code: ['Too many wrong tries for this code. Please request a new one.'] },
};

describe('POST auth/register/verify/', () => {
  it('verifies the email, signs in and records the browser on the session', async () => {
    const { email, code, registration } = await registered();
    const res = await verify({ email, registration, code, visitor_id: 'visitor-123' }, { 'User-Agent': 'VerifyTest/1.0' });
    expect(res.status).toBe(200);
    const body = res.body as { data: { token: string; user: Record<string, unknown> } };
    expect(body.data.user).toMatchObject({ email, name: 'Asha Rao', email_verified: true, current_step: 'profile' });

    const me = await server.get('auth/me/', { token: body.data.token });
    expect(me.status).toBe(200);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(body.data.token).sid)));
    expect(session).toMatchObject({ visitorId: 'visitor-123', userAgent: 'VerifyTest/1.0', ip: '127.0.0.1', revokedAt: null });
  });

  it('accepts the code with the email in another case', async () => {
    const { email, code, registration } = await registered();
    expect((await verify({ email: email.toUpperCase(), registration, code })).status).toBe(200);
  });

  it('counts wrong codes down, then kills the code after the fifth wrong try', async () => {
    const { email, code, registration } = await registered();
    for (const remaining of [4, 3, 2, 1]) {
      const res = await verify({ email, registration, code: wrong(code) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(wrongCodeBody(remaining));
    }
    const fifth = await verify({ email, registration, code: wrong(code) });
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual(exhaustedBody);
    const right = await verify({ email, registration, code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual(exhaustedBody);
  });

  it('does not let parallel wrong guesses exceed five tries', async () => {
    const { email, code, registration } = await registered();
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify({ email, registration, code: wrong(code) })));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(answers.filter((a) => (a.body as { code: string }).code === 'invalid_code').length).toBeLessThanOrEqual(4);
    expect((await verify({ email, registration, code })).body).toEqual(exhaustedBody);
  });

  it('refuses the right code without the registration it belongs to', async () => {
    const { email, code } = await registered();
    expect((await verify({ email, code })).body).toEqual(wrongCodeBody(4));
    expect((await verify({ email, code, registration: 'someone-elses-registration' })).body).toEqual(wrongCodeBody(3));
  });

  it('says the same tries left for a verified, an unknown and a pending address', async () => {
    const person = await signUp(server);
    const pending = await registered();
    const answers = await Promise.all([
      verify({ email: person.email, code: '123456' }),
      verify({ email: uniqueEmail(), code: '123456' }),
      verify({ email: pending.email, registration: pending.registration, code: wrong(pending.code) }),
    ]);
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: wrongCodeBody(4) });
  });

  it('answers 400 code_expired once the code is older than ten minutes', async () => {
    const { email, code, registration } = await registered();
    await server.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, await userIdOf(email)));
    const res = await verify({ email, registration, code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'This code has expired. Please request a new one.',
      code: 'code_expired',
      errors: { code: ['This code has expired. Please request a new one.'] },
    });
  });

  it('answers an unknown email exactly like a first wrong code', async () => {
    const { email, code, registration } = await registered();
    const known = await verify({ email, registration, code: wrong(code) });
    const unknown = await verify({ email: uniqueEmail(), code: '123456' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('refuses a code once it has been used', async () => {
    const { email, code, registration } = await registered();
    expect((await verify({ email, registration, code })).status).toBe(200);
    const again = await verify({ email, registration, code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invalid_code' });
  });

  it('refuses codes for an address that is already verified', async () => {
    const person = await signUp(server);
    const res = await verify({ email: person.email, code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_code' });
  });

  it('names missing fields with the spec template', async () => {
    const res = await verify({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter Email',
      code: 'validation_error',
      errors: { email: ['Please enter Email'], code: ['Please enter the code from the email'] },
    });
  });

  it.each(['12345', 'abcdef', '1234567890123', '12 3456'])('refuses the code "%s" as not 6-12 digits', async (code) => {
    const res = await verify({ email: uniqueEmail(), code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Enter the 6-digit code from the email',
      code: 'validation_error',
      errors: { code: ['Enter the 6-digit code from the email'] },
    });
  });

  it('refuses a malformed email', async () => {
    const res = await verify({ email: 'nobody', code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Email is not a valid email', errors: { email: ['Email is not a valid email'] } });
  });

  it('refuses a visitor id longer than 128 characters', async () => {
    const res = await verify({ email: uniqueEmail(), code: '123456', visitor_id: 'v'.repeat(129) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', errors: { visitor_id: [expect.any(String)] } });
  });
});
