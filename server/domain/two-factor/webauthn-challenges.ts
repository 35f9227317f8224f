import { and, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Database } from '../../db/connect';
import { authChallenges } from '../../db/schema';
import { TWO_FACTOR_CHALLENGE_TTL_MS } from '../../../lib/contract/two-factor';

/**
 * The ceremonies a WebAuthn challenge belongs to (auth_challenges.purpose):
 * adding a passkey, the second step of a sign-in, a sign-in with a passkey
 * alone, and proving one's passkey before a two-factor setting changes.
 */
export type WebauthnPurpose = 'passkey_register' | 'passkey_second_factor' | 'passkey_sign_in' | 'passkey_proof';

/**
 * Keeps a challenge the browser is about to sign: single use, five minutes.
 * Expired challenges of the same purpose are swept here, so the public
 * options endpoints cannot grow the table without bound.
 */
export async function saveWebauthnChallenge(opts: { db: Database; purpose: WebauthnPurpose; challenge: string; userId: string | null }): Promise<void> {
  const now = Date.now();
  await opts.db.delete(authChallenges).where(and(eq(authChallenges.purpose, opts.purpose), lt(authChallenges.expiresAt, new Date(now))));
  await opts.db.insert(authChallenges).values({
    purpose: opts.purpose,
    challenge: opts.challenge,
    userId: opts.userId,
    expiresAt: new Date(now + TWO_FACTOR_CHALLENGE_TTL_MS),
  });
}

/** The challenge the browser says it signed, read from its client data; null when that is unreadable. */
function signedChallengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the live challenge a WebAuthn response was made for: the one of
 * this purpose (and person, when given) that the response's client data
 * names. Returns it for the signature check, or null when there is none:
 * unknown, expired, already used, or someone else's.
 */
export async function takeWebauthnChallenge(opts: {
  db: Database;
  purpose: WebauthnPurpose;
  clientDataJSON: string;
  userId?: string;
}): Promise<string | null> {
  const challenge = signedChallengeOf(opts.clientDataJSON);
  if (!challenge) return null;
  const conditions: SQL[] = [
    eq(authChallenges.purpose, opts.purpose),
    eq(authChallenges.challenge, challenge),
    isNull(authChallenges.consumedAt),
    gt(authChallenges.expiresAt, new Date()),
  ];
  if (opts.userId) conditions.push(eq(authChallenges.userId, opts.userId));
  const [taken] = await opts.db
    .update(authChallenges)
    .set({ consumedAt: new Date() })
    .where(and(...conditions))
    .returning({ challenge: authChallenges.challenge });
  return taken?.challenge ?? null;
}
