import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { verificationCodes } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { sha256 } from '../../lib/tokens';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import { claimMailSlot, releaseMailSlot } from './claim-mail-slot';
import { findUserByEmail } from './find-user-by-email';
import { createVerificationCode, VERIFY_EMAIL_PURPOSE } from './send-verification-code';

/**
 * Mails a new code for the caller's own registration of an address that is
 * waiting for verification. The answer only takes the per-address limit,
 * alike for every address; finding the account and storing the code happen
 * after it, so neither the answer nor its time says whether one exists.
 */
export async function resendVerificationCode(opts: {
  db: Database;
  mailer: Mailer;
  email: string;
  registration?: string;
}): Promise<{ email: string; expiresIn: number }> {
  const { db, email, registration } = opts;
  const mailSlot = await claimMailSlot({ db, email, purpose: 'verify_email' });
  opts.mailer.queue(async () => {
    const user = await findUserByEmail({ db, email });
    if (!user || user.emailVerifiedAt || !registration) return null;
    const registrationHash = sha256(registration);
    const [latest] = await db
      .select()
      .from(verificationCodes)
      .where(and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE),
        eq(verificationCodes.registrationHash, registrationHash),
      ))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!latest?.passwordHash || !latest.name) return null;
    return createVerificationCode({ db, user, registration: { registrationHash, passwordHash: latest.passwordHash, name: latest.name } });
  }, () => releaseMailSlot({ db, id: mailSlot }));
  return { email, expiresIn: VERIFICATION_CODE_TTL_MS / 1000 };
}
