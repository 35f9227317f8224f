import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { passwordResets, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { sha256 } from '../../lib/tokens';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';
import { clearLoginFailures } from './login-failures';
import { errorMessages } from '../../../lib/contract/error-messages';

/**
 * Sets a new password from an emailed token. The token is spent in the same
 * statement that checks it, so it works once. Opening the mail proved the
 * mailbox, so the email counts as verified and the address's failed sign-ins
 * are forgotten; every session ends because whoever knew the old password
 * may be signed in.
 */
export async function resetPassword(opts: { db: Database; token: string; password: string; client: ClientInfo }): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(opts.password);
  return opts.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(opts.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) {
      throw fieldError('token', errorMessages.invalidResetLink, 'invalid_reset_token');
    }
    // Older links in other mails stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    await revokeUserSessions({ db: tx, userId: reset.userId });
    // The owner proved the mailbox: a stranger's failed guesses must not slow them down any more.
    if (user) await clearLoginFailures({ db: tx, email: user.email });
    await recordAuditEvent({ db: tx, type: 'password_reset', actorId: reset.userId, subjectId: reset.userId, client: opts.client });
    return { userId: reset.userId };
  });
}
