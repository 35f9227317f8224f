import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequests } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const resend = (email: string, registration?: string) => server.post('auth/register/resend/', { email, registration });
const mailsTo = (email: string) => server.mail.messages.filter((m) => m.to.includes(email)).length;
const answerFor = (email: string) => ({
  data: { email, expires_in: 600 },
  message: `If ${email} is waiting for verification, we have sent it a new code.`,
});
async function registered() {
  const email = uniqueEmail();
  const res = await server.post<{ data: { registration: string } }>('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
  expect(res.status).toBe(201);
  const code = await server.mail.codeFor(email);
  return { email, code, registration: res.body.data.registration };
}
/** Moves the address's mail requests back in time, as if made that long ago. */
const ageRequests = (email: string, ms: number) =>
  server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - ms) }).where(eq(mailRequests.email, email));
/** Waits long enough for a queued mail to have gone out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('POST auth/register/resend/', () => {
  it('mails a new code for the caller\'s registration; only the new code works', async () => {
    const { email, code: first, registration } = await registered();
    await ageRequests(email, 61_000);
    const res = await resend(email, registration);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answerFor(email));
    await server.mail.waitFor(email, () => mailsTo(email) === 2);
    const second = await server.mail.codeFor(email);
    if (second !== first) {
      expect((await server.post('auth/register/verify/', { email, registration, code: first })).status).toBe(400);
    }
    expect((await server.post('auth/register/verify/', { email, registration, code: second })).status).toBe(200);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail();
    const res = await resend(email, 'a-registration');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answerFor(email));
    await settle();
    expect(mailsTo(email)).toBe(0);
  });

  it('answers the same for a verified address, or without the registration, and mails nothing more', async () => {
    const person = await signUp(server);
    await ageRequests(person.email, 61_000);
    const res = await resend(person.email, 'a-registration');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answerFor(person.email));
    const pending = await registered();
    await ageRequests(pending.email, 61_000);
    expect((await resend(pending.email)).body).toEqual(answerFor(pending.email));
    await settle();
    expect(mailsTo(person.email)).toBe(1);
    expect(mailsTo(pending.email)).toBe(1);
  });

  it('allows one request per minute per address, known or not, saying how long to wait', async () => {
    const { email, registration } = await registered();
    const unknown = uniqueEmail();
    expect((await resend(unknown)).status).toBe(200);
    for (const res of [await resend(email, registration), await resend(unknown)]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        message: expect.stringMatching(/^Please wait ([1-9]|[1-5]\d|60) seconds before asking for another email\.$/),
        code: 'rate_limited',
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(mailsTo(email)).toBe(1);
  });

  it('allows five mails per hour per address', async () => {
    const { email, registration } = await registered();
    for (let sent = 1; sent < 5; sent++) {
      await ageRequests(email, 61_000);
      expect((await resend(email, registration)).status).toBe(200);
    }
    await ageRequests(email, 61_000);
    const sixth = await resend(email, registration);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      message: expect.stringMatching(/^Too many emails were requested\. Please try again in \d+ minutes\.$/),
      code: 'rate_limited',
    });
    await server.mail.waitFor(email, () => mailsTo(email) === 5);

    await ageRequests(email, 61 * 60_000);
    expect((await resend(email, registration)).status).toBe(200);
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
