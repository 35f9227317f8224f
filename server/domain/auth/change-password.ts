import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { UserRow } from '../../types';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';
import { checkLoginLockout } from './check-login-lockout';
import { checkPassword } from './check-password';
import { recordLoginFailure } from './record-login-failure';

/**
 * Replaces the password of the signed-in user. Wrong current passwords count
 * towards the sign-in lockout, so a stolen session cannot be used to guess
 * the password. Other sessions end; the one making the change stays.
 */
export async function changePassword(opts: {
  db: Database;
  user: UserRow;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const { db, user } = opts;
  await checkLoginLockout({ db, email: user.email });
  if (!(await checkPassword({ user, password: opts.currentPassword }))) {
    await recordLoginFailure({ db, email: user.email });
    throw fieldError('current_password', 'The current password is incorrect.', 'invalid_credentials');
  }
  if (opts.newPassword === opts.currentPassword) {
    throw fieldError('new_password', 'New password must be different from the current password.');
  }
  await db.update(users).set({ passwordHash: await hashPassword(opts.newPassword) }).where(eq(users.id, user.id));
  await revokeUserSessions({ db, userId: user.id, exceptSessionId: opts.sessionId });
}
