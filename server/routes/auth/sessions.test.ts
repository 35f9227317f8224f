import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../lib/contract/sessions';
import { auditEvents, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createUser } from '../../test/fixtures';
import { signUp, STRONG_PASSWORD, uniqueEmail, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

interface ListBody { data: Session[] }
const NEW_DEVICE_SUBJECT = 'New sign-in to your Convene account';

/** Signs in with the password from a browser named by its user agent and (optionally) its fingerprint visitor id. */
async function signInFrom(person: { email: string }, browser: { userAgent: string; visitorId?: string }) {
  const res = await server.post<{ data: { token: string } }>(
    'auth/login/',
    { email: person.email, password: STRONG_PASSWORD, visitor_id: browser.visitorId },
    { headers: { 'User-Agent': browser.userAgent } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token;
}

const sessionIdOf = (token: string) => String(decodeJwt(token).sid);
const userIdOf = (token: string) => String(decodeJwt(token).sub);
const listAs = (token: string) => server.get<ListBody>('auth/sessions/', { token });

/** A verified account with no session at all, as it is before its first sign-in. */
async function accountWithoutSessions() {
  const email = uniqueEmail();
  await server.db.insert(users).values({
    email, name: 'Nova New', passwordHash: await hashPassword(STRONG_PASSWORD), emailVerifiedAt: new Date(),
    profileRole: 'software_engineer', profileCompletedAt: new Date(),
  });
  return { email };
}

/** New-device mails to `email` so far. */
const newDeviceMails = (email: string) => server.mail.messages.filter((m) => m.to.includes(email) && m.subject === NEW_DEVICE_SUBJECT);

/** Mail goes out after the answer: a later sign-in from yet another browser is awaited, then a moment more, before absence is judged. */
async function settleMailFor(person: { email: string }) {
  const marker = `marker-${randomUUID()}`;
  await signInFrom(person, { userAgent: SAFARI_IPHONE, visitorId: marker });
  await server.mail.waitFor(person.email, (m) => m.subject === NEW_DEVICE_SUBJECT && m.text.includes('Safari 17 on iOS 17'));
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('GET auth/sessions/', () => {
  it('lists every live session with its browser, address and times, marking this one', async () => {
    const person = await accountWithoutSessions();
    const chrome = await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'chrome-visitor-0123456789' });
    const firefox = await signInFrom(person, { userAgent: FIREFOX_WINDOWS, visitorId: 'firefox-visitor-9876543210' });

    const res = await listAs(chrome);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((s) => [s.id, s]));
    expect(res.body.data).toHaveLength(2);
    expect(byId.get(sessionIdOf(chrome))).toEqual({
      id: sessionIdOf(chrome), browser: 'Chrome 156', os: 'macOS', device: 'desktop', visitor_id: 'chrome-v',
      ip: '127.0.0.1', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), last_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      current: true,
    });
    expect(byId.get(sessionIdOf(firefox))).toMatchObject({ browser: 'Firefox 128', os: 'Windows 10', device: 'desktop', current: false });
    // The whole fingerprint never goes back out.
    expect(JSON.stringify(res.body)).not.toContain('chrome-visitor-0123456789');
    // The other browser sees the same sessions, with itself as the current one.
    const fromFirefox = await listAs(firefox);
    expect(fromFirefox.body.data.filter((s) => s.current).map((s) => s.id)).toEqual([sessionIdOf(firefox)]);
  });

  it('puts the most recently active first and leaves out signed-out and expired sessions', async () => {
    const person = await accountWithoutSessions();
    const tokens = [];
    for (const visitorId of ['a-visitor-1', 'b-visitor-2', 'c-visitor-3', 'd-visitor-4']) {
      tokens.push(await signInFrom(person, { userAgent: SAFARI_IPHONE, visitorId }));
    }
    const [active, idle, revoked, expired] = tokens.map(sessionIdOf) as [string, string, string, string];
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await server.db.update(sessions).set({ lastSeenAt: minutesAgo(1) }).where(eq(sessions.id, active));
    await server.db.update(sessions).set({ lastSeenAt: minutesAgo(90) }).where(eq(sessions.id, idle));
    await server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked));
    await server.db.update(sessions).set({ expiresAt: minutesAgo(1) }).where(eq(sessions.id, expired));

    const res = await listAs(tokens[0]!);
    expect(res.body.data.map((s) => s.id)).toEqual([active, idle]);
    expect(res.body.data[0]).toMatchObject({ browser: 'Safari 17', os: 'iOS 17', device: 'mobile' });
  });

  it('shows only the caller\'s own sessions', async () => {
    const me = await createUser(server);
    const other = await createUser(server);
    const res = await listAs(me.token);
    expect(res.body.data.map((s) => s.id)).toEqual([sessionIdOf(me.token)]);
    expect(JSON.stringify(res.body)).not.toContain(sessionIdOf(other.token));
  });

  it('answers 401 to a session past its server-side expiry, whatever the token says', async () => {
    const person = await createUser(server);
    await server.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionIdOf(person.token)));
    const res = await listAs(person.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'session_expired' });
  });
});

describe('DELETE auth/sessions/{id}/', () => {
  it('signs out another of my sessions: its token gets 401, mine keeps working, and the trail says so', async () => {
    const person = await accountWithoutSessions();
    const mine = await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'mine-0001' });
    const lost = await signInFrom(person, { userAgent: FIREFOX_WINDOWS, visitorId: 'lost-0002' });

    const res = await server.request('DELETE', `auth/sessions/${sessionIdOf(lost)}/`, { token: mine });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { current: false }, message: 'That session has been signed out.' });
    expect((await server.get('auth/me/', { token: lost })).body).toMatchObject({ code: 'session_revoked' });
    expect((await server.get('auth/me/', { token: mine })).status).toBe(200);
    expect((await listAs(mine)).body.data.map((s) => s.id)).toEqual([sessionIdOf(mine)]);

    const [event] = await server.db.select().from(auditEvents)
      .where(and(eq(auditEvents.type, 'session_revoked'), eq(auditEvents.subjectId, userIdOf(mine))));
    expect(event).toMatchObject({
      hubId: null, ip: '127.0.0.1',
      data: { target: { kind: 'session', id: sessionIdOf(lost), name: 'Firefox 128 on Windows 10' }, current: false },
    });
    expect(event!.actorId).toBe(event!.subjectId);
  });

  it('signs this browser out when the session is the current one', async () => {
    const person = await createUser(server);
    const res = await server.request('DELETE', `auth/sessions/${sessionIdOf(person.token)}/`, { token: person.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { current: true }, message: 'You have been signed out.' });
    expect((await server.get('auth/me/', { token: person.token })).status).toBe(401);
  });

  it("answers 404 to another person's session exactly as to a missing or malformed one, and leaves it signed in", async () => {
    const me = await createUser(server);
    const victim = await createUser(server);
    const theirs = await server.request('DELETE', `auth/sessions/${sessionIdOf(victim.token)}/`, { token: me.token });
    const missing = await server.request('DELETE', `auth/sessions/${randomUUID()}/`, { token: me.token });
    const malformed = await server.request('DELETE', 'auth/sessions/not-a-session/', { token: me.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: 'That session was not found.', code: 'not_found' });
    expect(missing.body).toEqual(theirs.body);
    expect(malformed.body).toEqual(theirs.body);
    expect((await server.get('auth/me/', { token: victim.token })).status).toBe(200);
  });

  it('answers 404 to a session already signed out', async () => {
    const person = await accountWithoutSessions();
    const mine = await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'again-1' });
    const other = await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'again-2' });
    expect((await server.request('DELETE', `auth/sessions/${sessionIdOf(other)}/`, { token: mine })).status).toBe(200);
    expect((await server.request('DELETE', `auth/sessions/${sessionIdOf(other)}/`, { token: mine })).status).toBe(404);
  });
});

describe('POST auth/sessions/revoke-others/', () => {
  it('signs out every other session and keeps this one', async () => {
    const person = await accountWithoutSessions();
    const mine = await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'keep-1' });
    const others = [
      await signInFrom(person, { userAgent: FIREFOX_WINDOWS, visitorId: 'drop-2' }),
      await signInFrom(person, { userAgent: SAFARI_IPHONE, visitorId: 'drop-3' }),
    ];
    const stranger = await createUser(server);

    const res = await server.post('auth/sessions/revoke-others/', {}, { token: mine });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { revoked: 2 }, message: '2 other sessions were signed out.' });
    for (const token of others) expect((await server.get('auth/me/', { token })).status).toBe(401);
    expect((await server.get('auth/me/', { token: mine })).status).toBe(200);
    expect((await server.get('auth/me/', { token: stranger.token })).status).toBe(200);
    expect((await listAs(mine)).body.data.map((s) => s.id)).toEqual([sessionIdOf(mine)]);

    const events = await server.db.select().from(auditEvents)
      .where(and(eq(auditEvents.type, 'session_revoked'), eq(auditEvents.subjectId, userIdOf(mine))));
    expect(events.map((e) => e.data)).toEqual([{ scope: 'others', count: 2 }]);

    const again = await server.post('auth/sessions/revoke-others/', {}, { token: mine });
    expect(again.body).toEqual({ data: { revoked: 0 }, message: '0 other sessions were signed out.' });
  });
});

describe('the new-device email', () => {
  it('is sent for a browser the account has not used, naming it, the address and the way to review sessions', async () => {
    const person = await accountWithoutSessions();
    await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'home-browser' });
    await signInFrom(person, { userAgent: FIREFOX_WINDOWS, visitorId: 'strange-browser' });
    const mail = await server.mail.waitFor(person.email, (m) => m.subject === NEW_DEVICE_SUBJECT);
    expect(mail.text).toContain('Firefox 128 on Windows 10');
    expect(mail.text).toContain('Address: 127.0.0.1');
    expect(mail.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d\d:\d\d UTC/);
    expect(mail.text).toContain(`${server.config.appUrl}/account/security`);
    expect(mail.text).toContain('If this was not you, change your password');
    expect(mail.html).toContain(`href="${server.config.appUrl}/account/security"`);
    expect(mail.html).toContain('If this was not you, change your password');
    expect(newDeviceMails(person.email)).toHaveLength(1);
  });

  it('is not sent for the first sign-in of an account, nor again for a browser it knows', async () => {
    const person = await accountWithoutSessions();
    await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'first-browser' });
    // The same browser later, even after it was signed out.
    const again = await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'first-browser' });
    await server.post('auth/sessions/revoke-others/', {}, { token: again });
    await server.request('DELETE', `auth/sessions/${sessionIdOf(again)}/`, { token: again });
    await signInFrom(person, { userAgent: CHROME_MAC, visitorId: 'first-browser' });
    await settleMailFor(person);
    expect(newDeviceMails(person.email).map((m) => m.text.includes('Safari'))).toEqual([true]);
  });

  it('is not sent for the session that verified a new account', async () => {
    const person = await signUp(server);
    await settleMailFor(person);
    expect(newDeviceMails(person.email).map((m) => m.text.includes('Safari'))).toEqual([true]);
  });

  it('compares browser and address when the browser sends no visitor id', async () => {
    const person = await accountWithoutSessions();
    await signInFrom(person, { userAgent: CHROME_MAC });
    await signInFrom(person, { userAgent: CHROME_MAC });
    await signInFrom(person, { userAgent: FIREFOX_WINDOWS });
    await server.mail.waitFor(person.email, (m) => m.subject === NEW_DEVICE_SUBJECT && m.text.includes('Firefox'));
    await settleMailFor(person);
    expect(newDeviceMails(person.email).map((m) => /Firefox|Safari/.exec(m.text)?.[0]).sort()).toEqual(['Firefox', 'Safari']);
  });
});
