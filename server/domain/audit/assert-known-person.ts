import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { auditEvents, memberships } from '../../db/schema';
import { notFound } from '../../lib/errors';

/**
 * The audit log's person filter names someone the hub knows: a member, or a
 * former member its trail mentions. Anyone else answers 404, like an id that
 * does not exist, so the filter cannot probe other hubs' people.
 */
export async function assertKnownPerson(opts: { db: Database; hubId: string; userId: string }): Promise<void> {
  const { db, hubId, userId } = opts;
  const [[member], [mentioned]] = await Promise.all([
    db.select({ id: memberships.userId }).from(memberships)
      .where(and(eq(memberships.hubId, hubId), eq(memberships.userId, userId)))
      .limit(1),
    db.select({ id: auditEvents.id }).from(auditEvents)
      .where(and(eq(auditEvents.hubId, hubId), or(eq(auditEvents.actorId, userId), eq(auditEvents.subjectId, userId))))
      .limit(1),
  ]);
  if (!member && !mentioned) throw notFound('That member');
}
