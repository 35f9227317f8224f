import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { AppError, forbidden } from '../../lib/errors';
import type { TokenResponse } from '../../../lib/contract/auth';
import { createSession, type ClientInfo } from '../sessions/create-session';
import { getUserView } from '../users/get-user-view';
import { checkLoginLockout } from './check-login-lockout';
import { checkPassword } from './check-password';
import { findUserByEmail } from './find-user-by-email';
import { recordLoginFailure } from './record-login-failure';

/**
 * Email and password sign-in. Unknown email and wrong password fail alike.
 * A successful sign-in leaves the failure history alone: clearing it would
 * let an attacker's count restart whenever the owner signs in, and the
 * window ages failures out on its own.
 */
export async function signIn(opts: {
  db: Database;
  config: Config;
  email: string;
  password: string;
  client: ClientInfo;
}): Promise<TokenResponse> {
  const { db } = opts;
  await checkLoginLockout({ db, email: opts.email });
  const user = await findUserByEmail({ db, email: opts.email });
  const valid = await checkPassword({ user, password: opts.password });
  if (!user || !valid) {
    await recordLoginFailure({ db, email: opts.email });
    throw new AppError(401, 'invalid_credentials', 'The email or password is incorrect.');
  }
  if (!user.emailVerifiedAt) {
    throw forbidden('Please verify your email first. Enter the code we sent you, or ask for a new one.', 'email_unverified');
  }
  const { token } = await createSession({ db, config: opts.config, userId: user.id, client: opts.client });
  return { token, user: await getUserView({ db, user }) };
}
