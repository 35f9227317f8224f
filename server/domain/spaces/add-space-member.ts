import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, spaceMemberships } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import type { SpaceMember } from '../../../lib/contract/spaces';
import { conflict, notFound } from '../../lib/errors';
import { authorizeGrantRole, type SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findVisibleSpace } from './find-visible-space';
import { findSpaceMember } from './space-member-view';

/**
 * Adds an existing member of the hub to a space with a role (editors and
 * owners of the space; only owners may add another owner). Someone outside
 * the hub answers 404, like an unknown user.
 */
export async function addSpaceMember(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  body: { user_id: string; role: Role };
  client: ClientInfo;
}): Promise<SpaceMember> {
  const { db, viewer, body } = opts;
  return db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId: opts.spaceId, ability: 'invite' });
    authorizeGrantRole(access, viewer, body.role, 'add');
    const [hubMember] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.hubId, viewer.hubId), eq(memberships.userId, body.user_id)))
      .limit(1);
    if (!hubMember) throw notFound('That member of the hub');
    const [added] = await tx
      .insert(spaceMemberships)
      .values({ spaceId: access.space.id, userId: body.user_id, hubId: viewer.hubId, role: body.role })
      .onConflictDoNothing()
      .returning({ userId: spaceMemberships.userId });
    if (!added) throw conflict('That person is already a member of this space.', 'already_member');
    await recordAuditEvent({
      db: tx, type: 'space_member_added', hubId: viewer.hubId, actorId: viewer.userId, subjectId: body.user_id,
      client: opts.client, data: { target: spaceTarget(access.space), role: body.role },
    });
    return (await findSpaceMember({ db: tx, access, viewer, userId: body.user_id }))!;
  });
}
