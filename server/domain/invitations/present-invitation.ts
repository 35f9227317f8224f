import { eq, sql } from 'drizzle-orm';
import { invitationSends, invitations, users } from '../../db/schema';
import type { Invitation } from '../../../lib/contract/invitations';
import type { Role } from '../../../lib/contract/settings';

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

export function presentInvitation(row: {
  id: string; email: string; role: string; invitedBy: string | null; createdAt: Date; expiresAt: Date; lastSentAt: Date | null;
}): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_sent_at: (row.lastSentAt ?? row.createdAt).toISOString(),
  };
}
