import { and, count, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, spaceMemberships } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import { leavesNoOwner } from '../../../lib/policies/abilities';
import { AppError } from '../../lib/errors';

/** Where members hold roles and one of them must stay owner: a hub, or one space. */
export type OwnedPlace = { hubId: string } | { spaceId: string };

const rolesIn = (place: OwnedPlace) =>
  'spaceId' in place
    ? { table: spaceMemberships, here: eq(spaceMemberships.spaceId, place.spaceId), userId: spaceMemberships.userId, role: spaceMemberships.role }
    : { table: memberships, here: eq(memberships.hubId, place.hubId), userId: memberships.userId, role: memberships.role };

/** How many owners the hub or space has. */
export async function countOwners(db: Database, place: OwnedPlace): Promise<number> {
  const roles = rolesIn(place);
  const [owners] = await db.select({ n: count() }).from(roles.table).where(and(roles.here, eq(roles.role, 'owner')));
  return owners?.n ?? 0;
}

/**
 * Refuses (422 last_owner) to take the owner role from the last owner of a
 * hub or space, by demotion, removal or leaving. Run inside the transaction
 * that makes the change: the owners' rows and the member's are locked (in
 * one order) and read as they are now, so of two owners stepping down at
 * once the second waits for the first and then counts the owners it left.
 */
export async function assertOwnerRemains(opts: { db: Database; place: OwnedPlace; userId: string; message: string }): Promise<void> {
  const roles = rolesIn(opts.place);
  const rows = await opts.db
    .select({ userId: roles.userId, role: roles.role })
    .from(roles.table)
    .where(and(roles.here, or(eq(roles.role, 'owner'), eq(roles.userId, opts.userId))))
    .orderBy(roles.userId)
    .for('update');
  const member = rows.find((row) => row.userId === opts.userId);
  const owners = rows.filter((row) => row.role === 'owner').length;
  if (member && leavesNoOwner(member.role as Role, owners)) throw new AppError(422, 'last_owner', opts.message);
}
