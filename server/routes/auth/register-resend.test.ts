import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const resend = (email: string) => server.post('auth/register/resend/', { email });
const mailsTo = (email: string) => server.mail.messages.filter((m) => m.to.includes(email)).length;
const answerFor = (email: string) => ({
  data: { email, expires_in: 600 },
  message: `If ${email} is waiting for verification, we have sent it a new code.`,
});
async function registered() {
  const email = uniqueEmail();
  expect((await server.post('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD })).status).toBe(201);
  const code = await server.mail.codeFor(email);
  const [user] = await server.db.select().from(users).where(eq(users.email, email));
  return { email, code, userId: user!.id };
}
/** Moves the user's sent codes back in time, as if sent that long ago. */
const ageCodes = (userId: string, ms: number) =>
  server.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - ms) }).where(eq(verificationCodes.userId, userId));

describe('POST auth/register/resend/', () => {
  it('mails a new code to an unverified account; only the new code works', async () => {
    const { email, code: first, userId } = await registered();
    await ageCodes(userId, 61_000);
    const res = await resend(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answerFor(email));
    expect(mailsTo(email)).toBe(2);
    const second = await server.mail.codeFor(email);
    if (second !== first) {
      expect((await server.post('auth/register/verify/', { email, code: first })).status).toBe(400);
    }
    expect((await server.post('auth/register/verify/', { email, code: second })).status).toBe(200);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail();
    const res = await resend(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answerFor(email));
    expect(mailsTo(email)).toBe(0);
  });

  it('answers the same for a verified address and mails nothing more', async () => {
    const person = await signUp(server);
    const res = await resend(person.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answerFor(person.email));
    expect(mailsTo(person.email)).toBe(1);
  });

  it('allows one mail per minute per address, saying how long to wait', async () => {
    const { email } = await registered();
    const res = await resend(email);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^Please wait ([1-9]|[1-5]\d|60) seconds before asking for another email\.$/),
      code: 'rate_limited',
    });
    expect(mailsTo(email)).toBe(1);
  });

  it('allows five mails per hour per address', async () => {
    const { email, userId } = await registered();
    for (let sent = 1; sent < 5; sent++) {
      await ageCodes(userId, 61_000);
      expect((await resend(email)).status).toBe(200);
    }
    await ageCodes(userId, 61_000);
    const sixth = await resend(email);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      message: expect.stringMatching(/^Too many emails were requested\. Please try again in \d+ minutes\.$/),
      code: 'rate_limited',
    });
    expect(mailsTo(email)).toBe(5);

    await ageCodes(userId, 61 * 60_000);
    expect((await resend(email)).status).toBe(200);
  });

  it('refuses a missing or malformed email with the spec templates', async () => {
    const missing = await server.post('auth/register/resend/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Please enter Email', code: 'validation_error', errors: { email: ['Please enter Email'] } });
    const bad = await resend('nobody@');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Email is not a valid email',
      code: 'validation_error',
      errors: { email: ['Email is not a valid email'] },
    });
  });
});
