import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { verificationCodes } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { signInCodeMail } from '../../mail/templates';
import { AppError } from '../../lib/errors';
import { randomDigits, safeEqual } from '../../lib/tokens';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import type { UserRow } from '../../types';
import { claimMailSlot, releaseMailSlot } from './claim-mail-slot';
import { takeCodeTry } from './take-code-try';
import { hashVerificationCode } from './send-verification-code';

const SIGN_IN_PURPOSE = 'sign_in';

/** The answer while an address is under attack, whatever the address and password: nothing is revealed. */
export const emailCodeRequired = () =>
  new AppError(
    401,
    'email_code_required',
    'For your safety, we have emailed you a sign-in code. Enter it with your password to continue.',
  );

/**
 * Mails a sign-in code to the address's owner, at most as often as the
 * address's mail limit allows; every address takes the limit alike.
 */
export async function sendSignInCode(opts: { db: Database; mailer: Mailer; email: string; user: UserRow | undefined }): Promise<void> {
  const { db } = opts;
  let slot: string;
  try {
    slot = await claimMailSlot({ db, email: opts.email, purpose: 'sign_in' });
  } catch {
    return; // the code sent a moment ago is still good
  }
  const { user } = opts;
  if (!user?.emailVerifiedAt) return;
  const code = randomDigits(6);
  const [row] = await db
    .insert(verificationCodes)
    .values({
      userId: user.id,
      purpose: SIGN_IN_PURPOSE,
      codeHash: hashVerificationCode(user.id, code),
      expiresAt: new Date(Date.now() + VERIFICATION_CODE_TTL_MS),
    })
    .returning({ id: verificationCodes.id });
  if (!row) throw new Error('sign-in code insert returned no row');
  opts.mailer.queue(
    signInCodeMail({ to: user.email, code, ttlMs: VERIFICATION_CODE_TTL_MS }),
    async () => {
      await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
      await releaseMailSlot({ db, id: slot });
    },
  );
}

/**
 * Checks an emailed sign-in code and spends it. Wrong tries are counted per
 * address; an unknown address answers exactly like a wrong code.
 */
export async function spendSignInCode(opts: {
  db: Database;
  email: string;
  user: UserRow | undefined;
  code: string;
  maxAttempts: number;
}): Promise<void> {
  const { db, user } = opts;
  const codeTry = await takeCodeTry({ db, email: opts.email, purpose: 'sign_in', field: 'email_code', maxAttempts: opts.maxAttempts });
  const [live] = user
    ? await db
        .select()
        .from(verificationCodes)
        .where(and(
          eq(verificationCodes.userId, user.id),
          eq(verificationCodes.purpose, SIGN_IN_PURPOSE),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
    : [];
  if (!user || !live || !safeEqual(live.codeHash, hashVerificationCode(user.id, opts.code))) {
    return codeTry.fail();
  }
  // Spent by the one statement that finds it unspent: a request that raced with the winner finds it gone, as a later try would.
  const [spent] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!spent) return codeTry.fail();
  await codeTry.succeed();
}
