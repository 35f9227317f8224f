import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { loginFailures } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';

/**
 * Refuses password checks for an email that failed LOGIN_FAILURE_LIMIT times
 * within the window, before the password is even looked at, so guessing stops
 * even when a guess would be right. Keyed by email whether or not an account
 * exists, so the lockout does not reveal accounts either.
 */
export async function checkLoginLockout(opts: { db: Database; email: string; now?: Date }): Promise<void> {
  const now = (opts.now ?? new Date()).getTime();
  const failures = await opts.db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, opts.email), gt(loginFailures.createdAt, new Date(now - LOGIN_FAILURE_WINDOW_MS))))
    .orderBy(asc(loginFailures.createdAt));
  if (failures.length < LOGIN_FAILURE_LIMIT) return;
  // The lock lifts when enough failures have left the window to fall under the limit.
  const unlockAt = failures[failures.length - LOGIN_FAILURE_LIMIT]!.createdAt.getTime() + LOGIN_FAILURE_WINDOW_MS;
  const minutes = Math.max(1, Math.ceil((unlockAt - now) / 60_000));
  throw tooManyRequests(
    `Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} or reset your password.`,
  );
}
