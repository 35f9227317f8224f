import type { Database } from '../../db/connect';
import type { HubContext } from '../../types';
import { memberTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { deleteMembership } from './delete-membership';
import { findMember } from './find-member';

/** Removes someone from the hub and its spaces (its endpoint requires manage_members); the last owner stays. */
export async function removeMember(opts: {
  db: Database;
  hub: HubContext;
  userId: string;
  actorId: string;
  client: ClientInfo;
}): Promise<void> {
  const hubId = opts.hub.organization.id;
  await opts.db.transaction(async (tx) => {
    const member = await findMember({ db: tx, hubId, userId: opts.userId });
    await deleteMembership({
      db: tx, hubId, member,
      lastOwnerMessage: 'A hub needs an owner: make another member owner before removing this one.',
    });
    await recordAuditEvent({
      db: tx, type: 'member_removed', hubId, actorId: opts.actorId, subjectId: member.userId, client: opts.client,
      data: { target: memberTarget({ id: member.userId, name: member.name }), role: member.role },
    });
  });
}
