import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passwordResets } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { randomToken, sha256 } from '../../lib/tokens';
import { PASSWORD_RESET_TTL_MS } from '../../../lib/constants';
import { claimMailSlot, releaseMailSlot } from './claim-mail-slot';
import { findUserByEmail } from './find-user-by-email';

/**
 * Mails a single-use reset link when an account has this email. Only the
 * token's SHA-256 is stored. The answer only takes the per-address mail
 * limit, alike for every address; finding the account and storing the token
 * happen after it, so status, body and timing are the same either way.
 */
export async function requestPasswordReset(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  email: string;
}): Promise<void> {
  const { db } = opts;
  const slot = await claimMailSlot({ db, email: opts.email, purpose: 'password_reset' });
  let resetId: string | undefined;
  opts.mailer.queue(
    async () => {
      const user = await findUserByEmail({ db, email: opts.email });
      if (!user) return null;
      const token = randomToken();
      const now = new Date();
      const [row] = await db
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) })
        .returning({ id: passwordResets.id });
      resetId = row?.id;
      const link = `${opts.config.appUrl}/reset-password?token=${token}`;
      return passwordResetMail({ to: user.email, link, ttlMs: PASSWORD_RESET_TTL_MS });
    },
    async () => {
      // A link nobody received must not count against the per-address mail limit.
      if (resetId) await db.delete(passwordResets).where(eq(passwordResets.id, resetId));
      await releaseMailSlot({ db, id: slot });
    },
  );
}
