import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships } from '../../db/schema';
import type { Member } from '../../../lib/contract/members';
import type { Role } from '../../../lib/contract/settings';
import { authorize } from '../../policies/roles';
import type { HubContext } from '../../types';
import { memberTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { assertNotLastOwner } from './assert-not-last-owner';
import { findMember } from './find-member';
import { hubMemberCaller, presentMember } from './present-member';

/** Changes a member's hub role (owners only); the hub's last owner keeps the role. */
export async function updateMemberRole(opts: {
  db: Database;
  hub: HubContext;
  userId: string;
  role: Role;
  actorId: string;
  client: ClientInfo;
}): Promise<Member> {
  authorize(opts.hub.role, 'manage_roles', 'Only a hub owner can change roles.');
  const hubId = opts.hub.organization.id;
  return opts.db.transaction(async (tx) => {
    const member = await findMember({ db: tx, hubId, userId: opts.userId });
    if (opts.role !== 'owner') {
      await assertNotLastOwner({
        db: tx, hubId, currentRole: member.role,
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
