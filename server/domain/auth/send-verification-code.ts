import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { verificationCodes } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { verificationCodeMail } from '../../mail/templates';
import { randomDigits, sha256 } from '../../lib/tokens';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';

export const VERIFY_EMAIL_PURPOSE = 'verify_email';

/** Salted with the user id so equal codes of different users hash differently. */
export const hashVerificationCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** A sign-up that has not proved its mailbox: the password and name it chose, applied only on verification. */
export interface PendingRegistration {
  /** SHA-256 of the secret only the registering browser holds. */
  registrationHash: string;
  passwordHash: string;
  name: string;
}

/**
 * Keeps a fresh 6-digit code for one registration (its earlier codes stop
 * working; other registrations' codes are left alone) and returns the mail
 * that carries it.
 */
export async function createVerificationCode(opts: {
  db: Database;
  user: { id: string; email: string };
  registration: PendingRegistration;
}): Promise<MailMessage> {
  const { db, user, registration } = opts;
  const code = randomDigits(6);
  const now = new Date();
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(
      eq(verificationCodes.userId, user.id),
      eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE),
      eq(verificationCodes.registrationHash, registration.registrationHash),
      isNull(verificationCodes.consumedAt),
    ));
  await db.insert(verificationCodes).values({
    userId: user.id,
    purpose: VERIFY_EMAIL_PURPOSE,
    codeHash: hashVerificationCode(user.id, code),
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
    createdAt: now,
    ...registration,
  });
  return verificationCodeMail({ to: user.email, code, ttlMs: VERIFICATION_CODE_TTL_MS });
}
