import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../db/schema';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';
import { invalidPasswords, LONG_PASSWORD } from './password-cases';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const register = (body: Record<string, unknown>) => server.post('auth/register/', body);
const userByEmail = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0];
const codesOf = (userId: string) => server.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
/** Moves every code of the user back in time, as if it had been sent that long ago. */
const ageCodes = (userId: string, ms: number) =>
  server.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - ms) }).where(eq(verificationCodes.userId, userId));

describe('POST auth/register/', () => {
  it('creates an unverified account, stores an argon2id hash and mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { email, expires_in: 600 }, message: `We sent a 6-digit code to ${email}.` });

    const mail = await server.mail.waitFor(email);
    expect(mail.subject).toBe('Your Convene verification code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(code);

    const user = await userByEmail(email);
    expect(user).toMatchObject({ name: 'Asha Rao', emailVerifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [stored] = await codesOf(user!.id);
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

  it('answers 409 email_taken with a field error when the email is registered and verified, in any case', async () => {
    const person = await signUp(server);
    for (const email of [person.email, person.email.toUpperCase()]) {
      const res = await register({ name: 'Someone Else', email, password: STRONG_PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: 'This email is already registered. Please sign in instead.',
        code: 'email_taken',
        errors: { email: ['This email is already registered. Please sign in instead.'] },
      });
    }
    expect((await userByEmail(person.email))!.name).toBe(person.name);
  });

  it('lets an unverified account start again: new name and password, a fresh code, the old one dead', async () => {
    const email = uniqueEmail();
    await register({ name: 'First Try', email, password: STRONG_PASSWORD });
    const firstCode = await server.mail.codeFor(email);
    const before = await userByEmail(email);
    await ageCodes(before!.id, 2 * 60 * 1000);

    const again = await register({ name: 'Second Try', email, password: 'An0ther!Password' });
    expect(again.status).toBe(201);
    const secondMail = await server.mail.waitFor(email, (m) => !m.text.includes(firstCode));
    const secondCode = /\b(\d{6})\b/.exec(secondMail.text)![1]!;
    const after = await userByEmail(email);
    expect(after).toMatchObject({ id: before!.id, name: 'Second Try' });
    expect(after!.passwordHash).not.toBe(before!.passwordHash);

    expect((await server.post('auth/register/verify/', { email, code: firstCode })).status).toBe(400);
    expect((await server.post('auth/register/verify/', { email, code: secondCode })).status).toBe(200);
    expect((await server.post('auth/login/', { email, password: 'An0ther!Password' })).status).toBe(200);
  });

  it('refuses to mail an unverified address again within a minute (429 with the wait)', async () => {
    const email = uniqueEmail();
    expect((await register({ name: 'Asha Rao', email, password: STRONG_PASSWORD })).status).toBe(201);
    const res = await register({ name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^Please wait \d+ seconds before asking for another email\.$/),
      code: 'rate_limited',
    });
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
