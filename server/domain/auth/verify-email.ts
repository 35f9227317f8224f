import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users, verificationCodes } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { fieldError } from '../../lib/errors';
import { safeEqual, sha256 } from '../../lib/tokens';
import type { TokenResponse } from '../../../lib/contract/auth';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { finishSignIn } from './complete-sign-in';
import { takeCodeTry } from './take-code-try';
import { findUserByEmail } from './find-user-by-email';
import { hashVerificationCode, VERIFY_EMAIL_PURPOSE } from './send-verification-code';
import { errorMessages } from '../../../lib/contract/error-messages';

const used = () => fieldError('code', 'This code has already been used. Please request a new one.', 'invalid_code');

/**
 * Checks a sign-up code against the caller's own registration and, on
 * success, gives the account that registration's password and name, marks
 * the email verified and signs the person in. Wrong tries are counted per
 * address, and an unknown address, a verified one, or a code of someone
 * else's registration answer exactly like a wrong code.
 */
export async function verifyEmail(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  email: string;
  code: string;
  registration?: string;
  client: ClientInfo;
}): Promise<TokenResponse> {
  const { db, email } = opts;
  const codeTry = await takeCodeTry({ db, email, purpose: 'verify_email', field: 'code', maxAttempts: opts.config.verificationCodeMaxAttempts });
  const user = await findUserByEmail({ db, email });
  const [pending] = user && !user.emailVerifiedAt && opts.registration
    ? await db
        .select()
        .from(verificationCodes)
        .where(and(
          eq(verificationCodes.userId, user.id),
          eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE),
          eq(verificationCodes.registrationHash, sha256(opts.registration)),
          isNull(verificationCodes.consumedAt),
        ))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
    : [];
  if (!user || !pending?.passwordHash || !pending.name || !safeEqual(pending.codeHash, hashVerificationCode(user.id, opts.code))) {
    return codeTry.fail();
  }
  await codeTry.succeed();
  // Only whoever holds the code can learn that it expired.
  if (pending.expiresAt.getTime() <= Date.now()) {
    throw fieldError('code', errorMessages.codeExpired, 'code_expired');
  }

  const verified = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, pending.id), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, new Date())))
      .returning({ id: verificationCodes.id });
    if (!consumed) throw used();
    // Another registration's code may have verified the address a moment ago: then this one changes nothing.
    const [row] = await tx
      .update(users)
      .set({ passwordHash: pending.passwordHash, name: pending.name!, emailVerifiedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning();
    if (!row) throw used();
    // Every other registration of the address dies with the one that won.
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE), isNull(verificationCodes.consumedAt)));
    await recordAuditEvent({ db: tx, type: 'email_verified', actorId: row.id, subjectId: row.id, client: opts.client });
    return row;
  });
  return finishSignIn({ db, config: opts.config, mailer: opts.mailer, user: verified, client: opts.client, method: 'email_code' });
}
