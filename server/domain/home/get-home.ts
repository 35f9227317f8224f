import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, spaces } from '../../db/schema';
import { HOME_RECENT_LIMIT, type Home } from '../../../lib/contract/home';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { listLiveMeetings } from '../meetings/list-live-meetings';

interface GetHomeOptions {
  db: Database;
  viewer: SpaceViewer;
  /** When a meeting stay no longer refreshed by its API node stops counting (see listLiveMeetings). */
  goneAfterMs: number;
}

/**
 * The hub home: the items changed last in the live spaces the viewer may
 * read (the condition every list and search applies), the meetings going on
 * that they may join, and how many live spaces they see.
 */
export async function getHome({ db, viewer, goneAfterMs }: GetHomeOptions): Promise<Home> {
  const liveVisible = and(visibleSpacesCondition(viewer), isNull(spaces.archivedAt));
  const [recent, [spaceCount], liveMeetings] = await Promise.all([
    db
      .select({
        id: contents.id, name: contents.name, kind: contents.kind, status: contents.status, updatedAt: contents.updatedAt,
        space: { id: spaces.id, name: spaces.name },
      })
      .from(contents)
      .innerJoin(spaces, eq(spaces.id, contents.spaceId))
      .where(and(eq(contents.hubId, viewer.hubId), liveVisible))
      .orderBy(desc(contents.updatedAt), desc(contents.id))
      .limit(HOME_RECENT_LIMIT),
    db.select({ total: count() }).from(spaces).where(liveVisible),
    listLiveMeetings({ db, viewer, goneAfterMs }),
  ]);
  return {
    recent_contents: recent.map(({ updatedAt, ...item }) => ({ ...item, updated_at: updatedAt.toISOString() })),
    live_meetings: liveMeetings,
    space_count: spaceCount?.total ?? 0,
  };
}
