import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, memberships, hubs, spaceMemberships, spaces, users } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import { conflict, notFound } from '../../lib/errors';
import type { UserRow } from '../../types';
import { hubTarget, invitationData } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertMemberCapacity } from '../billing/assert-member-capacity';
import { isAcceptableInvitation } from '../invitations/pending-invitation';
import type { ClientInfo } from '../sessions/create-session';
import { normalizeHandle } from './normalize-handle';
import { countMembers, presentMembership } from './present-hub';

const alreadyMember = () => conflict('You are already a member of this hub.', 'already_member');

/**
 * Joins the hub named by `handle` and makes it the user's active hub: by
 * accepting the user's pending invitation (with its role), or as a viewer
 * when the hub is public (design §5) or the user is invited into one of its
 * spaces (they join those spaces too). A shared hub without an invitation
 * answers exactly like a hub that does not exist.
 */
export async function joinHub(opts: {
  db: Database;
  user: UserRow;
  handle: string;
  client: ClientInfo;
}): Promise<MyHub> {
  const { user } = opts;
  const handle = normalizeHandle(opts.handle);
  if (!handle) throw notFound('That hub');
  return opts.db.transaction(async (tx) => {
    // Locking the hub row serialises joins to one hub, so two people cannot both take its last seat.
    const [hub] = await tx
      .select()
      .from(hubs)
      .where(and(eq(hubs.domainHandle, handle), isNull(hubs.archivedAt)))
      .limit(1)
      .for('update');
    if (!hub) throw notFound('That hub');
    const [existing] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.hubId, hub.id), eq(memberships.userId, user.id)))
      .limit(1);
    if (existing) throw alreadyMember();
    // Newest first, hub invitations before space ones: the hub invitation decides the role.
    const pending = await tx
      .select({ id: invitations.id, role: invitations.role, email: invitations.email, spaceId: invitations.spaceId, spaceName: spaces.name })
      .from(invitations)
      .leftJoin(spaces, eq(spaces.id, invitations.spaceId))
      .where(and(eq(invitations.hubId, hub.id), eq(invitations.email, user.email), isAcceptableInvitation()))
      .orderBy(sql`${invitations.spaceId} is null desc`, desc(invitations.createdAt));
    const hubInvitation = pending.find((i) => i.spaceId === null);
    if (pending.length === 0 && hub.visibility !== 'public') throw notFound('That hub');

    await assertMemberCapacity({ db: tx, organization: hub });
    const role = hubInvitation?.role ?? 'viewer';
    const [joined] = await tx
      .insert(memberships)
      .values({ hubId: hub.id, userId: user.id, role })
      .onConflictDoNothing()
      .returning();
    if (!joined) throw alreadyMember();
    // Invitations into spaces of this hub are accepted with it: they are what offered the hub.
    const spaceInvitations = pending.filter((i) => i.spaceId !== null);
    for (const invitation of spaceInvitations) {
      await tx
        .insert(spaceMemberships)
        .values({ spaceId: invitation.spaceId!, userId: user.id, hubId: hub.id, role: invitation.role })
        .onConflictDoNothing();
    }
    const used = [...(hubInvitation ? [hubInvitation.id] : []), ...spaceInvitations.map((i) => i.id)];
    if (used.length > 0) await tx.update(invitations).set({ acceptedAt: sql`now()` }).where(inArray(invitations.id, used));
    await tx.update(users).set({ activeHubId: hub.id }).where(eq(users.id, user.id));
    const joinedBy = { hubId: hub.id, actorId: user.id, subjectId: user.id, client: opts.client };
    for (const invitation of [...(hubInvitation ? [hubInvitation] : []), ...spaceInvitations]) {
      await recordAuditEvent({
        db: tx, type: 'invitation_accepted', ...joinedBy,
        data: invitationData(invitation, invitation.spaceName),
      });
    }
    await recordAuditEvent({
      db: tx, type: 'member_joined', ...joinedBy,
      data: { target: hubTarget(hub), role, via: pending.length > 0 ? 'invitation' : 'public' },
    });
    return presentMembership({ organization: hub, role, memberCount: await countMembers({ db: tx, hubId: hub.id }) });
  });
}
