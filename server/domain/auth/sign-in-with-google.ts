import { eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { SignInResponse } from '../../../lib/contract/auth';
import type { Mailer } from '../../mail/mailer';
import { completeSignIn } from './complete-sign-in';
import type { UserRow } from '../../types';
import type { ClientInfo } from '../sessions/create-session';
import { findUserByEmail } from './find-user-by-email';
import { errorMessages } from '../../../lib/contract/error-messages';

/** One key set per address: jose caches the keys and refetches on rotation. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetFor(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url));
    keySets.set(url, keySet);
  }
  return keySet;
}

/** Verifies a Firebase ID token: RS256, issued by this project's securetoken, for this project. */
async function verifyFirebaseToken(idToken: string, firebase: { projectId: string; jwksUrl: string }): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keySetFor(firebase.jwksUrl), {
      algorithms: ['RS256'],
      issuer: `https://securetoken.google.com/${firebase.projectId}`,
      audience: firebase.projectId,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) {
      throw new AppError(401, 'invalid_token', errorMessages.googleNotVerified);
    }
    throw error;
  }
}

/**
 * Links a verified Google identity to its account. An account that was never
 * verified loses its password: whoever set it did not prove they own the
 * mailbox, and the Google sign-in just did.
 */
async function linkGoogleAccount(db: Database, user: UserRow, googleUid: string): Promise<UserRow> {
  const [linked] = await db
    .update(users)
    .set({
      googleUid,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      passwordHash: user.emailVerifiedAt ? user.passwordHash : null,
    })
    .where(eq(users.id, user.id))
    .returning();
  return linked ?? user;
}

async function createGoogleAccount(db: Database, payload: { email: string; name: string; googleUid: string }) {
  const [created] = await db
    .insert(users)
    .values({ email: payload.email, name: payload.name, googleUid: payload.googleUid, emailVerifiedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  // A parallel first sign-in created it a moment ago.
  return created ?? (await findUserByEmail({ db, email: payload.email }));
}

/** "Continue with Google": finds the account by Google id, then by email, or creates it. */
export async function signInWithGoogle(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  idToken: string;
  client: ClientInfo;
}): Promise<SignInResponse> {
  const { db } = opts;
  const { projectId, jwksUrl } = opts.config.firebase;
  if (!projectId) throw new AppError(404, 'google_sign_in_disabled', 'Google sign-in is not enabled on this server.');
  const payload = await verifyFirebaseToken(opts.idToken, { projectId, jwksUrl });
  const googleUid = payload.sub!;
  if (typeof payload.email !== 'string' || payload.email_verified !== true) {
    throw forbidden('Your Google account has no verified email address.', 'email_unverified');
  }
  const email = payload.email.toLowerCase();

  const [byUid] = await db.select().from(users).where(eq(users.googleUid, googleUid)).limit(1);
  const byEmail = byUid ? undefined : await findUserByEmail({ db, email });
  const claimedName = typeof payload.name === 'string' ? payload.name.trim() : '';
  const user =
    byUid ??
    (byEmail
      ? await linkGoogleAccount(db, byEmail, googleUid)
      : await createGoogleAccount(db, { email, googleUid, name: (claimedName || email.split('@')[0]!).slice(0, 80) }));
  if (!user) throw new Error('google account could not be created');

  return completeSignIn({ db, config: opts.config, mailer: opts.mailer, user, client: opts.client, method: 'google' });
}
