import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { codeFailures, users } from '../../db/schema';
import { fieldError, tooManyRequests } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { UserRow } from '../../types';
import { LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';
import { checkPassword } from './check-password';
import { errorMessages } from '../../../lib/contract/error-messages';

/** Wrong current passwords one account may type into the change form within the window. */
const PASSWORD_CHANGE_FAILURE_LIMIT = 5;
const PURPOSE = 'password_change';

/**
 * Replaces the password of the signed-in user. Wrong current passwords are
 * limited here, on their own count: a stolen session cannot guess the
 * password, and the owner's typos never slow down their sign-in. Other
 * sessions end; the one making the change stays.
 */
export async function changePassword(opts: {
  db: Database;
  user: UserRow;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  client: ClientInfo;
}): Promise<void> {
  const { db, user } = opts;
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const scope = and(eq(codeFailures.email, user.email), eq(codeFailures.purpose, PURPOSE));
  const [failed] = await db.select({ n: count() }).from(codeFailures).where(and(scope, gt(codeFailures.createdAt, since)));
  if ((failed?.n ?? 0) >= PASSWORD_CHANGE_FAILURE_LIMIT) {
    throw tooManyRequests('Too many wrong passwords. Please try again in 15 minutes, or sign out and reset your password.');
  }
  if (!(await checkPassword({ user, password: opts.currentPassword }))) {
    await db.insert(codeFailures).values({ email: user.email, purpose: PURPOSE });
    throw fieldError('current_password', errorMessages.wrongCurrentPassword, 'invalid_credentials');
  }
  if (opts.newPassword === opts.currentPassword) {
    throw fieldError('new_password', 'New password must be different from the current password.');
  }
  const passwordHash = await hashPassword(opts.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(codeFailures).where(scope);
    await revokeUserSessions({ db: tx, userId: user.id, exceptSessionId: opts.sessionId });
    await recordAuditEvent({ db: tx, type: 'password_changed', actorId: user.id, subjectId: user.id, client: opts.client });
  });
}
