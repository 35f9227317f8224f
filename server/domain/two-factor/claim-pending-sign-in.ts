import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { authChallenges, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import type { UserRow } from '../../types';
import { TWO_FACTOR_MAX_ATTEMPTS } from '../../../lib/contract/two-factor';
import { PENDING_SIGN_IN } from './pending-sign-in';
import { errorMessages } from '../../../lib/contract/error-messages';

export const signInExpired = () =>
  new AppError(401, 'code_expired', errorMessages.signInExpired);

export interface PendingSignIn {
  id: string;
  user: UserRow;
  data: Record<string, unknown>;
  /** Tries used, this one included. */
  attempts: number;
}

/**
 * The live pending sign-in the token names, with its person. With
 * `attempt`, one of its TWO_FACTOR_MAX_ATTEMPTS tries is taken in the same
 * statement that finds it, so parallel guesses cannot share a try. Anything
 * else (unknown, expired, used, out of tries) is the same 401.
 */
export async function claimPendingSignIn(opts: { db: Database; token: string; attempt: boolean }): Promise<PendingSignIn> {
  const live = and(
    eq(authChallenges.purpose, PENDING_SIGN_IN),
    eq(authChallenges.challenge, sha256(opts.token)),
    isNull(authChallenges.consumedAt),
    gt(authChallenges.expiresAt, new Date()),
    lt(authChallenges.attempts, TWO_FACTOR_MAX_ATTEMPTS),
  );
  const [row] = opts.attempt
    ? await opts.db
      .update(authChallenges)
      .set({ attempts: sql`${authChallenges.attempts} + 1` })
      .where(live)
      .returning()
    : await opts.db.select().from(authChallenges).where(live).limit(1);
  if (!row?.userId) throw signInExpired();
  const [user] = await opts.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw signInExpired();
  return { id: row.id, user, data: row.data, attempts: row.attempts };
}

/** Ends a pending sign-in (it became a session, or it ran out of tries); false when another request ended it first. */
export async function endPendingSignIn(opts: { db: Database; id: string }): Promise<boolean> {
  const [ended] = await opts.db
    .update(authChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(authChallenges.id, opts.id), isNull(authChallenges.consumedAt)))
    .returning({ id: authChallenges.id });
  return Boolean(ended);
}
