import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { accountExistsMail } from '../../mail/templates';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { randomToken, sha256 } from '../../lib/tokens';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import { claimMailSlot, releaseMailSlot } from './claim-mail-slot';
import { findUserByEmail } from './find-user-by-email';
import { createVerificationCode } from './send-verification-code';
import { verifyByInvitation } from './verify-by-invitation';

/** The address's verification mail slot, or null when its limit is used up: sign-up answers alike either way. */
async function mailSlotFor(db: Database, email: string): Promise<string | null> {
  try {
    return await claimMailSlot({ db, email, purpose: 'verify_email' });
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return null;
    throw error;
  }
}

/**
 * Starts a sign-up. Every address gets the same answer, so sign-up does not
 * reveal who has an account:
 * - a new or not yet verified address gets a code bound to THIS registration:
 *   its password and name are applied only when this code is verified, and
 *   only together with the returned `registration` secret, which stays in
 *   the registering browser. A second sign-up for the same address therefore
 *   cannot change the password the mailbox owner ends up verifying;
 * - a verified address is left alone and its owner is told by email.
 * Mail goes out after the answer (Mailer.queue), so timing reveals nothing either.
 * A sign-up carrying the token of an invitation to exactly this address is
 * verified at once (`verified`), with no code; any other token is ignored.
 */
export async function registerUser(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  name: string;
  email: string;
  password: string;
  invitation?: string;
}): Promise<{ email: string; expiresIn: number; registration: string; verified: boolean }> {
  const { db, email } = opts;
  const passwordHash = await hashPassword(opts.password);
  const registration = randomToken();
  const answer = { email, expiresIn: VERIFICATION_CODE_TTL_MS / 1000, registration, verified: false };
  if (opts.invitation && (await verifyByInvitation({ db, email, token: opts.invitation, name: opts.name, passwordHash }))) {
    return { ...answer, verified: true };
  }
  const mailSlot = await mailSlotFor(db, email);

  const existing = await findUserByEmail({ db, email });
  if (existing?.emailVerifiedAt) {
    if (mailSlot) {
      opts.mailer.queue(
        accountExistsMail({ to: email, appUrl: opts.config.appUrl }),
        () => releaseMailSlot({ db, id: mailSlot }),
      );
    }
    return answer;
  }

  // No password on the account until a code proves the mailbox; a racing sign-up for the address finds this row.
  const [created] = existing
    ? [existing]
    : await db.insert(users).values({ name: opts.name, email }).onConflictDoNothing({ target: users.email }).returning();
  const user = created ?? (await findUserByEmail({ db, email }));
  if (!user) throw new Error('user vanished during sign-up');
  const mail = await createVerificationCode({
    db,
    user,
    registration: { registrationHash: sha256(registration), passwordHash, name: opts.name },
  });
  // Over the address's mail limit the code is kept but not mailed: "Resend" brings it a minute later.
  if (mailSlot) opts.mailer.queue(mail, () => releaseMailSlot({ db, id: mailSlot }));
  return answer;
}
