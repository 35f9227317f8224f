import { memberships, users } from '../../db/schema';
import type { Member } from '../../../lib/contract/members';
import type { Role } from '../../../lib/contract/settings';
import { hubAbilities, leavesNoOwner, memberAbilities, type MemberCaller } from '../../../lib/policies/abilities';
import type { Database } from '../../db/connect';
import { countOwners } from './owners';
import { twoFactorEnabledSql } from '../two-factor/has-two-factor';
import { avatarColumns, presentAvatar } from '../users/avatar';

/** The columns a member row is read with; join memberships to users. */
export const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  ...avatarColumns,
  profileRole: users.profileRole,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  twoFactor: twoFactorEnabledSql,
};

/** Whether the viewer (with `role` in the hub) manages its members, and how many owners it has. */
export async function hubMemberCaller(db: Database, hubId: string, role: Role): Promise<MemberCaller> {
  return { manage: hubAbilities(role).manage_members, ownerCount: await countOwners(db, { hubId }) };
}

/** `showTwoFactor`: whether the viewer may see who has two-factor sign-in (the hub's owners). */
export function presentMember(row: {
  userId: string; name: string; email: string; colour: string; photoKey: string | null; profileRole: string | null; role: string; joinedAt: Date; twoFactor: boolean;
}, caller: MemberCaller, showTwoFactor = true): Member {
  const role = row.role as Role;
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    ...presentAvatar(row),
    role,
    profile_role: row.profileRole,
    joined_at: row.joinedAt.toISOString(),
    two_factor: showTwoFactor ? row.twoFactor : null,
    only_owner: leavesNoOwner(role, caller.ownerCount),
    abilities: memberAbilities({ ...caller, role }),
  };
}
