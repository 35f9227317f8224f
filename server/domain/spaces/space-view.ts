import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMarks, spaceMemberships, spaces, users } from '../../db/schema';
import type { Role, SpaceVisibility } from '../../../lib/contract/settings';
import type { Space } from '../../../lib/contract/spaces';
import {
  effectiveSpaceRole, memberRoleColumn, spaceAbilitiesOf, type SpaceRow, type SpaceViewer,
} from '../../policies/spaces';

/** Members of the space in the outer query, counted in that same query. */
const memberCountColumn = sql<number>`(select count(*)::int from ${spaceMemberships} where ${spaceMemberships.spaceId} = ${spaces.id})`.mapWith(Number);

/** Joins a query over `spaces` to the viewer's own marks (star, last visit) on each space. */
export const viewerMarksOn = (viewer: SpaceViewer): SQL =>
  and(eq(spaceMarks.spaceId, spaces.id), eq(spaceMarks.userId, viewer.userId), eq(spaceMarks.hubId, viewer.hubId))!;

/**
 * Starts a query that reads spaces as `viewer` sees them: the space, its
 * creator's name, its member count, the viewer's own role and marks, in one
 * round trip. Callers add the FROM-side filters.
 */
export function selectSpaceViews(db: Database, viewer: SpaceViewer) {
  return db
    .select({
      space: spaces,
      creatorName: users.name,
      memberCount: memberCountColumn,
      memberRole: memberRoleColumn(viewer),
      starredAt: spaceMarks.starredAt,
      visitedAt: spaceMarks.visitedAt,
    })
    .from(spaces)
    .leftJoin(users, eq(users.id, spaces.createdBy))
    .leftJoin(spaceMarks, viewerMarksOn(viewer))
    .$dynamic();
}

export interface SpaceViewRow {
  space: SpaceRow;
  creatorName: string | null;
  memberCount: number;
  memberRole: Role | null;
  starredAt: Date | null;
  visitedAt: Date | null;
}

export function presentSpace(row: SpaceViewRow, viewer: SpaceViewer): Space {
  const { space } = row;
  const role = effectiveSpaceRole(space, row.memberRole, viewer);
  return {
    id: space.id,
    name: space.name,
    description: space.description,
    visibility: space.visibility as SpaceVisibility,
    created_by: space.createdBy && row.creatorName !== null ? { id: space.createdBy, name: row.creatorName } : null,
    member_count: row.memberCount,
    my_role: role,
    space_role: row.memberRole,
    is_member: row.memberRole !== null,
    archived_at: space.archivedAt?.toISOString() ?? null,
    created_at: space.createdAt.toISOString(),
    updated_at: space.updatedAt.toISOString(),
    starred: row.starredAt !== null,
    visited_at: row.visitedAt?.toISOString() ?? null,
    abilities: spaceAbilitiesOf({ space, memberRole: row.memberRole, role }, viewer),
  };
}
