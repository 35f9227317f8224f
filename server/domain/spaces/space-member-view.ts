import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships, users } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import type { SpaceMember } from '../../../lib/contract/spaces';
import { leavesNoOwner, memberAbilities, type MemberCaller } from '../../../lib/policies/abilities';
import { spaceAbilitiesOf, type SpaceAccess, type SpaceRow, type SpaceViewer } from '../../policies/spaces';
import { countOwners } from '../members/owners';
import { avatarColumns, presentAvatar } from '../users/avatar';

/** Rows of space_memberships (joined to users) of one space of its own hub, narrowed by `where`. */
export const spaceMembersCondition = (space: SpaceRow, where?: SQL): SQL =>
  and(eq(spaceMemberships.spaceId, space.id), eq(spaceMemberships.hubId, space.hubId), where)!;

/** Members of one space with their names and emails. */
export function selectSpaceMembers(db: Database, space: SpaceRow, where?: SQL) {
  return db
    .select({
      userId: spaceMemberships.userId,
      name: users.name,
      email: users.email,
      ...avatarColumns,
      role: spaceMemberships.role,
      joinedAt: spaceMemberships.createdAt,
    })
    .from(spaceMemberships)
    .innerJoin(users, eq(users.id, spaceMemberships.userId))
    .where(spaceMembersCondition(space, where))
    .$dynamic();
}

export interface SpaceMemberRow { userId: string; name: string; email: string; colour: string; photoKey: string | null; role: string; joinedAt: Date }

export async function spaceMemberCaller(db: Database, access: SpaceAccess, viewer: SpaceViewer): Promise<MemberCaller> {
  return { manage: spaceAbilitiesOf(access, viewer).manage_members, ownerCount: await countOwners(db, { spaceId: access.space.id }) };
}

export function presentSpaceMember(row: SpaceMemberRow, caller: MemberCaller): SpaceMember {
  const role = row.role as Role;
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    ...presentAvatar(row),
    role,
    joined_at: row.joinedAt.toISOString(),
    only_owner: leavesNoOwner(role, caller.ownerCount),
    abilities: memberAbilities({ ...caller, role }),
  };
}

/** One member's row in the space; undefined when the user is not a member. */
export async function findSpaceMemberRow(opts: { db: Database; space: SpaceRow; userId: string }): Promise<SpaceMemberRow | undefined> {
  const [row] = await selectSpaceMembers(opts.db, opts.space, eq(spaceMemberships.userId, opts.userId)).limit(1);
  return row;
}

/** One member of the space, as the API answers it to the viewer; undefined when the user is not a member. */
export async function findSpaceMember(opts: {
  db: Database;
  access: SpaceAccess;
  viewer: SpaceViewer;
  userId: string;
}): Promise<SpaceMember | undefined> {
  const row = await findSpaceMemberRow({ db: opts.db, space: opts.access.space, userId: opts.userId });
  return row && presentSpaceMember(row, await spaceMemberCaller(opts.db, opts.access, opts.viewer));
}
