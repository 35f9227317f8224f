import type { Role } from '../contract/settings';

/** A person's standing in a hub or space; `guest` is a non-member (design §5). */
export type EffectiveRole = Role | 'guest';

const rank: Record<EffectiveRole, number> = { guest: 0, viewer: 1, editor: 2, owner: 3 };

/** The higher of two roles: a space role and a hub role combine this way. */
export const higherRole = (a: EffectiveRole, b: EffectiveRole): EffectiveRole => (rank[a] >= rank[b] ? a : b);

/**
 * A person's effective role in a space they can see: the higher of their
 * space role and their hub role. The creator of a private space is its owner
 * whatever their row says, so nobody can lock them out of a space only they
 * can see.
 */
export function effectiveSpaceRole(
  space: { visibility: string; createdBy: string | null },
  memberRole: Role | null,
  viewer: { userId: string; hubRole: Role },
): Role {
  const spaceRole = space.visibility === 'private' && space.createdBy === viewer.userId ? 'owner' : memberRole;
  // The hub role is at least viewer, so the higher of the two is never guest.
  return higherRole(spaceRole ?? 'guest', viewer.hubRole) as Role;
}
