import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships, spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceVisibility } from '../../../lib/contract/settings';
import { authorizeInSpace, type SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findVisibleSpace } from './find-visible-space';
import { getSpace } from './get-space';

/**
 * Edits a space's name, description or visibility: the update ability, and
 * make_private to make it private (its creator's). Answers the space as it
 * now is.
 */
export async function updateSpace(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  body: { name?: string; description?: string | null; visibility?: SpaceVisibility };
  client: ClientInfo;
}): Promise<Space> {
  const { db, viewer, body } = opts;
  await db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId: opts.spaceId, ability: 'update' });
    const newVisibility = body.visibility !== undefined && body.visibility !== access.space.visibility ? body.visibility : undefined;
    if (newVisibility === 'private') authorizeInSpace(access, viewer, 'make_private');
    await tx
      .update(spaces)
      .set({ name: body.name, description: body.description, visibility: newVisibility, updatedAt: sql`now()` })
      .where(eq(spaces.id, access.space.id));
    // A shared space is seen by its members only: whoever shares it stays in
    // it (with the role they acted with) instead of locking themselves out.
    if (newVisibility === 'shared' && !access.memberRole) {
      await tx
        .insert(spaceMemberships)
        .values({ spaceId: access.space.id, userId: viewer.userId, hubId: viewer.hubId, role: access.role });
    }
    const before = access.space;
    const recorded = { db: tx, hubId: viewer.hubId, actorId: viewer.userId, client: opts.client };
    const target = spaceTarget({ id: before.id, name: body.name ?? before.name });
    if (newVisibility) {
      await recordAuditEvent({ ...recorded, type: 'space_visibility_changed', data: { target, from: before.visibility, to: newVisibility } });
    }
    const changes = {
      ...(body.name !== undefined && body.name !== before.name ? { name: { from: before.name, to: body.name } } : {}),
      ...(body.description !== undefined && body.description !== before.description
        ? { description: { from: before.description, to: body.description } }
        : {}),
    };
    if (Object.keys(changes).length > 0) await recordAuditEvent({ ...recorded, type: 'space_updated', data: { target, changes } });
  });
  return getSpace({ db, viewer, spaceId: opts.spaceId });
}
