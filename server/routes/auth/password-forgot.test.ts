import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequests, passwordResets } from '../../db/schema';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const forgot = (email: string) => server.post('auth/password/forgot/', { email });
const answer = { data: null, message: 'If an account uses this email, we have sent it a link to reset the password.' };
const mailsTo = (email: string) => server.mail.messages.filter((m) => m.to.includes(email));

describe('POST auth/password/forgot/', () => {
  it('mails a single reset link and stores only the token hash, valid for an hour', async () => {
    const person = await signUp(server);
    const res = await forgot(person.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answer);

    const mail = await server.mail.waitFor(person.email, (m) => m.subject === 'Reset your Convene password');
    const link = new RegExp(`${server.config.appUrl}/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(link![0]);
    const token = link![1]!;
    const [stored] = await server.db.select().from(passwordResets).where(eq(passwordResets.userId, person.user.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(60 * 60 * 1000);
    expect(stored!.usedAt).toBeNull();
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const email = uniqueEmail();
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answer);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('mails an address at most once a minute', async () => {
    const person = await signUp(server);
    expect((await forgot(person.email)).status).toBe(200);
    const again = await forgot(person.email);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      message: expect.stringMatching(/^Please wait \d+ seconds before asking for another email\.$/),
      code: 'rate_limited',
    });
  });

  it('mails an address at most five times an hour', async () => {
    const person = await signUp(server);
    const age = () =>
      server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(mailRequests.email, person.email));
    for (let sent = 0; sent < 5; sent++) {
      expect((await forgot(person.email)).status).toBe(200);
      await age();
    }
    const sixth = await forgot(person.email);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Please try again in \d+ minutes/) });
  });

  it('refuses a missing or malformed email with the spec templates', async () => {
    const missing = await server.post('auth/password/forgot/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Please enter Email', code: 'validation_error', errors: { email: ['Please enter Email'] } });
    const bad = await forgot('two@@example.com');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Email is not a valid email', errors: { email: ['Email is not a valid email'] } });
  });
});
