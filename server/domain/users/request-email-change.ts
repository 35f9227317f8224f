import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { verificationCodes } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { randomDigits } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { emailChangeCodeMail, emailTakenMail } from '../../mail/templates';
import type { UserRow } from '../../types';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import { messages } from '../../../lib/validation/messages';
import { claimMailSlot, releaseMailSlot } from '../auth/claim-mail-slot';
import { findUserByEmail } from '../auth/find-user-by-email';
import { hashVerificationCode } from '../auth/send-verification-code';
import { checkCurrentPassword } from './check-current-password';
import { errorMessages } from '../../../lib/contract/error-messages';

export const EMAIL_CHANGE_PURPOSE = 'email_change';

/**
 * Starts moving the account to a new address: a 6-digit code goes to that
 * address and the change happens only once it comes back (verifyEmailChange).
 * The answer is the same whether or not the address is free: finding out and
 * storing the code happen after it (Mailer.queue). A taken address gets a
 * notice instead of a code, and a code nobody was sent is stored all the
 * same, so checking codes afterwards answers alike too.
 */
export async function requestEmailChange(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  user: UserRow;
  email: string;
  password?: string;
}): Promise<{ email: string; expiresIn: number }> {
  const { db, user, email } = opts;
  if (email === user.email) throw fieldError('email', errorMessages.alreadyYourEmail);
  // Google-only accounts have no password to confirm with; the code to the new address is their proof.
  if (user.passwordHash) {
    if (!opts.password) throw fieldError('password', messages.required('Current password'));
    await checkCurrentPassword({ db, user, password: opts.password, field: 'password' });
  }
  const slot = await claimMailSlot({ db, email, purpose: EMAIL_CHANGE_PURPOSE });
  let codeId: string | undefined;
  opts.mailer.queue(
    async () => {
      const taken = Boolean(await findUserByEmail({ db, email }));
      const code = randomDigits(6);
      const now = new Date();
      // Only the newest request counts: earlier codes stop working.
      await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, EMAIL_CHANGE_PURPOSE), isNull(verificationCodes.consumedAt)));
      const [row] = await db
        .insert(verificationCodes)
        .values({
          userId: user.id,
          purpose: EMAIL_CHANGE_PURPOSE,
          // For a taken address the code is never mailed, so it can never be typed.
          codeHash: hashVerificationCode(user.id, taken ? randomDigits(12) : code),
          newEmail: email,
          expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
          createdAt: now,
        })
        .returning({ id: verificationCodes.id });
      codeId = row?.id;
      return taken
        ? emailTakenMail({ to: email, appUrl: opts.config.appUrl })
        : emailChangeCodeMail({ to: email, code, ttlMs: VERIFICATION_CODE_TTL_MS });
    },
    async () => {
      if (codeId) await db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
      await releaseMailSlot({ db, id: slot });
    },
  );
  return { email, expiresIn: VERIFICATION_CODE_TTL_MS / 1000 };
}
