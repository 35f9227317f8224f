import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users, verificationCodes } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { safeEqual } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { emailChangedMail } from '../../mail/templates';
import type { UserRow } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashVerificationCode } from '../auth/send-verification-code';
import type { ClientInfo } from '../sessions/create-session';
import { takeCodeTry } from '../auth/take-code-try';
import { EMAIL_CHANGE_PURPOSE } from './request-email-change';
import { errorMessages } from '../../../lib/contract/error-messages';

const noPendingChange = () => fieldError('code', errorMessages.noEmailChangeWaiting, 'invalid_code');

/**
 * Moves the account to the address the code was mailed to, and tells the
 * old address, and records it in the account's activity. Tries are counted per new address, with the sign-up codes'
 * limits (takeCodeTry). The person's other sessions are kept: the change
 * needed this session and, where the account has one, its password, and
 * signing everyone else out would hand a stolen session the owner's devices.
 */
export async function verifyEmailChange(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  user: UserRow;
  code: string;
  client: ClientInfo;
}): Promise<UserRow> {
  const { db, user } = opts;
  const [pending] = await db
    .select()
    .from(verificationCodes)
    .where(and(
      eq(verificationCodes.userId, user.id),
      eq(verificationCodes.purpose, EMAIL_CHANGE_PURPOSE),
      isNull(verificationCodes.consumedAt),
      gt(verificationCodes.expiresAt, new Date()),
    ))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!pending?.newEmail) throw noPendingChange();
  const newEmail = pending.newEmail;
  const codeTry = await takeCodeTry({
    db, email: newEmail, purpose: EMAIL_CHANGE_PURPOSE, field: 'code', maxAttempts: opts.config.verificationCodeMaxAttempts,
  });
  if (!safeEqual(pending.codeHash, hashVerificationCode(user.id, opts.code))) codeTry.fail();
  await codeTry.succeed();

  const updated = await db.transaction(async (tx) => {
    // Spent by the one statement that finds it unspent: of requests racing with the code, only one moves the account.
    const [consumed] = await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, pending.id), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, new Date())))
      .returning({ id: verificationCodes.id });
    if (!consumed) throw noPendingChange();
    const [changed] = await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()
      // The address was free when the code was sent; someone may have signed up with it since.
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
          throw fieldError('email', errorMessages.emailTakenMeanwhile);
        }
        throw error;
      });
    await recordAuditEvent({ db: tx, type: 'email_changed', actorId: user.id, subjectId: user.id, client: opts.client });
    return changed;
  });
  if (!updated) throw new Error('email change matched no user');
  opts.mailer.queue(emailChangedMail({ to: user.email, newEmail, link: `${opts.config.appUrl}/account` }));
  return updated;
}
