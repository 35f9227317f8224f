import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { authChallenges } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';
import type { UserRow } from '../../types';
import type { SecondFactorMethod, TwoFactorChallenge } from '../../../lib/contract/auth';
import { TWO_FACTOR_CHALLENGE_TTL_MS } from '../../../lib/contract/two-factor';
import type { ClientInfo } from '../sessions/create-session';
import { PENDING_SIGN_IN, pendingDataOf } from './pending-sign-in';

/**
 * The password (or Google) was right and a second factor is owed: keeps a
 * short-lived, single-use pending sign-in and returns the secret that names it.
 * Only the secret's SHA-256 is stored; the browser facts ride along so the
 * session it becomes records the browser that typed the password.
 */
export async function startTwoFactorSignIn(opts: {
  db: Database;
  user: UserRow;
  methods: SecondFactorMethod[];
  client: ClientInfo;
}): Promise<TwoFactorChallenge> {
  const token = randomToken();
  const now = Date.now();
  // Pending sign-ins of this person that nobody finished are of no use to anyone.
  await opts.db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, opts.user.id), eq(authChallenges.purpose, PENDING_SIGN_IN), lt(authChallenges.expiresAt, new Date(now))));
  await opts.db.insert(authChallenges).values({
    userId: opts.user.id,
    purpose: PENDING_SIGN_IN,
    challenge: sha256(token),
    data: { ...pendingDataOf(opts.client) },
    expiresAt: new Date(now + TWO_FACTOR_CHALLENGE_TTL_MS),
  });
  return { two_factor: { token, methods: opts.methods } };
}
