import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentRows } from '../../db/schema';
import type { ContentRow } from '../../../lib/contract/contents';
import type { PageQuery } from '../../../lib/contract/envelope';
import { pageOffset } from '../../lib/envelope';
import type { SpaceViewer } from '../../policies/spaces';
import { assertContentReady } from './assert-content-ready';
import { findSpaceContent } from './find-space-content';

/** One page of the rows parsed from a table or contact file, in file order, with the total. */
export async function listContentRows(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  page: PageQuery;
}): Promise<{ items: ContentRow[]; count: number }> {
  const { db } = opts;
  const { row } = await findSpaceContent(opts);
  assertContentReady(row.content);
  const where = and(eq(contentRows.hubId, row.content.hubId), eq(contentRows.contentId, row.content.id));
  const [rows, [total]] = await Promise.all([
    db
      .select({ index: contentRows.rowIndex, cells: contentRows.cells })
      .from(contentRows)
      .where(where)
      .orderBy(asc(contentRows.rowIndex))
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db.select({ n: count() }).from(contentRows).where(where),
  ]);
  return { items: rows, count: total?.n ?? 0 };
}
