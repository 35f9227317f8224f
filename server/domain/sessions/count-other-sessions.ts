import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import type { AuthContext } from '../../types';
import { isLiveSession } from './live-session';

/** How many live sessions the person has besides the one asking. */
export async function countOtherSessions(opts: { db: Database; auth: AuthContext }): Promise<number> {
  const [row] = await opts.db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, opts.auth.user.id), isLiveSession(), ne(sessions.id, opts.auth.session.id)));
  return row?.n ?? 0;
}
