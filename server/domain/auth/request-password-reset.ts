import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passwordResets } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { randomToken, sha256 } from '../../lib/tokens';
import { PASSWORD_RESET_TTL_MS } from '../../../lib/constants';
import { checkMailThrottle, MAIL_WINDOW_MS } from './check-mail-throttle';
import { findUserByEmail } from './find-user-by-email';

/**
 * Mails a single-use reset link when an account has this email. Only the
 * token's SHA-256 is stored. The caller answers the same either way.
 */
export async function requestPasswordReset(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  email: string;
}): Promise<void> {
  const { db } = opts;
  const user = await findUserByEmail({ db, email: opts.email });
  if (!user) return;
  const now = new Date();
  const recent = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - MAIL_WINDOW_MS))));
  checkMailThrottle({ sentAt: recent.map((r) => r.createdAt), now });

  const token = randomToken();
  const [row] = await db
    .insert(passwordResets)
    .values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      createdAt: now,
    })
    .returning({ id: passwordResets.id });
  if (!row) throw new Error('password reset insert returned no row');
  const link = `${opts.config.appUrl}/reset-password?token=${token}`;
  const minutes = PASSWORD_RESET_TTL_MS / 60_000;
  try {
    await opts.mailer.send({
      to: user.email,
      subject: 'Reset your Convene password',
      text: `Someone asked to reset the password of your Convene account.\n\nTo choose a new password, open this link within ${minutes} minutes:\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
      html: `<p>Someone asked to reset the password of your Convene account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within ${minutes} minutes).</p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
    });
  } catch (error) {
    // A link nobody received must not count against the per-address mail limit.
    await db.delete(passwordResets).where(eq(passwordResets.id, row.id));
    throw error;
  }
}
