import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequests, users, verificationCodes } from '../../db/schema';
import type { ApiResponse } from '../../test/harness';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';
import { invalidPasswords, LONG_PASSWORD } from './password-cases';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const register = (body: Record<string, unknown>) => server.post('auth/register/', body);
const userByEmail = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0];
const registrationOf = (res: ApiResponse) => (res.body as { data: { registration: string } }).data.registration;
const codesOf = (userId: string) => server.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
/** Moves every code of the user back in time, as if it had been sent that long ago. */
const ageCodes = (userId: string, ms: number) =>
  server.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - ms) }).where(eq(verificationCodes.userId, userId));

describe('POST auth/register/', () => {
  it('creates an account with no password yet, keeps the chosen one with the code and mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: { email, expires_in: 600, registration: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      message: `We sent a 6-digit code to ${email}.`,
    });

    const mail = await server.mail.waitFor(email);
    expect(mail.subject).toBe('Your Convene verification code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(code);

    const user = await userByEmail(email);
    expect(user).toMatchObject({ name: 'Asha Rao', emailVerifiedAt: null, passwordHash: null });
    const [stored] = await codesOf(user!.id);
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored!.registrationHash).toBe(createHash('sha256').update(registrationOf(res)).digest('hex'));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(ttl).toBe(10 * 60 * 1000);
  });

  it('stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Asha Rao', email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    expect(await userByEmail(email)).toBeDefined();
  });

  it('answers a verified address exactly like a new one, changes nothing and tells the owner by email', async () => {
    const person = await signUp(server);
    // Their own sign-up used the address's mail slot a moment ago.
    await server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) }).where(eq(mailRequests.email, person.email));
    const fresh = await register({ name: 'Someone Else', email: uniqueEmail(), password: STRONG_PASSWORD });
    for (const email of [person.email, person.email.toUpperCase()]) {
      const res = await register({ name: 'Someone Else', email, password: STRONG_PASSWORD });
      expect(res.status).toBe(fresh.status);
      expect(res.body).toEqual({
        data: { email: person.email, expires_in: 600, registration: expect.any(String) },
        message: `We sent a 6-digit code to ${person.email}.`,
      });
    }
    const warning = await server.mail.waitFor(person.email, (m) => m.subject === 'You already have a Convene account');
    expect(warning.text).toContain(`${server.config.appUrl}/forgot-password`);
    expect(await userByEmail(person.email)).toMatchObject({ name: person.name });
    expect((await server.post('auth/login/', { email: person.email, password: person.password })).status).toBe(200);
  });

  it('never lets a second sign-up choose the password of an address waiting for verification', async () => {
    const email = uniqueEmail();
    const owner = await register({ name: 'Owner', email, password: STRONG_PASSWORD });
    const ownerCode = await server.mail.codeFor(email);
    await ageCodes((await userByEmail(email))!.id, 2 * 60 * 1000);
    await server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) }).where(eq(mailRequests.email, email));

    // A stranger signs up again with the owner's address and a password of their own.
    const attacker = await register({ name: 'Attacker', email, password: 'Att4cker!Password' });
    expect(attacker.status).toBe(201);
    const attackerMail = await server.mail.waitFor(email, (m) => !m.text.includes(ownerCode));
    const attackerCode = /\b(\d{6})\b/.exec(attackerMail.text)![1]!;
    expect(await userByEmail(email)).toMatchObject({ name: 'Owner', passwordHash: null });

    // The owner, in the browser that registered, enters the newest code (the stranger's): it does not fit their registration.
    const verify = (code: string, registration: string) => server.post('auth/register/verify/', { email, code, registration });
    expect((await verify(attackerCode, registrationOf(owner))).status).toBe(400);
    // Their own code verifies the account with the password THEY chose.
    expect((await verify(ownerCode, registrationOf(owner))).status).toBe(200);
    expect((await server.post('auth/login/', { email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await server.post('auth/login/', { email, password: 'Att4cker!Password' })).status).toBe(401);
    // The stranger's registration died with the owner's verification.
    expect((await verify(attackerCode, registrationOf(attacker))).status).toBe(400);
    expect(await userByEmail(email)).toMatchObject({ name: 'Owner' });
  });

  it('answers a sign-up within a minute of the last one alike, and mails only once', async () => {
    const email = uniqueEmail();
    expect((await register({ name: 'Asha Rao', email, password: STRONG_PASSWORD })).status).toBe(201);
    const again = await register({ name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(again.status).toBe(201);
    await server.mail.waitFor(email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('accepts a 64-character password, which then signs in', async () => {
    const person = await signUp(server, { password: LONG_PASSWORD });
    expect(LONG_PASSWORD).toHaveLength(64);
    const login = await server.post('auth/login/', { email: person.email, password: LONG_PASSWORD });
    expect(login.status).toBe(200);
  });

  it.each(invalidPasswords('Password'))('refuses a password that is $rule', async ({ value, message }) => {
    const email = uniqueEmail();
    const res = await register({ name: 'Asha Rao', email, password: value });
    expect(res.status).toBe(400);
    // The first broken part is the one shown (an empty field only says it is missing).
    expect(res.body).toMatchObject({ code: 'validation_error', message, errors: { password: expect.arrayContaining([message]) } });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('names every missing field with the spec template', async () => {
    const res = await register({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter Name',
      code: 'validation_error',
      errors: { name: ['Please enter Name'], email: ['Please enter Email'], password: ['Please enter Password'] },
    });
  });

  it.each([
    { field: 'email', value: 'not-an-email', message: 'Email is not a valid email' },
    { field: 'email', value: 'a@b', message: 'Email is not a valid email' },
    { field: 'name', value: '   ', message: 'Please enter Name' },
    { field: 'name', value: 'A', message: 'Name must be at least 2 characters' },
    { field: 'name', value: 'A'.repeat(81), message: 'Name must be up to 80 characters' },
  ])('refuses $field "$value" with "$message"', async ({ field, value, message }) => {
    const res = await register({ name: 'Asha Rao', email: uniqueEmail(), password: STRONG_PASSWORD, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'validation_error', errors: { [field]: expect.arrayContaining([message]) } });
  });

  it('answers 400 in the error envelope for a body that is not JSON', async () => {
    const res = await server.request('POST', 'auth/register/', { body: '{"name":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message: expect.any(String) });
  });
});
