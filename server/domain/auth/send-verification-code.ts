import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { verificationCodes } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { randomDigits, sha256 } from '../../lib/tokens';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import { MAIL_WINDOW_MS } from './check-mail-throttle';

export const VERIFY_EMAIL_PURPOSE = 'verify_email';

/** Salted with the user id so equal codes of different users hash differently. */
export const hashVerificationCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** When codes were sent to this user within the throttle window. */
export async function listVerificationCodeSends(opts: { db: Database; userId: string }): Promise<Date[]> {
  const rows = await opts.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, opts.userId),
        eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE),
        gt(verificationCodes.createdAt, new Date(Date.now() - MAIL_WINDOW_MS)),
      ),
    );
  return rows.map((r) => r.createdAt);
}

/**
 * Mails a fresh 6-digit code and keeps only its hash. Once it is sent,
 * earlier codes stop working, so only the newest mail counts. Returns the
 * lifetime in seconds.
 */
export async function sendVerificationCode(opts: {
  db: Database;
  mailer: Mailer;
  user: { id: string; email: string };
}): Promise<{ expiresIn: number }> {
  const { db, user } = opts;
  const code = randomDigits(6);
  const now = new Date();
  const [row] = await db
    .insert(verificationCodes)
    .values({
      userId: user.id,
      purpose: VERIFY_EMAIL_PURPOSE,
      codeHash: hashVerificationCode(user.id, code),
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: verificationCodes.id });
  if (!row) throw new Error('verification code insert returned no row');
  const minutes = VERIFICATION_CODE_TTL_MS / 60_000;
  try {
    await opts.mailer.send({
      to: user.email,
      subject: 'Your Convene verification code',
      text: `Your Convene verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not sign up for Convene, you can ignore this email.\n`,
      html: `<p>Your Convene verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It expires in ${minutes} minutes. If you did not sign up for Convene, you can ignore this email.</p>`,
    });
  } catch (error) {
    // A code nobody received must not count against the per-address mail limit.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
    throw error;
  }
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE),
        isNull(verificationCodes.consumedAt),
        ne(verificationCodes.id, row.id),
      ),
    );
  return { expiresIn: VERIFICATION_CODE_TTL_MS / 1000 };
}
