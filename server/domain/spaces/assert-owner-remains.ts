import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import { leavesNoOwner } from '../../../lib/policies/abilities';
import { AppError } from '../../lib/errors';

/** How many owners the space has (members with the owner role in it). */
export async function countSpaceOwners(db: Database, spaceId: string): Promise<number> {
  const [owners] = await db
    .select({ n: count() })
    .from(spaceMemberships)
    .where(and(eq(spaceMemberships.spaceId, spaceId), eq(spaceMemberships.role, 'owner')));
  return owners?.n ?? 0;
}

/**
 * A space always keeps an owner: refuses (422, last_owner) to take the owner
 * role from its only one. Callers hold the space row lock, so two owners
 * cannot both step down at once.
 */
export async function assertOwnerRemains(opts: { db: Database; spaceId: string; memberRole: Role; message: string }): Promise<void> {
  if (leavesNoOwner(opts.memberRole, await countSpaceOwners(opts.db, opts.spaceId))) {
    throw new AppError(422, 'last_owner', opts.message);
  }
}
