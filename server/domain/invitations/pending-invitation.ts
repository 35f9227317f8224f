import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { invitations, spaces } from '../../db/schema';

/** Not accepted, not cancelled, not expired. */
const isPending = (): SQL =>
  and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt), gt(invitations.expiresAt, sql`now()`))!;

/** A hub invitation that can still be accepted: not a space invitation, and pending. */
const isPendingHubInvitation = (): SQL => and(isNull(invitations.spaceId), isPending())!;

export const pendingHubInvitationOf = (hubId: string): SQL =>
  and(eq(invitations.hubId, hubId), isPendingHubInvitation())!;

/** A pending invitation into one space (of its own hub). */
export const pendingSpaceInvitationOf = (space: { id: string; hubId: string }): SQL =>
  and(eq(invitations.hubId, space.hubId), eq(invitations.spaceId, space.id), isPending())!;

/**
 * Any invitation its link may still be used for: a pending hub invitation,
 * or a pending space invitation whose space is neither archived nor private
 * (a private space admits nobody new, and an archived one is read-only).
 */
export const isAcceptableInvitation = (): SQL =>
  and(
    isPending(),
    or(
      isNull(invitations.spaceId),
      sql`exists (select 1 from ${spaces} where ${spaces.id} = ${invitations.spaceId} and ${spaces.hubId} = ${invitations.hubId} and ${spaces.archivedAt} is null and ${spaces.visibility} <> 'private')`,
    ),
  )!;
