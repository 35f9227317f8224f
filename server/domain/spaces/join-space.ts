import type { Database } from '../../db/connect';
import { spaceMemberships } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import { conflict } from '../../lib/errors';
import { assertNotArchived, type SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findVisibleSpace } from './find-visible-space';
import { getSpace, spaceNotFound } from './get-space';

const alreadyMember = () => conflict('You are already a member of this space.', 'already_member');

/**
 * Joins a public ("Everyone") space as a viewer in one click. Shared and
 * private spaces are joined only by being added, so for them this answers
 * 404 like a space that does not exist.
 */
export async function joinSpace(opts: { db: Database; viewer: SpaceViewer; spaceId: string; client: ClientInfo }): Promise<Space> {
  const { db, viewer, spaceId } = opts;
  await db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId });
    if (access.memberRole) throw alreadyMember();
    if (access.space.visibility !== 'public') throw spaceNotFound();
    assertNotArchived(access.space);
    const [joined] = await tx
      .insert(spaceMemberships)
      .values({ spaceId: access.space.id, userId: viewer.userId, hubId: viewer.hubId, role: 'viewer' })
      .onConflictDoNothing()
      .returning({ userId: spaceMemberships.userId });
    if (!joined) throw alreadyMember();
    await recordAuditEvent({
      db: tx, type: 'space_member_added', hubId: viewer.hubId, actorId: viewer.userId, subjectId: viewer.userId,
      client: opts.client, data: { target: spaceTarget(access.space), role: 'viewer', via: 'join' },
    });
  });
  return getSpace({ db, viewer, spaceId });
}
