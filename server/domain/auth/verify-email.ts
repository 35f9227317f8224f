import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users, verificationCodes } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { safeEqual } from '../../lib/tokens';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '../../../lib/constants';
import type { TokenResponse } from '../../../lib/contract/auth';
import { createSession, type ClientInfo } from '../sessions/create-session';
import { getUserView } from '../users/get-user-view';
import { findUserByEmail } from './find-user-by-email';
import { hashVerificationCode, VERIFY_EMAIL_PURPOSE } from './send-verification-code';

const wrongCode = (remaining: number) =>
  fieldError(
    'code',
    `The code is incorrect. You have ${remaining} ${remaining === 1 ? 'try' : 'tries'} left.`,
    'invalid_code',
  );
const expired = () => fieldError('code', 'This code has expired. Please request a new one.', 'code_expired');
const exhausted = () =>
  fieldError('code', 'Too many wrong tries for this code. Please request a new one.', 'code_exhausted');

/**
 * Checks the newest emailed code; on success marks the email verified and
 * signs the person in. An unknown email (or one with no live code) answers
 * like a first wrong try, so the endpoint does not reveal accounts.
 */
export async function verifyEmail(opts: {
  db: Database;
  config: Config;
  email: string;
  code: string;
  client: ClientInfo;
}): Promise<TokenResponse> {
  const { db } = opts;
  const user = await findUserByEmail({ db, email: opts.email });
  const [active] = user
    ? await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, user.id),
            eq(verificationCodes.purpose, VERIFY_EMAIL_PURPOSE),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
    : [];
  if (!user || !active) throw wrongCode(VERIFICATION_CODE_MAX_ATTEMPTS - 1);
  if (active.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) throw exhausted();
  if (active.expiresAt.getTime() <= Date.now()) throw expired();

  const live = and(
    eq(verificationCodes.id, active.id),
    isNull(verificationCodes.consumedAt),
    lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
  );
  if (!safeEqual(active.codeHash, hashVerificationCode(user.id, opts.code))) {
    // Counted in the database so parallel guesses cannot exceed the limit.
    const [counted] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(live)
      .returning({ attempts: verificationCodes.attempts });
    const remaining = VERIFICATION_CODE_MAX_ATTEMPTS - (counted?.attempts ?? VERIFICATION_CODE_MAX_ATTEMPTS);
    throw remaining > 0 ? wrongCode(remaining) : exhausted();
  }

  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(live)
    .returning({ id: verificationCodes.id });
  // Another request used or exhausted the code a moment ago.
  if (!consumed) throw fieldError('code', 'This code has already been used. Please request a new one.', 'invalid_code');

  const [verified] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, user.id))
    .returning();
  if (!verified) throw new Error('verified user vanished');
  const { token } = await createSession({ db, config: opts.config, userId: verified.id, client: opts.client });
  return { token, user: await getUserView({ db, user: verified }) };
}
