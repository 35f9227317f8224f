import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, mailRequests, users, verificationCodes } from '../../db/schema';
import type { ApiResponse } from '../../test/harness';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';
import { createStaffedHub, invitationTokenFor, type StaffedHub } from '../organizations/members-cases';
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
      data: { email, expires_in: 600, registration: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), verified: false },
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
        data: { email: person.email, expires_in: 600, registration: expect.any(String), verified: false },
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

  it.each(invalidPasswords('Password', 'a password'))('refuses a password that is $rule', async ({ value, message }) => {
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
      message: 'Please enter your name',
      code: 'validation_error',
      errors: { name: ['Please enter your name'], email: ['Please enter your email address'], password: ['Please enter a password'] },
    });
  });

  it.each([
    { field: 'email', value: 'not-an-email', message: 'Enter a valid email address' },
    { field: 'email', value: 'a@b', message: 'Enter a valid email address' },
    { field: 'name', value: '   ', message: 'Please enter your name' },
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

describe('POST auth/register/ from an invitation link', () => {
  let staffed: StaffedHub;
  beforeAll(async () => { staffed = await createStaffedHub(server); });

  /** Invites `email` to the staffed hub and returns the link's token. */
  async function invite(email: string) {
    const res = await server.post(
      `organizations/${staffed.hub.domain_handle}/invitations/`,
      { emails: [email], role: 'editor' },
      { token: staffed.owner.token, hubHandle: staffed.hub.domain_handle },
    );
    if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
    return invitationTokenFor(server, email);
  }
  const verificationMails = (email: string) =>
    server.mail.messages.filter((m) => m.to.includes(email) && m.subject === 'Your Convene verification code');
  /** The answer with what differs between any two sign-ups taken out. */
  const shapeOf = (res: ApiResponse, email: string) =>
    JSON.parse(JSON.stringify(res.body).split(email).join('<email>').replace(/"registration":"[^"]+"/, '"registration":"<secret>"')) as unknown;

  it('creates the invited address verified, mails no code, and the person signs in and accepts', async () => {
    const email = uniqueEmail('guests.test');
    const token = await invite(email);
    const res = await register({ name: 'Ivy Invitee', email, password: STRONG_PASSWORD, invitation: token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: { email, expires_in: 600, registration: expect.any(String), verified: true },
      message: 'Your email is verified: the invitation proved it.',
    });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ name: 'Ivy Invitee', emailVerifiedAt: expect.any(Date), passwordHash: expect.stringMatching(/^\$argon2id\$/) });
    const [verifiedEvent] = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, user!.id), eq(auditEvents.type, 'email_verified')));
    expect(verifiedEvent).toBeDefined();

    const login = await server.post<{ data: { token: string } }>('auth/login/', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const accepted = await server.post(`invitations/${token}/accept/`, {}, { token: login.body.data.token });
    expect(accepted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(verificationMails(email)).toHaveLength(0);
  });

  it('completes an address still waiting for its code, whose earlier code then stops working', async () => {
    const email = uniqueEmail('guests.test');
    const token = await invite(email);
    const first = await register({ name: 'Ivy Invitee', email, password: 'Earl1er!Password' });
    const earlierCode = await server.mail.codeFor(email);
    const res = await register({ name: 'Ivy Invitee', email, password: STRONG_PASSWORD, invitation: token });
    expect((res.body as { data: { verified: boolean } }).data.verified).toBe(true);
    expect((await server.post('auth/login/', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const verify = await server.post('auth/register/verify/', { email, code: earlierCode, registration: registrationOf(first) });
    expect(verify.status).toBe(400);
    expect((await server.post('auth/login/', { email, password: 'Earl1er!Password' })).status).toBe(401);
  });

  it.each([
    ['the invitation of another address', async () => invite(uniqueEmail('guests.test'))],
    ['a made-up token', async () => 'A'.repeat(43)],
    ['an expired invitation', async (email: string) => {
      const token = await invite(email);
      await server.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, email));
      return token;
    }],
  ])('answers a sign-up carrying %s exactly like one without, and mails a code', async (_, tokenFor) => {
    const email = uniqueEmail('guests.test');
    const token = await tokenFor(email);
    const plainEmail = uniqueEmail('guests.test');
    const plain = await register({ name: 'Ivy Invitee', email: plainEmail, password: STRONG_PASSWORD });
    const res = await register({ name: 'Ivy Invitee', email, password: STRONG_PASSWORD, invitation: token });
    expect(res.status).toBe(plain.status);
    expect(shapeOf(res, email)).toEqual(shapeOf(plain, plainEmail));
    expect(await userByEmail(email)).toMatchObject({ emailVerifiedAt: null, passwordHash: null });
    expect(await server.mail.codeFor(email)).toMatch(/^\d{6}$/);
    expect((await server.post('auth/login/', { email, password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('leaves a verified account alone, answering as for any verified address', async () => {
    const person = await signUp(server, { email: uniqueEmail('guests.test') });
    await server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) }).where(eq(mailRequests.email, person.email));
    const token = await invite(person.email);
    const res = await register({ name: 'Someone Else', email: person.email, password: 'Att4cker!Password', invitation: token });
    expect((res.body as { data: { verified: boolean } }).data.verified).toBe(false);
    expect(await userByEmail(person.email)).toMatchObject({ name: person.name });
    expect((await server.post('auth/login/', { email: person.email, password: 'Att4cker!Password' })).status).toBe(401);
  });
});
