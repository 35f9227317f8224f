import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { TokenResponse } from '../../../lib/contract/auth';
import type { AuthenticationCredential } from '../../../lib/contract/two-factor';
import { finishSignIn } from '../auth/complete-sign-in';
import type { ClientInfo } from '../sessions/create-session';
import { checkPasskeyAssertion } from './check-passkey-assertion';
import { errorMessages } from '../../../lib/contract/error-messages';

/**
 * Password-less sign-in: a discoverable passkey that verified the person
 * (PIN, fingerprint) proves both something they have and something they
 * are or know, so it ends in a session without a second step.
 */
export async function signInWithPasskey(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  credential: AuthenticationCredential;
  client: ClientInfo;
}): Promise<TokenResponse> {
  const { db } = opts;
  const checked = await checkPasskeyAssertion({
    db, config: opts.config, credential: opts.credential, purpose: 'passkey_sign_in', requireUserVerification: true,
  });
  const [user] = checked ? await db.select().from(users).where(eq(users.id, checked.userId)).limit(1) : [];
  if (!user?.emailVerifiedAt) {
    throw new AppError(401, 'invalid_credentials', errorMessages.passkeyNotAccepted);
  }
  return finishSignIn({ db, config: opts.config, mailer: opts.mailer, user, client: opts.client, method: 'passkey' });
}
