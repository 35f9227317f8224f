import { eq, sql } from 'drizzle-orm';
import { invitationSends, invitations, users } from '../../db/schema';
import type { Invitation } from '../../../lib/contract/invitations';
import type { Role, SpaceVisibility } from '../../../lib/contract/settings';
import { invitationAbilities, spaceTakesMembers, type InvitationCaller } from '../../../lib/policies/abilities';
import type { SpaceAccess } from '../../policies/spaces';
import type { HubContext } from '../../types';

/** The columns an invitation is listed with; left join users on `invitedBy`. */
export const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  invitedBy: users.name,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  lastSentAt: sql<Date | null>`(select max(${invitationSends.createdAt}) from ${invitationSends} where ${invitationSends.invitationId} = ${invitations.id})`
    .mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
};
export const inviterJoin = eq(users.id, invitations.invitedBy);

/** A member of the hub, shown its invitations: a hub always takes them. */
export const hubInvitationCaller = (hub: HubContext): InvitationCaller => ({ callerRole: hub.role, open: true });

/** Someone shown a space's invitations, with their effective role there. */
export const spaceInvitationCaller = (access: SpaceAccess): InvitationCaller => ({
  callerRole: access.role,
  open: spaceTakesMembers({ archived: access.space.archivedAt !== null, visibility: access.space.visibility as SpaceVisibility }),
});

/** `caller`: who is shown the invitation, for what they may do with it. */
export function presentInvitation(row: {
  id: string; email: string; role: string; invitedBy: string | null; createdAt: Date; expiresAt: Date; lastSentAt: Date | null;
}, caller: InvitationCaller): Invitation {
  const role = row.role as Role;
  return {
    id: row.id,
    email: row.email,
    role,
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_sent_at: (row.lastSentAt ?? row.createdAt).toISOString(),
    abilities: invitationAbilities({ ...caller, role }),
  };
}
