import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';

/** Ends every live session of a user, optionally sparing the one making the request. */
export async function revokeUserSessions(opts: {
  db: Database;
  userId: string;
  exceptSessionId?: string;
}): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, opts.userId),
        isNull(sessions.revokedAt),
        opts.exceptSessionId ? ne(sessions.id, opts.exceptSessionId) : undefined,
      ),
    );
}
