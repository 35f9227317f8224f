import type { Database } from '../../db/connect';
import type { UserRow } from '../../types';
import type { SecondFactorMethod, TwoFactorChallenge } from '../../../lib/contract/auth';
import type { ClientInfo } from '../sessions/create-session';

/**
 * The password (or Google) was right and a second factor is owed: keeps a
 * short-lived, single-use pending sign-in and returns the secret that names it.
 */
export async function startTwoFactorSignIn(opts: {
  db: Database;
  user: UserRow;
  methods: SecondFactorMethod[];
  client: ClientInfo;
}): Promise<TwoFactorChallenge> {
  void opts;
  throw new Error('not built yet');
}
