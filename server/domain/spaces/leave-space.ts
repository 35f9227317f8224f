import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { assertOwnerRemains } from '../members/owners';
import { findVisibleSpace } from './find-visible-space';

/** Leaves a space; its last owner must hand ownership on first. */
export async function leaveSpace(opts: { db: Database; viewer: SpaceViewer; spaceId: string; client: ClientInfo }): Promise<void> {
  const { db, viewer } = opts;
  await db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId: opts.spaceId });
    if (!access.memberRole) throw conflict('You are not a member of this space.');
    await assertOwnerRemains({
      db: tx,
      place: { spaceId: access.space.id },
      userId: viewer.userId,
      message: 'You are the only owner of this space. Make another member an owner before you leave.',
    });
    await tx
      .delete(spaceMemberships)
      .where(and(eq(spaceMemberships.spaceId, access.space.id), eq(spaceMemberships.userId, viewer.userId)));
    await recordAuditEvent({
      db: tx, type: 'space_member_removed', hubId: viewer.hubId, actorId: viewer.userId, subjectId: viewer.userId,
      client: opts.client, data: { target: spaceTarget(access.space), role: access.memberRole, via: 'leave' },
    });
  });
}
