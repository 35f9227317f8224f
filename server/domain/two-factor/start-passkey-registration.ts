import { eq } from 'drizzle-orm';
import { generateRegistrationOptions } from '@simplewebauthn/server';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import type { UserRow } from '../../types';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { saveWebauthnChallenge } from './webauthn-challenges';
import { webauthnUserId } from './webauthn-user-id';

/** The name the browser shows when it asks which account a passkey is for. */
const RP_NAME = 'Convene';

/**
 * Options for navigator.credentials.create() (the caller has checked a fresh
 * proof). Passkeys are discoverable, so the same one signs in without a
 * password; the person's existing ones are excluded so one authenticator is
 * not added twice.
 */
export async function startPasskeyRegistration(opts: { db: Database; config: Config; user: UserRow }): Promise<WebauthnOptions> {
  const { db, user } = opts;
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: opts.config.webauthn.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: webauthnUserId(user.id),
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await saveWebauthnChallenge({ db, purpose: 'passkey_register', challenge: options.challenge, userId: user.id });
  return { ...options };
}
