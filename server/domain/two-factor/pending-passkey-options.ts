import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { claimPendingSignIn } from './claim-pending-sign-in';
import { passkeyAssertionOptions } from './passkey-assertion-options';

/**
 * Options for navigator.credentials.get() in the second step of a sign-in:
 * the pending sign-in's token is the credential, and only that person's
 * passkeys are offered. Asking for options takes none of its tries.
 */
export async function pendingPasskeyOptions(opts: { db: Database; config: Config; token: string }): Promise<WebauthnOptions> {
  const pending = await claimPendingSignIn({ db: opts.db, token: opts.token, attempt: false });
  return passkeyAssertionOptions({ db: opts.db, config: opts.config, userId: pending.user.id, purpose: 'passkey_second_factor' });
}
