import { and, count, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, spaces, users } from '../../db/schema';
import type { ContentKind } from '../../../lib/contract/contents';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { SearchResult } from '../../../lib/contract/search';
import { pageOffset } from '../../lib/envelope';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { presentContent, type ContentPresenter } from '../contents/content-view';
import { spaceNotFound } from '../spaces/get-space';
import { isUuid } from '../spaces/is-uuid';
import { buildSnippet, termsOfQueryTree } from './build-snippet';
import { INDEXED_TEXT_MAX, SEARCH_CONFIG, searchableText } from './search-text';

export interface ContentSearch {
  q: string;
  kind?: ContentKind;
  space_id?: string;
}

// The item's columns without its text and indexes: a result page needs neither
// whole (the snippet reads the indexed part of the text only).
const { body: _body, searchVector: _searchVector, rankVector: _rankVector, ...listedColumns } = getTableColumns(contents);

/**
 * A limit no result set reaches. On the subquery that ranks each match it
 * keeps PostgreSQL from merging that subquery into the one that counts the
 * matches, which would rank them only after counting and so carry every
 * ranking vector through the count.
 */
const EVERY_MATCH = 1_000_000_000;

/** Throws 404 unless the viewer may read the space (archived ones included: they are readable, just not searched). */
async function assertVisibleSpace(db: Database, viewer: SpaceViewer, spaceId: string) {
  if (!isUuid(spaceId)) throw spaceNotFound();
  const [space] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), visibleSpacesCondition(viewer)))
    .limit(1);
  if (!space) throw spaceNotFound();
}

/**
 * Full-text search over the ready items of the viewer's hub that sit in
 * spaces they may read and that are not archived; best match first, newest
 * first among equals. The whole text is searched; the rank weighs the
 * matches in the item's first RANKED_WORDS words (its name, then the opening
 * of its text: a match in the name weighs more than one in the text, and
 * more matches more), so an item that matches only further on comes after
 * those, still found. The query is folded like the index (search-text.ts)
 * and read as a web search: words, "a phrase", or, -word.
 *
 * One statement ranks the matches and counts them (a window count over the
 * narrow ranked rows) and fetches the page's items; only a page past the
 * end, which has no row to carry the count, asks for the count alone.
 *
 * Matches are read through the GIN index only (sequential scans are off for
 * the transaction): a common word matches most rows, and the planner would
 * then scan the table and test each whole search vector, which is far
 * slower than the index that answers without reading them. Ranking reads
 * only the short ranking vector kept in each row.
 */
export async function searchContents(opts: {
  db: Database;
  viewer: SpaceViewer;
  presenter: ContentPresenter;
  page: PageQuery;
  search: ContentSearch;
}): Promise<{ items: SearchResult[]; count: number }> {
  const { db, viewer, search } = opts;
  if (search.space_id !== undefined) await assertVisibleSpace(db, viewer, search.space_id);

  const tsquery = sql`websearch_to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}::regconfig, ${searchableText(search.q)})`;
  const where: SQL = and(
    eq(contents.organizationId, viewer.organizationId),
    eq(contents.status, 'ready'),
    isNull(spaces.archivedAt),
    visibleSpacesCondition(viewer),
    search.kind ? eq(contents.kind, search.kind) : undefined,
    search.space_id ? eq(contents.spaceId, search.space_id) : undefined,
    sql`${contents.searchVector} @@ ${tsquery}`,
    // Exclusions alone ("-word") leave nothing to look for, and would match nearly everything.
    sql`querytree(${tsquery}) <> 'T'`,
  )!;
  const matches = db
    .select({
      id: contents.id,
      createdAt: contents.createdAt,
      rank: sql<number>`coalesce(ts_rank(${contents.rankVector}, ${tsquery}), 0)`.as('rank'),
    })
    .from(contents)
    .innerJoin(spaces, eq(spaces.id, contents.spaceId))
    .where(where)
    .limit(EVERY_MATCH)
    .as('matches');
  const ranked = db
    .select({
      id: matches.id,
      createdAt: matches.createdAt,
      rank: matches.rank,
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(matches)
    .orderBy(desc(matches.rank), desc(matches.createdAt), desc(matches.id))
    .limit(opts.page.page_size)
    .offset(pageOffset(opts.page))
    .as('ranked');

  const { rows, total } = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const found = await tx
      .select({
        content: listedColumns,
        creatorName: users.name,
        space: { id: spaces.id, name: spaces.name },
        rank: ranked.rank,
        total: ranked.total,
        text: sql<string | null>`left(${contents.body}, ${INDEXED_TEXT_MAX})`,
        queryTree: sql<string>`querytree(${tsquery})`,
      })
      .from(ranked)
      .innerJoin(contents, and(eq(contents.id, ranked.id), eq(contents.organizationId, viewer.organizationId)))
      .innerJoin(spaces, eq(spaces.id, contents.spaceId))
      .leftJoin(users, eq(users.id, contents.createdBy))
      .orderBy(desc(ranked.rank), desc(ranked.createdAt), desc(ranked.id));
    const countMatches = async () =>
      (await tx.select({ n: count() }).from(contents).innerJoin(spaces, eq(spaces.id, contents.spaceId)).where(where))[0]?.n ?? 0;
    // An empty first page means no match at all; an empty later page may be past the end of many.
    const first = found[0];
    return { rows: found, total: first ? Number(first.total) : opts.page.page === 1 ? 0 : await countMatches() };
  });
  const first = rows[0];
  const terms = first ? termsOfQueryTree(first.queryTree) : [];
  const items = rows.map((row): SearchResult => ({
    content: presentContent(
      { content: row.content, creatorName: row.creatorName },
      opts.presenter,
    ),
    space: row.space,
    rank: Number(row.rank),
    snippet: buildSnippet({ body: row.text, name: row.content.name, terms }),
  }));
  return { items, count: total };
}
