import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { InvitationPreview } from '../../../lib/contract/invitations';
import type { HubVisibility, Role } from '../../../lib/contract/settings';
import { invitedEmailFor } from '../../../lib/policies/invitation-email';
import { findInvitationByToken } from './find-invitation-by-token';

/**
 * What the page behind an emailed link shows, to whoever holds the link:
 * the invited address in full only to its owner signed in (`viewerEmail`,
 * null when not signed in).
 */
export async function getInvitationPreview(opts: { db: Database; token: string; viewerEmail: string | null }): Promise<InvitationPreview> {
  const { invitation, organization: hub, space } = await findInvitationByToken(opts);
  const [inviter] = invitation.invitedBy
    ? await opts.db.select({ name: users.name }).from(users).where(eq(users.id, invitation.invitedBy)).limit(1)
    : [];
  return {
    organization: {
      name: hub.name,
      domain_handle: hub.domainHandle,
      description: hub.description,
      colour: hub.colour,
      visibility: hub.visibility as HubVisibility,
    },
    invited_by: inviter?.name ?? null,
    role: invitation.role as Role,
    email: invitedEmailFor(invitation.email, opts.viewerEmail),
    expires_at: invitation.expiresAt.toISOString(),
    space: space ? { id: space.id, name: space.name } : null,
  };
}
