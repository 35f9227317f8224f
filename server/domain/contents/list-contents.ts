import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import type { ContentItem, ContentKind, ContentSort, ContentStatus } from '../../../lib/contract/contents';
import type { PageQuery } from '../../../lib/contract/envelope';
import { pageOffset } from '../../lib/envelope';
import { spaceAbilitiesOf, type SpaceViewer } from '../../policies/spaces';
import { containsPattern } from '../spaces/contains-pattern';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { presentContent, selectContentViews, type ContentPresenter } from './content-view';

export interface ContentFilters {
  kind?: ContentKind;
  status?: ContentStatus;
  sort: ContentSort;
  search?: string;
}

// The id ends every order, so rows that tie never swap between pages.
const orders: Record<ContentSort, SQL[]> = {
  newest: [desc(contents.createdAt), desc(contents.id)],
  oldest: [asc(contents.createdAt), asc(contents.id)],
  name: [asc(sql`lower(${contents.name})`), asc(contents.id)],
  size: [desc(contents.sizeBytes), desc(contents.id)],
};

/**
 * One page of a visible space's items, filtered by kind, status and a piece
 * of the name, with the total. The page's ids are picked first (in the newest
 * order, straight from the space's index) and only those rows are read and
 * joined, so a deep page skips index entries rather than sorting every row.
 */
export async function listContents(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  page: PageQuery;
  filters: ContentFilters;
  presenter: ContentPresenter;
}): Promise<{ items: ContentItem[]; count: number }> {
  const { db, viewer, filters } = opts;
  const access = await findVisibleSpace({ db, viewer, spaceId: opts.spaceId });
  const { space } = access;
  const where = and(
    eq(contents.hubId, viewer.hubId),
    eq(contents.spaceId, space.id),
    filters.kind ? eq(contents.kind, filters.kind) : undefined,
    filters.status ? eq(contents.status, filters.status) : undefined,
    filters.search === undefined ? undefined : ilike(contents.name, containsPattern(filters.search)),
  );
  const order = orders[filters.sort];
  const pageIds = db
    .select({ id: contents.id })
    .from(contents)
    .where(where)
    .orderBy(...order)
    .limit(opts.page.page_size)
    .offset(pageOffset(opts.page))
    .as('page_ids');
  const [rows, [total]] = await Promise.all([
    selectContentViews(db).innerJoin(pageIds, eq(pageIds.id, contents.id)).orderBy(...order),
    db.select({ n: count() }).from(contents).where(where),
  ]);
  const abilities = spaceAbilitiesOf(access, viewer);
  return { items: rows.map((row) => presentContent(row, opts.presenter, abilities)), count: total?.n ?? 0 };
}
