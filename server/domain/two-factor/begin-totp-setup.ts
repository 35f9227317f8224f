import { eq } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { UserRow } from '../../types';
import type { TotpSetup } from '../../../lib/contract/two-factor';
import { sealTotpSecret } from './totp-secret';

/** The name authenticator apps show above the code. */
const ISSUER = 'Convene';

/**
 * Starts (or restarts) adding an authenticator app: a new secret is kept,
 * encrypted, as a pending set-up until a code from the app proves it was
 * scanned (enableTotp). Returns it for the QR code and for typing in by hand.
 */
export async function beginTotpSetup(opts: { db: Database; config: Config; user: UserRow }): Promise<TotpSetup> {
  if (opts.user.totpEnabledAt) {
    throw conflict('An authenticator app is already set up. Turn it off first to use another one.');
  }
  const secret = generateSecret();
  await opts.db
    .update(users)
    .set({ totpSecret: sealTotpSecret(opts.config, secret), totpLastStep: null })
    .where(eq(users.id, opts.user.id));
  return { secret, uri: generateURI({ issuer: ISSUER, label: opts.user.email, secret }) };
}
