import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { claimPendingSignIn } from './claim-pending-sign-in';
import { saveWebauthnChallenge } from './webauthn-challenges';

/**
 * Options for navigator.credentials.get() in the second step of a sign-in:
 * the pending sign-in's token is the credential, and only that person's
 * passkeys are offered. Asking for options takes none of its tries.
 */
export async function pendingPasskeyOptions(opts: { db: Database; config: Config; token: string }): Promise<WebauthnOptions> {
  const { db } = opts;
  const pending = await claimPendingSignIn({ db, token: opts.token, attempt: false });
  const allowCredentials = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, pending.user.id));
  const options = await generateAuthenticationOptions({ rpID: opts.config.webauthn.rpId, allowCredentials, userVerification: 'preferred' });
  await saveWebauthnChallenge({ db, purpose: 'passkey_second_factor', challenge: options.challenge, userId: pending.user.id });
  return { ...options };
}
