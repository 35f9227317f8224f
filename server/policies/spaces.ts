import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { spaceMemberships, spaces } from '../db/schema';
import type { SpaceRequirement } from '../../lib/contract/endpoint';
import type { Role, SpaceVisibility } from '../../lib/contract/settings';
import type { SpaceAbilities } from '../../lib/contract/spaces';
import { grantableRoles, invitationAbilities, spaceAbilities, type SpaceState } from '../../lib/policies/abilities';
import { AppError, conflict, forbidden } from '../lib/errors';

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

/** The viewer's standing in the space, as the abilities read it. */
function spaceStateOf(access: SpaceAccess, viewer: SpaceViewer): SpaceState {
  return {
    role: access.role,
    isMember: access.memberRole !== null,
    archived: access.space.archivedAt !== null,
    visibility: access.space.visibility as SpaceVisibility,
    isCreator: access.space.createdBy === viewer.userId,
  };
}

/** What the viewer may do with the space now: the abilities sent with it, and with its items, and the ones the API enforces. */
export const spaceAbilitiesOf = (access: SpaceAccess, viewer: SpaceViewer): SpaceAbilities => spaceAbilities(spaceStateOf(access, viewer));

const ownersOnly = 'Only an owner of this space or of the hub can archive or restore it.';

/** Why an ability is refused when the role is what stands in the way; the general refusal otherwise. */
const roleRefusals: Partial<Record<SpaceRequirement, string>> = {
  update: 'Only editors and owners of this space can change it.',
  edit_content: 'Only editors and owners of this space can change it.',
  make_private: 'Only editors and owners of this space can change its visibility.',
  invite: 'Only editors and owners of this space can add members.',
  archive: ownersOnly,
  restore: ownersOnly,
  manage_members: 'Only an owner of this space or of the hub can manage its members.',
};

const joinRefusals: Partial<Record<SpaceRequirement, string>> = {
  add_content: 'Join this space to add to it.',
  invite: 'Join this space to add members to it.',
};

/**
 * Throws unless the viewer's abilities in the space include `ability`: the
 * same abilities the API sends with the space. The refusal says what stands
 * in the way: the role (403), being its creator (403), the space's state
 * (409 to archive an archived one or restore a live one, 422 when archived
 * or private), or not having joined an Everyone space (403).
 */
export function authorizeInSpace(access: SpaceAccess, viewer: SpaceViewer, ability: SpaceRequirement): void {
  const state = spaceStateOf(access, viewer);
  if (spaceAbilities(state)[ability]) return;
  // What the role alone allows: as a member and the creator of a space that takes members (archived, for restoring).
  const byRole = spaceAbilities({ ...state, isMember: true, isCreator: true, archived: ability === 'restore', visibility: 'shared' });
  if (!byRole[ability]) throw forbidden(roleRefusals[ability]);
  if (ability === 'make_private') assertCreator(access, viewer);
  if (ability === 'archive' || ability === 'restore') {
    throw conflict(state.archived ? 'This space is already archived.' : 'This space is not archived.');
  }
  assertNotArchived(access.space);
  assertOpenToMembers(access.space);
  throw forbidden(joinRefusals[ability] ?? 'Join this space to change it.');
}

function assertCreator(access: SpaceAccess, viewer: SpaceViewer): void {
  if (access.space.createdBy !== viewer.userId) throw forbidden('Only the person who created this space can make it private.');
}

const grantRefusals = {
  add: roleRefusals.manage_members,
  invite: 'Only an owner of this space or of the hub can invite another owner.',
};

/** Adding (`add`) or inviting someone with a role: only the roles the viewer may grant there (owner is the owners'). */
export function authorizeGrantRole(access: SpaceAccess, viewer: SpaceViewer, role: Role, how: keyof typeof grantRefusals): void {
  if (!spaceAbilitiesOf(access, viewer).grant_roles.includes(role)) throw forbidden(grantRefusals[how]);
}

/**
 * Resending or cancelling a space's invitation is for whoever could have
 * sent it (invitationAbilities): someone who may invite there at all before
 * the invitation is read, then one who may grant its role.
 */
export function authorizeSpaceInvitation(access: SpaceAccess, role?: Role): void {
  const callerRole = access.role;
  if (grantableRoles(callerRole).length === 0) throw forbidden(roleRefusals.invite);
  if (role && !invitationAbilities({ callerRole, role, open: true }).revoke) throw forbidden(grantRefusals.invite);
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
