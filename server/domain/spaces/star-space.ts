import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMarks } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from './find-visible-space';
import { getSpace } from './get-space';

/**
 * Stars or unstars a space for the viewer alone. Anyone who can see a space
 * may star it (archived ones too); starring twice keeps the first star.
 */
export async function starSpace(opts: { db: Database; viewer: SpaceViewer; spaceId: string; starred: boolean }): Promise<Space> {
  const { db, viewer } = opts;
  const { space } = await findVisibleSpace({ db, viewer, spaceId: opts.spaceId });
  if (opts.starred) {
    await db
      .insert(spaceMarks)
      .values({ userId: viewer.userId, spaceId: space.id, hubId: viewer.hubId, starredAt: sql`now()` })
      .onConflictDoUpdate({ target: [spaceMarks.userId, spaceMarks.spaceId], set: { starredAt: sql`coalesce(${spaceMarks.starredAt}, now())` } });
  } else {
    await db
      .update(spaceMarks)
      .set({ starredAt: null })
      .where(and(eq(spaceMarks.userId, viewer.userId), eq(spaceMarks.spaceId, space.id), eq(spaceMarks.hubId, viewer.hubId)));
  }
  return getSpace({ db, viewer, spaceId: space.id });
}
