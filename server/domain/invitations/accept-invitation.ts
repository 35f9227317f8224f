import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, memberships, hubs, spaceMemberships, users } from '../../db/schema';
import type { InvitationAcceptance } from '../../../lib/contract/invitations';
import type { Role } from '../../../lib/contract/settings';
import { conflict, forbidden } from '../../lib/errors';
import type { UserRow } from '../../types';
import { hubTarget, invitationData } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertMemberCapacity } from '../billing/assert-member-capacity';
import { countMembers, presentMembership } from '../hubs/present-hub';
import type { ClientInfo } from '../sessions/create-session';
import { findInvitationByToken } from './find-invitation-by-token';

/**
 * Accepts an emailed invitation for the signed-in user, whose email must be
 * the invited one. A hub invitation makes them a member with the invited
 * role. A space invitation puts them in the space with the invited role,
 * joining the hub first as a viewer when they are not in it yet (a seat of
 * the plan). The link is used up and the hub becomes the active one.
 */
export async function acceptInvitation(opts: {
  db: Database;
  user: UserRow;
  token: string;
  client: ClientInfo;
}): Promise<InvitationAcceptance> {
  const { user } = opts;
  return opts.db.transaction(async (tx) => {
    const { invitation, organization: hub, space } = await findInvitationByToken({ db: tx, token: opts.token, lock: true });
    if (invitation.email !== user.email.toLowerCase()) {
      throw forbidden(
        `This invitation was sent to another email address. Sign in as ${invitation.email} to accept it.`,
        'invitation_email_mismatch',
      );
    }
    // Same lock as joins and invites of this hub, so the member limit holds.
    await tx.select({ id: hubs.id }).from(hubs).where(eq(hubs.id, hub.id)).for('update');
    const [existing] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.hubId, hub.id), eq(memberships.userId, user.id)))
      .limit(1);
    if (existing && !space) throw conflict('You are already a member of this hub.', 'already_member');
    if (!existing) {
      await assertMemberCapacity({ db: tx, organization: hub });
      await tx
        .insert(memberships)
        .values({ hubId: hub.id, userId: user.id, role: space ? 'viewer' : invitation.role });
    }
    if (space) {
      const [joined] = await tx
        .insert(spaceMemberships)
        .values({ spaceId: space.id, userId: user.id, hubId: hub.id, role: invitation.role })
        .onConflictDoNothing()
        .returning({ userId: spaceMemberships.userId });
      if (!joined) throw conflict('You are already a member of this space.', 'already_member');
    }
    await tx.update(invitations).set({ acceptedAt: sql`now()` }).where(eq(invitations.id, invitation.id));
    await tx.update(users).set({ activeHubId: hub.id }).where(eq(users.id, user.id));
    const hubRole = (existing?.role ?? (space ? 'viewer' : invitation.role)) as Role;
    const acceptedBy = { hubId: hub.id, actorId: user.id, subjectId: user.id, client: opts.client };
    await recordAuditEvent({
      db: tx, type: 'invitation_accepted', ...acceptedBy,
      data: invitationData(invitation, space?.name),
    });
    if (!existing) {
      await recordAuditEvent({
        db: tx, type: 'member_joined', ...acceptedBy, data: { target: hubTarget(hub), role: hubRole, via: 'invitation' },
      });
    }
    return {
      ...presentMembership({ organization: hub, role: hubRole, memberCount: await countMembers({ db: tx, hubId: hub.id }) }),
      space: space ? { id: space.id, name: space.name } : null,
    };
  });
}
