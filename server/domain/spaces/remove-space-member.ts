import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships } from '../../db/schema';
import type { SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { assertOwnerRemains } from '../members/owners';
import { findSpaceMemberToManage } from './find-space-member-to-manage';

/** Removes a member from a space (owners of the space or hub); the last owner stays. */
export async function removeSpaceMember(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  userId: string;
  client: ClientInfo;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const { access, member } = await findSpaceMemberToManage({ ...opts, db: tx });
    await assertOwnerRemains({
      db: tx,
      place: { spaceId: access.space.id },
      userId: member.userId,
      message: 'A space needs an owner. Make another member an owner before removing this one.',
    });
    await tx
      .delete(spaceMemberships)
      .where(and(eq(spaceMemberships.spaceId, access.space.id), eq(spaceMemberships.userId, member.userId)));
    await recordAuditEvent({
      db: tx, type: 'space_member_removed', hubId: opts.viewer.hubId, actorId: opts.viewer.userId,
      subjectId: member.userId, client: opts.client, data: { target: spaceTarget(access.space), role: member.role },
    });
  });
}
