import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { saveWebauthnChallenge, type WebauthnPurpose } from './webauthn-challenges';

/**
 * Options for navigator.credentials.get() offering only this person's
 * passkeys, with a challenge kept for `purpose` and them.
 */
export async function passkeyAssertionOptions(opts: {
  db: Database;
  config: Config;
  userId: string;
  purpose: Extract<WebauthnPurpose, 'passkey_second_factor' | 'passkey_proof'>;
}): Promise<WebauthnOptions> {
  const { db } = opts;
  const allowCredentials = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, opts.userId));
  const options = await generateAuthenticationOptions({ rpID: opts.config.webauthn.rpId, allowCredentials, userVerification: 'preferred' });
  await saveWebauthnChallenge({ db, purpose: opts.purpose, challenge: options.challenge, userId: opts.userId });
  return { ...options };
}
