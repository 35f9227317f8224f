import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations } from '../../db/schema';
import type { SpaceViewer } from '../../policies/spaces';
import { findPendingSpaceInvitation } from './find-pending-space-invitation';

/** Cancels a pending space invitation: its link stops working and it leaves the list. */
export async function cancelSpaceInvitation(opts: { db: Database; viewer: SpaceViewer; spaceId: string; id: string }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const { invitation } = await findPendingSpaceInvitation({ ...opts, db: tx });
    await tx.update(invitations).set({ cancelledAt: sql`now()` }).where(eq(invitations.id, invitation.id));
  });
}
