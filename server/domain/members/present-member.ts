import { memberships, users } from '../../db/schema';
import type { Member } from '../../../lib/contract/members';
import type { Role } from '../../../lib/contract/settings';
import { twoFactorEnabledSql } from '../two-factor/has-two-factor';

/** The columns a member row is read with; join memberships to users. */
export const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  profileRole: users.profileRole,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  twoFactor: twoFactorEnabledSql,
};

/** `showTwoFactor`: whether the viewer may see who has two-factor sign-in (the hub's owners). */
export function presentMember(row: {
  userId: string; name: string; email: string; profileRole: string | null; role: string; joinedAt: Date; twoFactor: boolean;
}, showTwoFactor = true): Member {
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    profile_role: row.profileRole,
    joined_at: row.joinedAt.toISOString(),
    two_factor: showTwoFactor ? row.twoFactor : null,
  };
}
