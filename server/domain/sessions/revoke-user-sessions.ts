import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import { isLiveSession } from './live-session';

/** Ends every live session of a user, optionally sparing the one making the request; answers how many ended. */
export async function revokeUserSessions(opts: {
  db: Database;
  userId: string;
  exceptSessionId?: string;
}): Promise<number> {
  const ended = await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, opts.userId),
        isLiveSession(),
        opts.exceptSessionId ? ne(sessions.id, opts.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
