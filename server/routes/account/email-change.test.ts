import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from '../auth/token-cases';

let server: TestServer;
let person: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUp(server);
});
afterAll(async () => { await server.close(); });

const CODE_SUBJECT = 'Confirm your new Convene email';
const TAKEN_SUBJECT = 'Someone tried to use your email on Convene';
const CHANGED_SUBJECT = 'Your Convene email was changed';

const request = (token: string, body: Record<string, unknown>) => server.post('auth/email/change/', body, { token });
const verify = (token: string, code: string) => server.post<{ data: { email: string } }>('auth/email/change/verify/', { code }, { token });
const codeMailedTo = async (email: string) => {
  const mail = await server.mail.waitFor(email, (m) => m.subject === CODE_SUBJECT);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
};
/** A code that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the sign-in email', () => {
  it('mails a code to the new address; the code moves the account there, tells the old address and keeps other sessions', async () => {
    const someone = await signUp(server);
    const other = await server.post<{ data: { token: string } }>('auth/login/', { email: someone.email, password: someone.password });
    const newEmail = uniqueEmail();
    const res = await request(someone.token, { email: newEmail.toUpperCase(), password: someone.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { email: newEmail, expires_in: 600 },
      message: `We sent a code to ${newEmail}. Type it here to confirm the change.`,
    });

    const mail = await server.mail.waitFor(newEmail, (m) => m.subject === CODE_SUBJECT);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(mail.html).toContain(code);
    // Nothing changes until the code comes back.
    expect((await server.get<{ data: { email: string } }>('auth/me/', { token: someone.token })).body.data.email).toBe(someone.email);

    const verified = await verify(someone.token, code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ data: { email: newEmail, email_verified: true }, message: `Your email is now ${newEmail}.` });

    const notice = await server.mail.waitFor(someone.email, (m) => m.subject === CHANGED_SUBJECT);
    expect(notice.text).toContain(newEmail);
    expect(notice.html).toContain(newEmail);
    expect((await server.get('auth/me/', { token: other.body.data.token })).status).toBe(200);
    expect((await server.post('auth/login/', { email: newEmail, password: someone.password })).status).toBe(200);
    expect((await server.post('auth/login/', { email: someone.email, password: someone.password })).status).toBe(401);
    // Spent: the same code does not work twice.
    expect((await verify(someone.token, code)).status).toBe(400);
    const events = await server.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'email_changed'), eq(auditEvents.subjectId, someone.user.id)));
    expect(events).toHaveLength(1);
  });

  it('answers a taken address exactly like a free one, and mails it a notice instead of a code', async () => {
    const owner = await signUp(server);
    const someone = await signUp(server);
    const free = uniqueEmail();
    const toFree = await request(someone.token, { email: free, password: someone.password });
    const toTaken = await request(someone.token, { email: owner.email, password: someone.password });
    expect(toTaken.status).toBe(toFree.status);
    expect(JSON.stringify(toTaken.body).replaceAll(owner.email, 'ADDRESS')).toBe(JSON.stringify(toFree.body).replaceAll(free, 'ADDRESS'));

    const notice = await server.mail.waitFor(owner.email, (m) => m.subject === TAKEN_SUBJECT);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(notice.html).not.toMatch(/\b\d{6}\b/);
    expect(notice.text).toContain('nothing has changed');

    // Checking codes says nothing either: a guess for the taken address fails like a wrong code for a free one.
    const guess = await verify(someone.token, '123456');
    expect(guess.status).toBe(400);
    expect(guess.body).toEqual({
      message: 'The code is incorrect. You have 4 tries left.', code: 'invalid_code',
      errors: { code: ['The code is incorrect. You have 4 tries left.'] },
    });
    const [row] = await server.db.select({ email: users.email }).from(users).where(eq(users.id, someone.user.id));
    expect(row!.email).toBe(someone.email);
  });

  it('refuses a wrong code, counting the tries, then locks the code until a new one is asked for', async () => {
    const someone = await signUp(server);
    const newEmail = uniqueEmail();
    await request(someone.token, { email: newEmail, password: someone.password });
    const code = await codeMailedTo(newEmail);
    for (let left = 4; left >= 1; left -= 1) {
      const res = await verify(someone.token, otherThan(code));
      expect(res.body).toMatchObject({ code: 'invalid_code', message: `The code is incorrect. You have ${left} ${left === 1 ? 'try' : 'tries'} left.` });
    }
    const last = await verify(someone.token, otherThan(code));
    expect(last.body).toMatchObject({ code: 'code_exhausted' });
    const right = await verify(someone.token, code);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ code: 'code_exhausted', message: 'Too many wrong tries for this code. Please request a new one.' });
  });

  it('needs the current password, and refuses a wrong one next to its field', async () => {
    const missing = await request(person.token, { email: uniqueEmail() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: { password: ['Please enter Current password'] } });
    const wrong = await request(person.token, { email: uniqueEmail(), password: 'Wr0ng!Password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', errors: { password: ['The current password is incorrect.'] } });
  });

  it('asks no password of an account that has none (Google sign-in)', async () => {
    const someone = await signUp(server);
    await server.db.update(users).set({ passwordHash: null }).where(eq(users.id, someone.user.id));
    const newEmail = uniqueEmail();
    expect((await request(someone.token, { email: newEmail })).status).toBe(200);
    expect((await verify(someone.token, await codeMailedTo(newEmail))).body.data.email).toBe(newEmail);
  });

  it('refuses the address the account already has, and an invalid one', async () => {
    const same = await request(person.token, { email: person.email, password: person.password });
    expect(same.body).toMatchObject({ errors: { email: ['This is already your email address.'] } });
    const invalid = await request(person.token, { email: 'not an address', password: person.password });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ errors: { email: [expect.any(String)] } });
  });

  it('limits how often an address is mailed, like the other mails', async () => {
    const newEmail = uniqueEmail();
    expect((await request(person.token, { email: newEmail, password: person.password })).status).toBe(200);
    const again = await request(person.token, { email: newEmail, password: person.password });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'rate_limited' });
  });

  it('answers 400 when no change is waiting', async () => {
    const someone = await signUp(server);
    const res = await verify(someone.token, '123456');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { code: ['There is no email change waiting. Please ask for a new code.'] } });
  });

  describe('without a valid session', () => {
    itRejectsBadTokens({ server: () => server, person: () => person, call: (s, auth) => s.request('POST', 'auth/email/change/', { ...auth, body: { email: uniqueEmail() } }) });
  });
  describe('verify, without a valid session', () => {
    itRejectsBadTokens({ server: () => server, person: () => person, call: (s, auth) => s.request('POST', 'auth/email/change/verify/', { ...auth, body: { code: '123456' } }) });
  });
});
