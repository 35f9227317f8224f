import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceViewer } from '../../policies/spaces';
import type { HubRow } from '../../types';
import { assertSpaceCapacity } from '../billing/assert-space-capacity';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findVisibleSpace } from './find-visible-space';
import { getSpace } from './get-space';

/** Brings an archived space back into lists; it counts against the plan again, so a full plan refuses. */
export async function restoreSpace(opts: {
  db: Database;
  config: Config;
  viewer: SpaceViewer;
  organization: HubRow;
  spaceId: string;
  client: ClientInfo;
}): Promise<Space> {
  const { db, viewer, spaceId } = opts;
  await db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId, ability: 'restore' });
    await assertSpaceCapacity({ db: tx, config: opts.config, organization: opts.organization, caller: viewer });
    await tx.update(spaces).set({ archivedAt: null, updatedAt: sql`now()` }).where(eq(spaces.id, access.space.id));
    await recordAuditEvent({
      db: tx, type: 'space_restored', hubId: viewer.hubId, actorId: viewer.userId, client: opts.client,
      data: { target: spaceTarget(access.space) },
    });
  });
  return getSpace({ db, viewer, spaceId });
}
