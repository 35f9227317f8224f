import type { Database } from '../../db/connect';
import type { HubContext, UserRow } from '../../types';
import { hubTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { deleteMembership } from './delete-membership';
import { findMember } from './find-member';

/** The caller leaves the hub; the last owner must hand the hub over first. Returns the user as it now is. */
export async function leaveHub(opts: { db: Database; hub: HubContext; user: UserRow; client: ClientInfo }): Promise<UserRow> {
  const hubId = opts.hub.organization.id;
  await opts.db.transaction(async (tx) => {
    // The role is read again under the transaction: it may have changed since the request was scoped.
    const member = await findMember({ db: tx, hubId, userId: opts.user.id });
    await deleteMembership({
      db: tx, hubId, member,
      lastOwnerMessage: 'You are the only owner of this hub: make another member owner before leaving.',
    });
    await recordAuditEvent({
      db: tx, type: 'member_left', hubId, actorId: opts.user.id, subjectId: opts.user.id, client: opts.client,
      data: { target: hubTarget(opts.hub.organization), role: member.role },
    });
  });
  const stillActive = opts.user.activeHubId === hubId ? null : opts.user.activeHubId;
  return { ...opts.user, activeHubId: stillActive };
}
