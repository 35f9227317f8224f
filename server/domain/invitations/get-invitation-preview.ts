import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { InvitationPreview } from '../../../lib/contract/invitations';
import type { HubVisibility, Role } from '../../../lib/contract/settings';
import { findInvitationByToken } from './find-invitation-by-token';

/** What the page behind an emailed link shows, before anyone signs in. */
export async function getInvitationPreview(opts: { db: Database; token: string }): Promise<InvitationPreview> {
  const { invitation, organization: hub, space } = await findInvitationByToken(opts);
  const [[account], [inviter]] = await Promise.all([
    opts.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1),
    invitation.invitedBy
      ? opts.db.select({ name: users.name }).from(users).where(eq(users.id, invitation.invitedBy)).limit(1)
      : Promise.resolve([]),
  ]);
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
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    account_exists: account !== undefined,
    space: space ? { id: space.id, name: space.name } : null,
  };
}
