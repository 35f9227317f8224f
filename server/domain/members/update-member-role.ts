import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships } from '../../db/schema';
import type { Member } from '../../../lib/contract/members';
import type { Role } from '../../../lib/contract/settings';
import type { HubContext } from '../../types';
import { memberTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findMember } from './find-member';
import { assertOwnerRemains } from './owners';
import { hubMemberCaller, presentMember } from './present-member';

/** Changes a member's hub role (its endpoint requires manage_members); the hub's last owner keeps the role. */
export async function updateMemberRole(opts: {
  db: Database;
  hub: HubContext;
  userId: string;
  role: Role;
  actorId: string;
  client: ClientInfo;
}): Promise<Member> {
  const hubId = opts.hub.organization.id;
  return opts.db.transaction(async (tx) => {
    const member = await findMember({ db: tx, hubId, userId: opts.userId });
    if (opts.role !== 'owner') {
      await assertOwnerRemains({
        db: tx, place: { hubId }, userId: member.userId,
        message: 'A hub needs an owner: make another member owner before changing this role.',
      });
    }
    await tx
      .update(memberships)
      .set({ role: opts.role })
      .where(and(eq(memberships.hubId, hubId), eq(memberships.userId, member.userId)));
    if (member.role !== opts.role) {
      await recordAuditEvent({
        db: tx, type: 'member_role_changed', hubId, actorId: opts.actorId, subjectId: member.userId, client: opts.client,
        data: { target: memberTarget({ id: member.userId, name: member.name }), from: member.role, to: opts.role },
      });
    }
    return presentMember({ ...member, role: opts.role }, await hubMemberCaller(tx, hubId, opts.hub.role));
  });
}
