import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions, users } from '../../db/schema';
import { unauthenticated } from '../../lib/errors';
import { verifySessionToken } from '../../lib/tokens';
import type { AuthContext } from '../../types';
import { errorMessages } from '../../../lib/contract/error-messages';

/**
 * The live session a token names, with its user: what every authenticated
 * request and the meeting WebSocket's join message are checked against.
 * Throws 401 (invalid_token, session_revoked or session_expired) otherwise.
 */
export async function findLiveSession(opts: { db: Database; jwtSecret: Uint8Array; token: string }): Promise<AuthContext> {
  const claims = await verifySessionToken(opts.token, opts.jwtSecret);
  if (!claims) throw unauthenticated('invalid_token', errorMessages.invalidSession);
  const [row] = await opts.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)))
    .limit(1);
  if (!row) throw unauthenticated('invalid_token', errorMessages.invalidSession);
  assertSessionLive(row);
  return row;
}

/** Throws 401 unless the session is still live; a copy kept in memory is checked again on every use. */
export function assertSessionLive(auth: AuthContext): void {
  if (auth.session.revokedAt) throw unauthenticated('session_revoked', 'You have been signed out. Please sign in again.');
  // The server's end of the session holds whatever lifetime the token claims.
  if (auth.session.expiresAt.getTime() <= Date.now()) throw unauthenticated('session_expired', 'Your session has expired. Please sign in again.');
}
