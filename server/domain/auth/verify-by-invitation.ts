import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users, verificationCodes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findInvitationByToken } from '../invitations/find-invitation-by-token';
import { VERIFY_EMAIL_PURPOSE } from './send-verification-code';

/** The address a link token invites, or null for a token no pending invitation carries. */
async function pendingInvitationEmail(db: Database, token: string): Promise<string | null> {
  try {
    return (await findInvitationByToken({ db, token })).invitation.email;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Signs up the address an invitation was mailed to, verified at once: only
 * its mailbox received the link, so the token proves it as a code would.
 * Creates the account, or completes one still waiting for its code, with
 * this sign-up's name and password. Returns false, changing nothing, unless
 * `token` belongs to a pending invitation for exactly `email` and the address
 * has no verified account yet (that one is answered like any sign-up).
 */
export async function verifyByInvitation(opts: {
  db: Database;
  email: string;
  token: string;
  name: string;
  passwordHash: string;
}): Promise<boolean> {
  const { db, email, name, passwordHash } = opts;
  if ((await pendingInvitationEmail(db, opts.token)) !== email) return false;

  return db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({ name, email, passwordHash, emailVerifiedAt: now })
      .onConflictDoUpdate({ target: users.email, set: { name, passwordHash, emailVerifiedAt: now }, setWhere: isNull(users.emailVerifiedAt) })
      .returning({ id: users.id });
    if (!user) return false;
    // Codes of earlier sign-ups for the address must not change the password chosen here.
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE), isNull(verificationCodes.consumedAt)));
    await recordAuditEvent({ db: tx, type: 'email_verified', actorId: user.id, subjectId: user.id, data: { by: 'invitation' } });
    return true;
  });
}
