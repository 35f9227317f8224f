import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations } from '../../db/schema';
import type { SpaceViewer } from '../../policies/spaces';
import { invitationData } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findPendingSpaceInvitation } from './find-pending-space-invitation';

/** Cancels a pending space invitation: its link stops working and it leaves the list. */
export async function cancelSpaceInvitation(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  id: string;
  client: ClientInfo;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const { access, invitation } = await findPendingSpaceInvitation({ ...opts, db: tx });
    await tx.update(invitations).set({ cancelledAt: sql`now()` }).where(eq(invitations.id, invitation.id));
    await recordAuditEvent({
      db: tx, type: 'invitation_cancelled', hubId: invitation.hubId, actorId: opts.viewer.userId, client: opts.client,
      data: invitationData(invitation, access.space.name),
    });
  });
}
