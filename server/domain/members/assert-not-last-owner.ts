import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs } from '../../db/schema';
import { leavesNoOwner } from '../../../lib/policies/abilities';
import { AppError } from '../../lib/errors';

/** How many owners the hub has. */
export async function countHubOwners(db: Database, hubId: string): Promise<number> {
  const [owners] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.hubId, hubId), eq(memberships.role, 'owner')));
  return owners?.n ?? 0;
}

/**
 * Refuses (422 last_owner) to take the owner role away from the hub's only
 * owner — by demotion, removal or leaving. Run inside the transaction that
 * makes the change: the hub row is locked so two owners cannot both step
 * down at once and leave the hub with none.
 */
export async function assertNotLastOwner(opts: {
  db: Database;
  hubId: string;
  currentRole: string;
  message: string;
}): Promise<void> {
  // Only an owner can be the last one: nobody else needs the lock and the count.
  if (opts.currentRole !== 'owner') return;
  await opts.db.select({ id: hubs.id }).from(hubs).where(eq(hubs.id, opts.hubId)).for('update');
  if (leavesNoOwner(opts.currentRole, await countHubOwners(opts.db, opts.hubId))) {
    throw new AppError(422, 'last_owner', opts.message);
  }
}
