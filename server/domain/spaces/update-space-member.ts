import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import type { SpaceMember } from '../../../lib/contract/spaces';
import type { SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { assertOwnerRemains } from '../members/owners';
import { findSpaceMemberToManage } from './find-space-member-to-manage';
import { presentSpaceMember, spaceMemberCaller } from './space-member-view';

/** Changes a member's role in a space (owners of the space or hub); the last owner cannot be demoted. */
export async function updateSpaceMember(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  userId: string;
  role: Role;
  client: ClientInfo;
}): Promise<SpaceMember> {
  return opts.db.transaction(async (tx) => {
    const { access, member } = await findSpaceMemberToManage({ ...opts, db: tx });
    if (opts.role !== 'owner') {
      await assertOwnerRemains({
        db: tx,
        place: { spaceId: access.space.id },
        userId: member.userId,
        message: 'A space needs an owner. Make another member an owner first.',
      });
    }
    await tx
      .update(spaceMemberships)
      .set({ role: opts.role })
      .where(and(eq(spaceMemberships.spaceId, access.space.id), eq(spaceMemberships.userId, member.userId)));
    if (member.role !== opts.role) {
      await recordAuditEvent({
        db: tx, type: 'space_member_role_changed', hubId: opts.viewer.hubId, actorId: opts.viewer.userId,
        subjectId: member.userId, client: opts.client, data: { target: spaceTarget(access.space), from: member.role, to: opts.role },
      });
    }
    const caller = await spaceMemberCaller(tx, access, opts.viewer);
    return presentSpaceMember({ ...member, role: opts.role }, caller);
  });
}
