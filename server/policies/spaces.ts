import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { spaceMemberships, spaces } from '../db/schema';
import type { Operation, Role, SpaceVisibility } from '../../lib/contract/settings';
import type { SpaceAbilities } from '../../lib/contract/spaces';
import { grantableRoles, spaceAbilities } from '../../lib/policies/abilities';
import { AppError, forbidden } from '../lib/errors';
import { authorize } from './roles';

/*
 * Who sees a space and what they may do in it (design §5), in one place.
 *
 * - public ("Everyone"): every member of the hub sees it and may join it.
 * - shared: only its members see it. The design says "only its members" and
 *   this follows it to the letter: a hub owner who is not a member of a
 *   shared space does not see it either (unlike a private one, which names
 *   the hub owner explicitly). A shared space is the way to keep something
 *   between a group of people, including away from the hub's owners.
 * - private: only its creator (its owner) and the hub owner. Members a space
 *   had before it was made private keep their rows but see nothing until it
 *   is shared again.
 *
 * Within a visible space the effective role is the higher of the space role
 * and the hub role. A space nobody may see answers 404, exactly like one that
 * does not exist or belongs to another hub.
 */

export interface SpaceViewer {
  hubId: string;
  userId: string;
  hubRole: Role;
}

export type SpaceRow = typeof spaces.$inferSelect;

// The hub is named in these subqueries too: it keeps them inside the hub, and
// (organization_id, user_id) is the index that finds one person's memberships.
const viewerMembership = (viewer: SpaceViewer) =>
  sql`${spaceMemberships.hubId} = ${viewer.hubId} and ${spaceMemberships.userId} = ${viewer.userId} and ${spaceMemberships.spaceId} = ${spaces.id}`;

/** The viewer's own row in the space (its role), as a column of a query over `spaces`. */
export const memberRoleColumn = (viewer: SpaceViewer) =>
  sql<Role | null>`(select ${spaceMemberships.role} from ${spaceMemberships} where ${viewerMembership(viewer)})`;

/** Rows of `spaces` the viewer is a member of. */
export const isMemberCondition = (viewer: SpaceViewer): SQL =>
  sql`exists (select 1 from ${spaceMemberships} where ${viewerMembership(viewer)})`;

/**
 * The spaces of the viewer's hub the viewer may see. Lists and single reads
 * both filter with this, so a list can never show what a read answers 404 to.
 */
export function visibleSpacesCondition(viewer: SpaceViewer): SQL {
  const privateOnes = viewer.hubRole === 'owner'
    ? eq(spaces.visibility, 'private')
    : and(eq(spaces.visibility, 'private'), eq(spaces.createdBy, viewer.userId));
  return and(
    eq(spaces.hubId, viewer.hubId),
    or(
      eq(spaces.visibility, 'public'),
      and(eq(spaces.visibility, 'shared'), isMemberCondition(viewer)),
      privateOnes,
    ),
  )!;
}

// The effective role is shared with the web app's mock backend, so it lives in lib/.
export { effectiveSpaceRole } from '../../lib/policies/space-role';

/** A visible space with the viewer's standing in it. */
export interface SpaceAccess {
  space: SpaceRow;
  memberRole: Role | null;
  role: Role;
}

/** What the viewer may do with the space now: the abilities sent with it, and with its items. */
export function spaceAbilitiesOf(access: SpaceAccess, viewer: SpaceViewer): SpaceAbilities {
  return spaceAbilities({
    role: access.role,
    isMember: access.memberRole !== null,
    archived: access.space.archivedAt !== null,
    visibility: access.space.visibility as SpaceVisibility,
    isCreator: access.space.createdBy === viewer.userId,
  });
}

const operationMessages: Partial<Record<Operation, string>> = {
  edit_content: 'Only editors and owners of this space can change it.',
  change_visibility: 'Only editors and owners of this space can change its visibility.',
  invite: 'Only editors and owners of this space can add members.',
  archive: 'Only an owner of this space or of the hub can archive or restore it.',
  manage_roles: 'Only an owner of this space or of the hub can manage its members.',
};

/** Throws 403 unless the viewer's effective role in the space allows the operation. */
export function authorizeInSpace(access: SpaceAccess, operation: Operation): void {
  authorize(access.role, operation, operationMessages[operation]);
}

/** Creating a space adds to the hub: editors and owners of the hub may. */
export function authorizeCreateSpace(viewer: SpaceViewer): void {
  authorize(viewer.hubRole, 'add_content', 'Only editors and owners of the hub can create spaces.');
}

/** Changing visibility needs change_visibility; making a space private is its creator's call alone. */
export function authorizeVisibilityChange(access: SpaceAccess, viewer: SpaceViewer, visibility: SpaceRow['visibility']): void {
  authorizeInSpace(access, 'change_visibility');
  if (visibility === 'private' && access.space.createdBy !== viewer.userId) {
    throw forbidden('Only the person who created this space can make it private.');
  }
}

/** Giving someone the owner role is owner's work (manage_roles), even for an editor who may add members. */
export function authorizeGrantRole(access: SpaceAccess, role: Role): void {
  if (!grantableRoles(access.role).includes(role)) throw forbidden(operationMessages.manage_roles);
}

/** Inviting by email needs invite there (editor and above); only owners of the space or the hub hand out the owner role. */
export function authorizeSpaceInvite(access: SpaceAccess, role: Role): void {
  authorizeInSpace(access, 'invite');
  if (!grantableRoles(access.role).includes(role)) {
    throw forbidden('Only an owner of this space or of the hub can invite another owner.');
  }
}

/** A private space is its creator's and the hub owner's alone: nobody is added or invited to it. */
export function assertOpenToMembers(space: SpaceRow): void {
  if (space.visibility === 'private') {
    throw new AppError(
      422,
      'space_private',
      'Only its creator and the hub owner can see a private space. Make it shared to add or invite members.',
    );
  }
}

/** Archived spaces keep their data but are read-only until restored. */
export function assertNotArchived(space: SpaceRow): void {
  if (space.archivedAt) {
    throw new AppError(422, 'space_archived', 'This space is archived. Restore it before changing it.');
  }
}
