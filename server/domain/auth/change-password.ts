import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { UserRow } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';
import { checkCurrentPassword } from '../users/check-current-password';

/**
 * Replaces the password of the signed-in user (wrong current passwords are
 * limited: see checkCurrentPassword). Other sessions end; the one making the
 * change stays.
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
  const checked = await checkCurrentPassword({ db, user, password: opts.currentPassword, field: 'current_password' });
  if (opts.newPassword === opts.currentPassword) {
    throw fieldError('new_password', 'New password must be different from the current password.');
  }
  const passwordHash = await hashPassword(opts.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await checked.forgetFailures(tx);
    await revokeUserSessions({ db: tx, userId: user.id, exceptSessionId: opts.sessionId });
    await recordAuditEvent({ db: tx, type: 'password_changed', actorId: user.id, subjectId: user.id, client: opts.client });
  });
}
