import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import { conflict, fieldError } from '../../lib/errors';
import type { UserRow } from '../../types';
import type { AddedPasskey, RegistrationCredential } from '../../../lib/contract/two-factor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { defaultPasskeyName } from './default-passkey-name';
import { hasTwoFactor } from './has-two-factor';
import { issueRecoveryCodes } from './issue-recovery-codes';
import { presentPasskey } from './present-passkey';
import { takeWebauthnChallenge } from './webauthn-challenges';

const notAdded = () => fieldError('credential', 'The passkey could not be added. Please try again.');

/**
 * Checks the new credential against the challenge this person was given
 * (startPasskeyRegistration) and keeps it. The first second factor of an
 * account also brings its recovery codes, shown once.
 */
export async function addPasskey(opts: {
  db: Database;
  config: Config;
  user: UserRow;
  credential: RegistrationCredential;
  name?: string;
  client: ClientInfo;
}): Promise<Omit<AddedPasskey, 'other_sessions'>> {
  const { db, user, credential } = opts;
  const challenge = await takeWebauthnChallenge({ db, purpose: 'passkey_register', clientDataJSON: credential.response.clientDataJSON, userId: user.id });
  if (!challenge) throw notAdded();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: opts.config.webauthn.origin,
      expectedRPID: opts.config.webauthn.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw notAdded();
  }
  if (!verification.verified) throw notAdded();
  const { credential: made } = verification.registrationInfo;
  const hadTwoFactor = await hasTwoFactor({ db, user });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: made.id,
        publicKey: isoBase64URL.fromBuffer(made.publicKey),
        counter: made.counter,
        transports: credential.response.transports ?? made.transports ?? [],
        name: opts.name ?? defaultPasskeyName(opts.client.userAgent),
      })
      // A credential id belongs to one account; registering it again (here or elsewhere) is refused.
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw conflict('This passkey is already registered.');
    const recoveryCodes = hadTwoFactor ? null : await issueRecoveryCodes({ db: tx, userId: user.id });
    await recordAuditEvent({
      db: tx, type: 'passkey_added', actorId: user.id, subjectId: user.id, client: opts.client,
      data: { passkey: { id: row.id, name: row.name } },
    });
    return { passkey: presentPasskey(row), recovery_codes: recoveryCodes };
  });
}
