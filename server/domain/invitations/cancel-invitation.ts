import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations } from '../../db/schema';
import type { HubContext } from '../../types';
import { invitationData } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findPendingInvitation } from './find-pending-invitation';

/** Cancels a pending invitation: its link stops working and it leaves the list. */
export async function cancelInvitation(opts: { db: Database; hub: HubContext; id: string; actorId: string; client: ClientInfo }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const invitation = await findPendingInvitation({ db: tx, hub: opts.hub, id: opts.id });
    await tx.update(invitations).set({ cancelledAt: sql`now()` }).where(eq(invitations.id, invitation.id));
    await recordAuditEvent({
      db: tx, type: 'invitation_cancelled', hubId: invitation.hubId, actorId: opts.actorId, client: opts.client,
      data: invitationData(invitation),
    });
  });
}
