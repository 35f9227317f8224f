import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { auditEvents, memberships, sessions } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type ApiResponse, type TestServer } from '../../test/harness';
import { signWithPasskey } from '../../test/webauthn-authenticator';
import { createStaffedHub, invitationTokenFor } from '../organizations/members-cases';
import { addPasskey, awayFromStepEdge, ceremonyOf, enableTotp, startSignIn, totpCode, type Data } from '../two-factor/two-factor-test-kit';

/*
 * Every emailed code, link token and second-factor proof works once, even
 * when RACERS requests bring it at the same moment: exactly one of them
 * succeeds and exactly one event is recorded. The harness already lifts the
 * per-client limits (authRateLimitPerMinute, loginClientFreeFailures), so
 * all of them reach the check from one address; the tries an emailed code
 * gets are raised too, or the tries the racers take before the code is
 * compared would refuse them all.
 */

const RACERS = 20;

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ verificationCodeMaxAttempts: RACERS }); });
afterAll(async () => { await server.close(); });

/** `send` RACERS times at once; resolves with every answer. */
const race = (send: () => Promise<ApiResponse>) => Promise.all(Array.from({ length: RACERS }, send));

/** Exactly one answer succeeded; every other one was refused as a client error, none failed on the server. */
function expectOneWinner(answers: ApiResponse[]) {
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200), JSON.stringify(answers.map((a) => [a.status, a.body]))).toHaveLength(1);
  expect(statuses.filter((status) => status !== 200).every((status) => status >= 400 && status < 500), JSON.stringify(statuses)).toBe(true);
}

/** How many audit events of `type` (of a sign-in, by `method`) are about `userId`. */
async function eventCount(type: string, userId: string, method?: string): Promise<number> {
  const rows = await server.db.select({ data: auditEvents.data }).from(auditEvents)
    .where(and(eq(auditEvents.type, type), eq(auditEvents.subjectId, userId)));
  return rows.filter((row) => method === undefined || row.data.method === method).length;
}

const sessionCount = async (userId: string) => (await server.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('single use under RACERS parallel requests', () => {
  it('an email-change code moves the account once', async () => {
    const person = await signUp(server);
    const newEmail = uniqueEmail();
    expect((await server.post('auth/email/change/', { email: newEmail, password: person.password }, { token: person.token })).status).toBe(200);
    const code = await server.mail.codeFor(newEmail);
    expectOneWinner(await race(() => server.post('auth/email/change/verify/', { code }, { token: person.token })));
    expect(await eventCount('email_changed', person.user.id)).toBe(1);
  });

  it('a sign-up code verifies the address and signs in once', async () => {
    const email = uniqueEmail();
    const registered = await server.post<{ data: { registration: string } }>('auth/register/', { name: 'Asha Rao', email, password: STRONG_PASSWORD });
    expect(registered.status).toBe(201);
    const code = await server.mail.codeFor(email);
    const { registration } = registered.body.data;
    const answers = await race(() => server.post('auth/register/verify/', { email, code, registration }));
    expectOneWinner(answers);
    const winner = answers.find((answer) => answer.status === 200)!.body as { data: { user: { id: string } } };
    expect(await eventCount('email_verified', winner.data.user.id)).toBe(1);
    expect(await sessionCount(winner.data.user.id)).toBe(1);
  });

  it('an emailed sign-in code (after ten failed passwords) signs in once', async () => {
    const person = await createUser(server);
    for (let i = 0; i < 10; i++) expect((await server.post('auth/login/', { email: person.email, password: 'Wr0ng!Password' })).status).toBe(401);
    expect((await server.post('auth/login/', { email: person.email, password: STRONG_PASSWORD })).body).toMatchObject({ code: 'email_code_required' });
    const code = await server.mail.codeFor(person.email);
    const before = await sessionCount(person.user.id);
    expectOneWinner(await race(() => server.post('auth/login/', { email: person.email, password: STRONG_PASSWORD, email_code: code })));
    expect(await sessionCount(person.user.id)).toBe(before + 1);
    expect(await eventCount('sign_in', person.user.id, 'email_code')).toBe(1);
  });

  it('a password reset link sets the password once', async () => {
    const person = await createUser(server);
    expect((await server.post('auth/password/forgot/', { email: person.email })).status).toBe(200);
    const mail = await server.mail.waitFor(person.email, (m) => m.subject === 'Reset your Convene password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expectOneWinner(await race(() => server.post('auth/password/reset/', { token, password: 'N3w!Password' })));
    expect(await eventCount('password_reset', person.user.id)).toBe(1);
  });

  it('an invitation link is accepted once', async () => {
    const staffed = await createStaffedHub(server);
    const email = uniqueEmail('guests.test');
    const invited = await server.post(
      `organizations/${staffed.hub.domain_handle}/invitations/`, { emails: [email], role: 'editor' },
      { token: staffed.owner.token, hubHandle: staffed.hub.domain_handle },
    );
    expect(invited.status).toBe(201);
    const token = await invitationTokenFor(server, email);
    const guest = await createUser(server, { email });
    expectOneWinner(await race(() => server.post(`invitations/${token}/accept/`, {}, { token: guest.token })));
    expect(await eventCount('invitation_accepted', guest.user.id)).toBe(1);
    expect(await server.db.select().from(memberships).where(eq(memberships.userId, guest.user.id))).toHaveLength(1);
  });

  describe('the second step of a sign-in', () => {
    /** A person with the authenticator app on, and RACERS pending sign-ins of theirs. */
    async function pendingSignIns() {
      const person = await createUser(server);
      const totp = await enableTotp(server, person.token);
      const pending = await Promise.all(Array.from({ length: RACERS }, () => startSignIn(server, person.email)));
      return { ...person, ...totp, tokens: pending.map((p) => p.token) };
    }
    const verifyAll = (tokens: string[], proof: (i: number) => Record<string, unknown>) =>
      Promise.all(tokens.map((token, i) => server.post('auth/two-factor/verify/', { token, ...proof(i) })));

    it('an authenticator code is accepted once, across separate pending sign-ins', async () => {
      const { user, secret, tokens } = await pendingSignIns();
      await awayFromStepEdge();
      // The next step's code: the one that enabled the app spent the current step.
      const code = totpCode(secret, 1);
      expectOneWinner(await verifyAll(tokens, () => ({ method: 'totp', code })));
      expect(await eventCount('sign_in', user.id, 'totp')).toBe(1);
    });

    it('a recovery code is spent once, across separate pending sign-ins', async () => {
      const { user, recoveryCodes, tokens } = await pendingSignIns();
      expectOneWinner(await verifyAll(tokens, () => ({ method: 'recovery_code', code: recoveryCodes[0] })));
      expect(await eventCount('sign_in', user.id, 'recovery_code')).toBe(1);
    });

    it('one pending sign-in becomes one session, whatever good proofs race on it', async () => {
      const { user, recoveryCodes, tokens } = await pendingSignIns();
      const before = await sessionCount(user.id);
      // Different codes, so each proof is good on its own: only the pending sign-in can be spent once.
      const sameToken = Array.from({ length: RACERS }, () => tokens[0]!);
      expectOneWinner(await verifyAll(sameToken, (i) => ({ method: 'recovery_code', code: recoveryCodes[i % recoveryCodes.length] })));
      expect(await eventCount('sign_in', user.id, 'recovery_code')).toBe(1);
      expect(await sessionCount(user.id)).toBe(before + 1);
    });
  });

  it('a signed passkey sign-in (its challenge) signs in once', async () => {
    const person = await createUser(server);
    const { passkey } = await addPasskey(server, person.token);
    const options = await server.post<Data<WebauthnOptions>>('auth/passkey/options/', {});
    const credential = signWithPasskey(passkey, options.body.data, ceremonyOf(server));
    expectOneWinner(await race(() => server.post('auth/passkey/verify/', { credential })));
    expect(await eventCount('sign_in', person.user.id, 'passkey')).toBe(1);
  });
});
