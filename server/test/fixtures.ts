import { randomBytes } from 'node:crypto';
import { invitations, sessions, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { randomToken, sha256, signSessionToken } from '../lib/tokens';
import type { Role } from '../../lib/contract/settings';
import type { MyHub } from '../../lib/contract/hubs';
import type { UserRow } from '../types';
import { STRONG_PASSWORD, uniqueEmail, type TestServer } from './harness';

/*
 * Test data made directly in the database, for suites that need signed-in
 * people without going through the sign-up endpoints.
 */

let passwordHash: Promise<string> | undefined;

/** A verified user (with the basic profile done unless `profile: false`) and a live session token. */
export async function createUser(
  server: TestServer,
  opts: { email?: string; name?: string; profile?: boolean } = {},
): Promise<{ user: UserRow; token: string; email: string }> {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const profileDone = opts.profile ?? true;
  const [user] = await server.db
    .insert(users)
    .values({
      email,
      name: opts.name ?? 'Test Person',
      passwordHash: await (passwordHash ??= hashPassword(STRONG_PASSWORD)),
      emailVerifiedAt: new Date(),
      profileRole: profileDone ? 'software_engineer' : null,
      profileCompletedAt: profileDone ? new Date() : null,
    })
    .returning();
  const [session] = await server.db.insert(sessions).values({ userId: user!.id, userAgent: 'vitest' }).returning();
  const token = await signSessionToken(
    { sessionId: session!.id, userId: user!.id },
    server.config.jwtSecret,
    server.config.sessionTtlSeconds,
  );
  return { user: user!, token, email };
}

/** A handle no other test has used. */
export const uniqueHandle = (prefix = 'hub') => `${prefix}-${randomBytes(5).toString('hex')}`;

/** Creates a hub through the API as the given user; fails the test if the API refuses. */
export async function createHub(
  server: TestServer,
  token: string,
  body: { domain_handle?: string; name?: string; description?: string; visibility?: 'public' | 'shared'; email_domain?: string } = {},
): Promise<MyHub> {
  const handle = body.domain_handle ?? uniqueHandle();
  const res = await server.post<{ data: MyHub }>(
    'organizations/',
    { name: `Hub ${handle}`, visibility: 'shared', ...body, domain_handle: handle },
    { token },
  );
  if (res.status !== 201) throw new Error(`create hub failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An invitation row as the invite feature will store it. */
export async function insertInvitation(
  server: TestServer,
  opts: { hubId: string; email: string; role?: Role; invitedBy?: string; expiresAt?: Date; cancelled?: boolean },
) {
  const [invitation] = await server.db
    .insert(invitations)
    .values({
      hubId: opts.hubId,
      email: opts.email.toLowerCase(),
      role: opts.role ?? 'editor',
      tokenHash: sha256(randomToken()),
      invitedBy: opts.invitedBy ?? null,
      expiresAt: opts.expiresAt ?? new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
      cancelledAt: opts.cancelled ? new Date() : null,
    })
    .returning();
  return invitation!;
}

/**
 * Authorization headers every authenticated endpoint must refuse with 401:
 * none, malformed, signed with another secret, and a signed-out session.
 */
export async function refusedAuthorizations(server: TestServer): Promise<Array<{ name: string; authorization?: string }>> {
  const { user } = await createUser(server);
  const [session] = await server.db
    .insert(sessions)
    .values({ userId: user.id, revokedAt: new Date() })
    .returning();
  const sign = (secret: Uint8Array) =>
    signSessionToken({ sessionId: session!.id, userId: user.id }, secret, server.config.sessionTtlSeconds);
  const forged = await sign(new TextEncoder().encode('some-other-secret-with-enough-entropy-987654'));
  const revoked = await sign(server.config.jwtSecret);
  return [
    { name: 'no token' },
    { name: 'malformed token', authorization: 'JWT not-a-token' },
    { name: 'forged token', authorization: `JWT ${forged}` },
    { name: 'revoked session', authorization: `JWT ${revoked}` },
  ];
}
