import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { conflict } from '../../lib/errors';
import type { UserRow } from '../../types';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { listSecondFactors } from './list-second-factors';
import { passkeyAssertionOptions } from './passkey-assertion-options';

/**
 * Options for the passkey a person proves themselves with before a
 * two-factor setting changes (the signed answer goes in the proof's
 * `passkey`); its challenge serves that and nothing else.
 */
export async function startPasskeyProof(opts: { db: Database; config: Config; user: UserRow }): Promise<WebauthnOptions> {
  if (!(await listSecondFactors({ db: opts.db, user: opts.user })).includes('passkey')) {
    throw conflict('You have no passkey. Confirm with a code instead.');
  }
  return passkeyAssertionOptions({ db: opts.db, config: opts.config, userId: opts.user.id, purpose: 'passkey_proof' });
}
