import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceViewer } from '../../policies/spaces';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findVisibleSpace } from './find-visible-space';
import { getSpace } from './get-space';

/** Archives a space: it leaves lists and searches and becomes read-only, but keeps all its data. */
export async function archiveSpace(opts: { db: Database; viewer: SpaceViewer; spaceId: string; client: ClientInfo }): Promise<Space> {
  const { db, viewer, spaceId } = opts;
  await db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId, ability: 'archive' });
    await tx.update(spaces).set({ archivedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(spaces.id, access.space.id));
    await recordAuditEvent({
      db: tx, type: 'space_archived', hubId: viewer.hubId, actorId: viewer.userId, client: opts.client,
      data: { target: spaceTarget(access.space) },
    });
  });
  return getSpace({ db, viewer, spaceId });
}
