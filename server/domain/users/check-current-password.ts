import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { codeFailures } from '../../db/schema';
import { fieldError, tooManyRequests } from '../../lib/errors';
import type { UserRow } from '../../types';
import { LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';
import { errorMessages } from '../../../lib/contract/error-messages';
import { checkPassword } from '../auth/check-password';

/** Wrong current passwords one account may type into its own settings within the window. */
const CURRENT_PASSWORD_FAILURE_LIMIT = 5;
const PURPOSE = 'password_change';

/**
 * Checks the password a signed-in person typed to confirm a change to their
 * account (a new password, a new email). Wrong tries are limited on their
 * own count, per account: a stolen session cannot guess the password, and
 * the owner's typos never slow down their sign-in. Answers the function that
 * forgets the wrong tries once the change is made.
 */
export async function checkCurrentPassword(opts: {
  db: Database;
  user: UserRow;
  password: string;
  /** The form field the password was typed in, for the error next to it. */
  field: string;
}): Promise<{ forgetFailures: (db: Database) => Promise<void> }> {
  const { db, user } = opts;
  const scope = and(eq(codeFailures.email, user.email), eq(codeFailures.purpose, PURPOSE));
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const [failed] = await db.select({ n: count() }).from(codeFailures).where(and(scope, gt(codeFailures.createdAt, since)));
  if ((failed?.n ?? 0) >= CURRENT_PASSWORD_FAILURE_LIMIT) {
    throw tooManyRequests('Too many wrong passwords. Please try again in 15 minutes, or sign out and reset your password.');
  }
  if (!(await checkPassword({ user, password: opts.password }))) {
    await db.insert(codeFailures).values({ email: user.email, purpose: PURPOSE });
    throw fieldError(opts.field, errorMessages.wrongCurrentPassword, 'invalid_credentials');
  }
  return { forgetFailures: async (tx) => { await tx.delete(codeFailures).where(scope); } };
}
