import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import type { Session } from '../../../lib/contract/sessions';
import type { AuthContext } from '../../types';
import { isLiveSession } from './live-session';
import { presentSession } from './present-session';

/**
 * Everywhere the person is signed in, most recently active first. Sessions
 * end after their expiry, so the list stays as long as a month of sign-ins.
 */
export async function listSessions(opts: { db: Database; auth: AuthContext }): Promise<Session[]> {
  const rows = await opts.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, opts.auth.user.id), isLiveSession()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => presentSession(row, opts.auth.session.id));
}
