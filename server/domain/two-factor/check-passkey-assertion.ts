import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import type { AuthenticationCredential } from '../../../lib/contract/two-factor';
import { takeWebauthnChallenge, type WebauthnPurpose } from './webauthn-challenges';
import { webauthnUserHandle } from './webauthn-user-id';

/**
 * Checks a passkey's signature over a challenge this server gave out for
 * `purpose` (and, for a second step, to `userId`). On success the passkey's
 * signature counter and last use are recorded and its owner returned; any
 * failure (unknown passkey, someone else's, used or expired challenge, bad
 * signature, a counter that went backwards) is null.
 */
export async function checkPasskeyAssertion(opts: {
  db: Database;
  config: Config;
  credential: AuthenticationCredential;
  purpose: Extract<WebauthnPurpose, 'passkey_second_factor' | 'passkey_sign_in' | 'passkey_proof'>;
  userId?: string;
  /** A passkey that stands for both factors must have verified the person (PIN, fingerprint). */
  requireUserVerification: boolean;
}): Promise<{ userId: string } | null> {
  const { db, credential } = opts;
  const challenge = await takeWebauthnChallenge({
    db, purpose: opts.purpose, clientDataJSON: credential.response.clientDataJSON, userId: opts.userId,
  });
  if (!challenge) return null;
  const conditions: SQL[] = [eq(passkeys.credentialId, credential.id)];
  if (opts.userId) conditions.push(eq(passkeys.userId, opts.userId));
  const [passkey] = await db.select().from(passkeys).where(and(...conditions)).limit(1);
  if (!passkey) return null;
  // The authenticator names the account it holds the passkey for; it must be the passkey's owner.
  if (credential.response.userHandle && credential.response.userHandle !== webauthnUserHandle(passkey.userId)) return null;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: opts.config.webauthn.origin,
      expectedRPID: opts.config.webauthn.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: opts.requireUserVerification,
    });
    if (!verified) return null;
    await db
      .update(passkeys)
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, passkey.id));
    return { userId: passkey.userId };
  } catch {
    return null;
  }
}
