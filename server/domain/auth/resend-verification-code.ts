import type { Database } from '../../db/connect';
import type { Mailer } from '../../mail/mailer';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import { checkMailThrottle } from './check-mail-throttle';
import { findUserByEmail } from './find-user-by-email';
import { listVerificationCodeSends, sendVerificationCode } from './send-verification-code';

/**
 * Mails a new code when an unverified account has this email. The caller
 * answers the same either way, so the endpoint does not reveal accounts.
 */
export async function resendVerificationCode(opts: {
  db: Database;
  mailer: Mailer;
  email: string;
}): Promise<{ email: string; expiresIn: number }> {
  const { db } = opts;
  const user = await findUserByEmail({ db, email: opts.email });
  if (user && !user.emailVerifiedAt) {
    checkMailThrottle({ sentAt: await listVerificationCodeSends({ db, userId: user.id }) });
    await sendVerificationCode({ db, mailer: opts.mailer, user });
  }
  return { email: opts.email, expiresIn: VERIFICATION_CODE_TTL_MS / 1000 };
}
