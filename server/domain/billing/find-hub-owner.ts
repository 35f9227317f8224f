import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, users } from '../../db/schema';

/** The hub's longest-standing owner: the person members are told to ask about the plan. */
export async function findHubOwner(opts: { db: Database; hubId: string }): Promise<{ id: string; name: string } | null> {
  const [owner] = await opts.db
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.hubId, opts.hubId), eq(memberships.role, 'owner')))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return owner ?? null;
}
