import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMarks, spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceVisibility } from '../../../lib/contract/settings';
import type { PageQuery } from '../../../lib/contract/envelope';
import { pageOffset } from '../../lib/envelope';
import { isMemberCondition, visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { containsPattern } from './contains-pattern';
import { presentSpace, selectSpaceViews, viewerMarksOn } from './space-view';

export interface SpaceFilters {
  search?: string;
  visibility?: SpaceVisibility;
  mine?: 'true' | 'false';
  archived?: 'true' | 'false';
  order?: 'newest' | 'marks';
}

const newestFirst = [desc(spaces.createdAt), desc(spaces.id)];
/** Starred by name, then opened (last first), then the rest by name; needs the viewer's marks joined. */
const marksFirst = [
  sql`${spaceMarks.starredAt} is null`,
  sql`case when ${spaceMarks.starredAt} is null then ${spaceMarks.visitedAt} end desc nulls last`,
  asc(sql`lower(${spaces.name})`),
  asc(spaces.id),
];

function filtersCondition(viewer: SpaceViewer, filters: SpaceFilters): SQL {
  const pattern = filters.search === undefined ? undefined : containsPattern(filters.search);
  return and(
    visibleSpacesCondition(viewer),
    filters.archived === 'true' ? isNotNull(spaces.archivedAt) : isNull(spaces.archivedAt),
    filters.visibility ? eq(spaces.visibility, filters.visibility) : undefined,
    filters.mine === 'true' ? isMemberCondition(viewer) : undefined,
    pattern ? or(ilike(spaces.name, pattern), ilike(spaces.description, pattern)) : undefined,
  )!;
}

/**
 * One page of the hub's spaces the viewer may see, newest first or in the
 * side bar's order (id breaks ties so pages never overlap), with the total. The page's ids are picked
 * first and only those ten rows get their counts and roles computed, so a
 * deep page costs an index walk, not thousands of subqueries.
 */
export async function listSpaces(opts: {
  db: Database;
  viewer: SpaceViewer;
  page: PageQuery;
  filters: SpaceFilters;
}): Promise<{ items: Space[]; count: number }> {
  const { db, viewer } = opts;
  const where = filtersCondition(viewer, opts.filters);
  const order = opts.filters.order === 'marks' ? marksFirst : newestFirst;
  const pageIds = db
    .select({ id: spaces.id })
    .from(spaces)
    .leftJoin(spaceMarks, viewerMarksOn(viewer))
    .where(where)
    .orderBy(...order)
    .limit(opts.page.page_size)
    .offset(pageOffset(opts.page))
    .as('page_ids');
  const [rows, [total]] = await Promise.all([
    selectSpaceViews(db, viewer).innerJoin(pageIds, eq(pageIds.id, spaces.id)).orderBy(...order),
    db.select({ n: count() }).from(spaces).where(where),
  ]);
  return { items: rows.map((row) => presentSpace(row, viewer)), count: total?.n ?? 0 };
}
