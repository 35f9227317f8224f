import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, organizations } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Refuses (422 last_owner) to take the owner role away from the hub's only
 * owner — by demotion, removal or leaving. Run inside the transaction that
 * makes the change: the hub row is locked so two owners cannot both step
 * down at once and leave the hub with none.
 */
export async function assertNotLastOwner(opts: {
  db: Database;
  organizationId: string;
  currentRole: string;
  message: string;
}): Promise<void> {
  if (opts.currentRole !== 'owner') return;
  await opts.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, opts.organizationId)).for('update');
  const [owners] = await opts.db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, opts.organizationId), eq(memberships.role, 'owner')));
  if ((owners?.n ?? 0) <= 1) throw new AppError(422, 'last_owner', opts.message);
}
