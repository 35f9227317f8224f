import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMarks } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceViewer } from '../../policies/spaces';
import { getSpace } from './get-space';

/**
 * A space the viewer opens: read as `getSpace` (so `visited_at` is the visit
 * before this one), then this visit noted for their side bar's "Recent". A
 * visit within the last minute is not written again, so reloading a space
 * costs a read of one row, not a write.
 */
export async function openSpace(opts: { db: Database; viewer: SpaceViewer; spaceId: string }): Promise<Space> {
  const { db, viewer } = opts;
  const space = await getSpace(opts);
  await db
    .insert(spaceMarks)
    .values({ userId: viewer.userId, spaceId: space.id, hubId: viewer.hubId, visitedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [spaceMarks.userId, spaceMarks.spaceId],
      set: { visitedAt: sql`now()` },
      setWhere: sql`${spaceMarks.visitedAt} is null or ${spaceMarks.visitedAt} < now() - interval '1 minute'`,
    });
  return space;
}
