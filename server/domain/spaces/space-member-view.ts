import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships, users } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import type { SpaceMember } from '../../../lib/contract/spaces';
import type { SpaceRow } from '../../policies/spaces';

/** Rows of space_memberships (joined to users) of one space of its own hub, narrowed by `where`. */
export const spaceMembersCondition = (space: SpaceRow, where?: SQL): SQL =>
  and(eq(spaceMemberships.spaceId, space.id), eq(spaceMemberships.organizationId, space.organizationId), where)!;

/** Members of one space with their names and emails. */
export function selectSpaceMembers(db: Database, space: SpaceRow, where?: SQL) {
  return db
    .select({
      userId: spaceMemberships.userId,
      name: users.name,
      email: users.email,
      role: spaceMemberships.role,
      joinedAt: spaceMemberships.createdAt,
    })
    .from(spaceMemberships)
    .innerJoin(users, eq(users.id, spaceMemberships.userId))
    .where(spaceMembersCondition(space, where))
    .$dynamic();
}

export function presentSpaceMember(row: { userId: string; name: string; email: string; role: string; joinedAt: Date }): SpaceMember {
  return { user_id: row.userId, name: row.name, email: row.email, role: row.role as Role, joined_at: row.joinedAt.toISOString() };
}

/** One member of the space, as the API answers it; undefined when the user is not a member. */
export async function findSpaceMember(opts: { db: Database; space: SpaceRow; userId: string }): Promise<SpaceMember | undefined> {
  const [row] = await selectSpaceMembers(opts.db, opts.space, eq(spaceMemberships.userId, opts.userId)).limit(1);
  return row && presentSpaceMember(row);
}
