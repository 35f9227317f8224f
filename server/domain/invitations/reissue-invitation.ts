import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { invitationSends, invitations, users } from '../../db/schema';
import {
  INVITATION_SEND_WINDOW_MINUTES, INVITATION_SENDS_PER_WINDOW, type Invitation,
} from '../../../lib/contract/invitations';
import { tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { UserRow } from '../../types';
import { invitationData } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { countRecentSends } from './count-recent-sends';
import { deliverInvitation } from './deliver-invitation';
import { issueInvitationToken } from './invitation-token';
import type { InvitationCaller } from '../../../lib/policies/abilities';
import { invitationColumns, inviterJoin, presentInvitation } from './present-invitation';

/**
 * Sends a pending invitation (found and authorised by `find`, inside the
 * transaction) again with a new link (the old one stops working) and a new
 * 3-day expiry; at most 3 emails per invitation per 10 minutes. A mail that
 * cannot be sent is an error (500) and uses no slot.
 */
export async function reissueInvitation(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  sender: UserRow;
  hubName: string;
  /** The invitation, and for a space invitation the space's name (for the email). */
  find: (tx: Database) => Promise<{ invitation: typeof invitations.$inferSelect; spaceName?: string; caller: InvitationCaller }>;
  client: ClientInfo;
}): Promise<Invitation> {
  const { row, token, sendId, spaceName, caller } = await opts.db.transaction(async (tx) => {
    const { invitation, spaceName, caller } = await opts.find(tx);
    const sent = (await countRecentSends({ db: tx, invitationIds: [invitation.id] })).get(invitation.id) ?? 0;
    if (sent >= INVITATION_SENDS_PER_WINDOW) {
      throw tooManyRequests(
        `This invitation was sent ${INVITATION_SENDS_PER_WINDOW} times in the last ${INVITATION_SEND_WINDOW_MINUTES} minutes. Please wait a few minutes before sending it again.`,
      );
    }
    const issued = issueInvitationToken();
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash: issued.tokenHash, expiresAt: issued.expiresAt })
      .where(eq(invitations.id, invitation.id))
      .returning();
    const [send] = await tx.insert(invitationSends).values({ invitationId: invitation.id }).returning();
    await recordAuditEvent({
      db: tx, type: 'invitation_sent', hubId: invitation.hubId, actorId: opts.sender.id, client: opts.client,
      data: { ...invitationData(invitation, spaceName), resent: true },
    });
    return { row: updated!, token: issued.token, sendId: send!.id, spaceName, caller };
  });
  const sent = await deliverInvitation({
    db: opts.db, config: opts.config, mailer: opts.mailer, sendId, token, email: row.email,
    hubName: opts.hubName, spaceName, inviterName: opts.sender.name, role: row.role,
  });
  if (!sent) throw new Error('invitation email could not be sent');
  const [view] = await opts.db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, inviterJoin)
    .where(eq(invitations.id, row.id));
  return presentInvitation(view!, caller);
}
