import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';

/** Ends one session: its token is refused from now on. */
export async function revokeSession(opts: { db: Database; sessionId: string }): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, opts.sessionId), isNull(sessions.revokedAt)));
}
