import { and, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { BoundedCache } from '../../cache/bounded-cache';
import type { Database } from '../../db/connect';
import { contents, searchGenerations, searchSpaceWords, searchWords, spaces, users } from '../../db/schema';
import type { ContentKind } from '../../../lib/contract/contents';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { SearchResult } from '../../../lib/contract/search';
import { pageOffset } from '../../lib/envelope';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { presentContentView, type ContentPresenter } from '../contents/content-view';
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
 * One query's matches in one hub: the best TOP_MATCHES of them, best first
 * (id, space, rank), how many match in each space, and the query's lexemes
 * for the snippets.
 */
interface RankedMatches {
  top: Array<[id: string, spaceId: string, rank: number]>;
  bySpace: Map<string, number>;
  /** Whether `top` holds every match. */
  complete: boolean;
  terms: string[];
  /** How the query was read (as tsquery text), for pages ranked past `top`. */
  reading: { match: string; whole: string | null };
}

/**
 * A query's matches as of one search generation of the hub (see
 * searchGenerations). Kept while still being ranked, so searches arriving
 * meanwhile wait for that one ranking.
 */
interface RememberedMatches {
  generation: string;
  matches: Promise<RankedMatches>;
}

/**
 * Matches remembered per query, best first: 100 pages of 10 for someone who
 * sees every space. A page further down is ranked by the database each time.
 * With MAX_REMEMBERED_QUERIES it bounds the memory (about 100 bytes a match).
 */
export const TOP_MATCHES = 1_000;
const MAX_REMEMBERED_QUERIES = 200;
/**
 * The generation check makes a remembered list exact; the time limit only
 * frees the memory of queries nobody repeats.
 */
const REMEMBERED_MS = 10 * 60_000;
const rememberedMatches = new BoundedCache<string, RememberedMatches>({ maxEntries: MAX_REMEMBERED_QUERIES, ttlMs: REMEMBERED_MS });

/** What every search reads first: the hub's search generation and the spaces the viewer may search (not archived; `space_id`'s alone when given). */
async function readScope(db: Database, viewer: SpaceViewer, spaceId: string | undefined) {
  const [scope] = await db
    .select({
      generation: sql<string>`coalesce((select ${searchGenerations.generation} from ${searchGenerations} where ${searchGenerations.hubId} = ${viewer.hubId}), 0)::text`,
      spaceIds: sql<string[]>`coalesce(array_agg(${spaces.id}::text), '{}')`,
    })
    .from(spaces)
    .where(and(visibleSpacesCondition(viewer), isNull(spaces.archivedAt), spaceId ? eq(spaces.id, spaceId) : undefined));
  return { generation: scope!.generation, spaceIds: new Set(scope!.spaceIds) };
}

/**
 * A query's matches across the hub, ranked once per search generation (see
 * RememberedMatches) under `key`, which names the query as read.
 */
function rememberedRanking(key: string, generation: string, rank: () => Promise<RankedMatches>): Promise<RankedMatches> {
  const remembered = rememberedMatches.get(key);
  if (remembered?.generation === generation) return remembered.matches;
  // Read before the matches: a write committed in between leaves the list newer than its generation, which only costs a reread.
  const entry: RememberedMatches = { generation, matches: rank() };
  entry.matches.catch(() => {
    if (rememberedMatches.get(key) === entry) rememberedMatches.delete(key);
  });
  rememberedMatches.set(key, entry);
  return entry.matches;
}

/** How many of the matches sit in the spaces searched. */
function visibleCount(matches: RankedMatches, spaceIds: Set<string>): number {
  let total = 0;
  for (const spaceId of spaceIds) total += matches.bySpace.get(spaceId) ?? 0;
  return total;
}

interface SearchOptions {
  db: Database;
  viewer: SpaceViewer;
  presenter: ContentPresenter;
  page: PageQuery;
  search: ContentSearch;
}

type SearchPage = { items: SearchResult[]; count: number };

/**
 * Full-text search over the ready items of the viewer's hub that sit in
 * spaces they may read and that are not archived; best match first, newest
 * first among equals. The whole text is searched; the rank weighs the
 * matches in the item's first RANKED_WORDS words (its name, then the opening
 * of its text: a match in the name weighs more than one in the text, and
 * more matches more), so an item that matches only further on comes after
 * those, still found. The query is folded like the index (search-text.ts)
 * and read as a web search: words, "a phrase", or, -word; its last word is
 * also read as the start of a word, as the search box searches while typing
 * (whole-word matches first). A query that finds nothing the viewer may see
 * is read again with each misspelt word replaced by the most similar word of
 * the spaces searched, so what a correction offers and whether one is made
 * depend only on what the viewer may read.
 *
 * A query's matches across the whole hub are ranked once and remembered
 * (the best of them, and the count in each space) with the hub's search
 * generation, which any write to what search finds changes in the same
 * transaction (triggers on contents). A search reads the generation and the
 * viewer's spaces in one statement; while the generation is the same, the
 * remembered matches are exact, and only the page's items are read. Who may
 * see which space is never remembered, nor the correction a viewer's words
 * make (only the matches of the corrected query, which are anyone's). So
 * many people searching for the same words cost one ranking, and everyone
 * sees new items at once.
 *
 * Matches are read through the GIN index only (sequential scans are off for
 * the transaction): a common word matches most rows, and the planner would
 * then scan the table and test each whole search vector, which is far
 * slower than the index that answers without reading them. Ranking reads
 * only the short ranking vector kept in each row.
 */
export async function searchContents(opts: SearchOptions): Promise<SearchPage> {
  const { db, viewer, search } = opts;
  if (search.space_id !== undefined) await assertVisibleSpace(db, viewer, search.space_id);
  const scope = await readScope(db, viewer, search.space_id);

  // Keyed by how the query is read: a corrected query's matches are anyone's, like a typed one's.
  const rank = (readAs: 'typed' | 'corrected', text: string, reading: () => Reading) => rememberedRanking(
    [viewer.hubId, search.kind ?? '', readAs, text].join('\u0000'), scope.generation, () => rankQuery(db, viewer.hubId, search, reading()),
  );
  let matches = await rank('typed', searchableText(search.q), () => prefixReadingOf(search.q) ?? { match: tsqueryOf(search.q), whole: null });
  let total = visibleCount(matches, scope.spaceIds);
  if (total === 0) {
    const corrected = await typoReadingOf(db, viewer.hubId, [...scope.spaceIds], search.q);
    if (corrected) {
      matches = await rank('corrected', corrected, () => ({ match: sql`${corrected}::tsquery`, whole: null }));
      total = visibleCount(matches, scope.spaceIds);
    }
  }

  const offset = pageOffset(opts.page);
  const shown: RankedMatches['top'] = [];
  let seen = 0;
  for (const match of matches.top) {
    if (shown.length === opts.page.page_size) break;
    if (!scope.spaceIds.has(match[1])) continue;
    if (seen >= offset) shown.push(match);
    seen += 1;
  }
  // The page reaches past the remembered matches the viewer may see: the database ranks it.
  if (!matches.complete && shown.length < opts.page.page_size && offset + shown.length < total) return searchInDatabase(opts, matches.reading);
  if (shown.length === 0) return { items: [], count: total };

  const rows = await db
    .select({ content: listedColumns, creatorName: users.name, space: { id: spaces.id, name: spaces.name }, text: indexedText })
    .from(contents)
    .innerJoin(spaces, eq(spaces.id, contents.spaceId))
    .leftJoin(users, eq(users.id, contents.createdBy))
    .where(and(
      eq(contents.hubId, viewer.hubId),
      eq(contents.status, 'ready'),
      inArray(contents.id, shown.map(([id]) => id)),
    ));
  const byId = new Map(rows.map((row) => [row.content.id, row]));
  const items = shown.flatMap(([id, , rank]) => {
    const row = byId.get(id);
    return row ? [presentResult(row, rank, matches.terms, opts.presenter)] : [];
  });
  return { items, count: total };
}

/** The text a snippet is cut from: the indexed part of the item's text. */
const indexedText = sql<string | null>`left(${contents.body}, ${INDEXED_TEXT_MAX})`;

const config = sql.raw(`'${SEARCH_CONFIG}'`);
const tsqueryOf = (q: string) => sql`websearch_to_tsquery(${config}::regconfig, ${searchableText(q)})`;

/**
 * A query as the database reads it: `match` finds the items; when it also
 * takes word starts, `whole` is the query without them, and items it ranks
 * above zero come before those only a word start finds.
 */
interface Reading {
  match: SQL;
  whole: SQL | null;
}

/** A plain last word (not quoted, not excluded) of at least three letters: it may be the start of a word still being typed. */
const LAST_WORD = /(?:^|\s)([\p{L}\p{N}]{3,})$/u;
/** A word this long or longer that finds nothing is replaced by the most similar word of the hub; shorter ones have too few trigrams to tell a typo from another word. */
const TYPO_MIN = 4;

/**
 * The query with its LAST_WORD read also as the start of a word ("budg"
 * finds "budget"): the search box searches while the word is being typed.
 * What the query as typed finds ranks first (rankOf). Null without such a
 * word, or when it follows "or" or sits in an unclosed quote, whose meaning
 * splitting it off would change. The start is stemmed like the index, so an
 * inflected one ("meetin") may still miss.
 */
function prefixReadingOf(q: string): Reading | null {
  const text = searchableText(q);
  const last = LAST_WORD.exec(text);
  if (!last?.[1]) return null;
  const head = text.slice(0, last.index);
  if (/(?:^|\s)or\s*$/.test(head) || (head.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  const start = sql`to_tsquery(${config}::regconfig, ${`${last[1]}:*`})`;
  return { match: sql`(websearch_to_tsquery(${config}::regconfig, ${head}) && ${start})`, whole: tsqueryOf(q) };
}

/** A lexeme as a tsquery operand: quoted, so it is never read as an operator. */
const quotedLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The query's words (as the index stems them, every one required) with each
 * word of TYPO_MIN letters or more replaced by the most similar word of the
 * given spaces (pg_trgm similarity over the hub's words, kept to those the
 * spaces have), as tsquery text; null when no word changes. Only the spaces
 * the viewer searches are asked, so a word of any other space is never
 * offered.
 */
async function typoReadingOf(db: Database, hubId: string, spaceIds: string[], q: string): Promise<string | null> {
  if (spaceIds.length === 0) return null;
  const { rows } = await db.execute<{ words: string[] | null; changed: boolean | null }>(sql`
    select array_agg(coalesce(nearest.word, typed.lexeme) order by typed.lexeme) as words,
           bool_or(nearest.word <> typed.lexeme) as changed
      from unnest(tsvector_to_array(to_tsvector(${config}::regconfig, ${searchableText(q)}))) as typed(lexeme)
      left join lateral (
        select ${searchWords.word} as word from ${searchWords}
         where ${searchWords.hubId} = ${hubId} and length(typed.lexeme) >= ${TYPO_MIN} and ${searchWords.word} % typed.lexeme
           and exists (select from ${searchSpaceWords}
                        where ${searchSpaceWords.hubId} = ${hubId} and ${inArray(searchSpaceWords.spaceId, spaceIds)}
                          and ${searchSpaceWords.word} = ${searchWords.word})
         order by ${searchWords.word} <-> typed.lexeme, ${searchWords.word}
         limit 1
      ) as nearest on true`);
  const [row] = rows;
  if (!row?.changed || !row.words) return null;
  return row.words.map(quotedLexeme).join(' & ');
}

/** The items of the hub a query finds, whoever looks (the viewer's spaces are applied afterwards). */
function matchCondition(hubId: string, search: ContentSearch, tsquery: SQL): SQL {
  return and(
    eq(contents.hubId, hubId),
    eq(contents.status, 'ready'),
    search.kind ? eq(contents.kind, search.kind) : undefined,
    sql`${contents.searchVector} @@ ${tsquery}`,
    // Exclusions alone ("-word") leave nothing to look for, and would match nearly everything.
    sql`querytree(${tsquery}) <> 'T'`,
  )!;
}

/** ts_rank over the ranking vector; with a `whole` reading, its matches 1 and more, those of word starts only below. */
const rankOf = ({ match, whole }: Reading) => (whole
  ? sql<number>`coalesce(nullif(ts_rank(${contents.rankVector}, ${whole}), 0) + 1, ts_rank(${contents.rankVector}, ${match}), 0)`
  : sql<number>`coalesce(ts_rank(${contents.rankVector}, ${match}), 0)`);

/**
 * Ranks every match of a tsquery in the hub, in one statement: the best
 * TOP_MATCHES, and the count in each space (so any viewer's total is a sum).
 */
async function rankQuery(db: Database, hubId: string, search: ContentSearch, reading: Reading): Promise<RankedMatches> {
  const rank = rankOf(reading);
  const tsquery = reading.match;
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute<{ top: RankedMatches['top']; by_space: Record<string, number>; query_tree: string; match: string; whole: string | null }>(sql`
      with matches as materialized (
        select ${contents.id} as id, ${contents.spaceId} as space_id, ${contents.createdAt} as created_at, ${rank} as rank
          from ${contents} where ${matchCondition(hubId, search, tsquery)}
      )
      select (select coalesce(json_agg(json_build_array(best.id, best.space_id, best.rank)
                                       order by best.rank desc, best.created_at desc, best.id desc), '[]')
                from (select * from matches order by rank desc, created_at desc, id desc limit ${TOP_MATCHES + 1}) as best) as top,
             (select coalesce(json_object_agg(counted.space_id, counted.n), '{}')
                from (select space_id, count(*) as n from matches group by space_id) as counted) as by_space,
             querytree(${tsquery}) as query_tree, (${tsquery})::text as match, (${reading.whole ?? sql`null`})::text as whole`);
  });
  const [row] = rows;
  const top = row!.top;
  return {
    top: top.slice(0, TOP_MATCHES),
    bySpace: new Map(Object.entries(row!.by_space)),
    complete: top.length <= TOP_MATCHES,
    terms: termsOfQueryTree(row!.query_tree),
    reading: { match: row!.match, whole: row!.whole },
  };
}

interface ResultRow {
  content: Parameters<typeof presentContentView>[0]['content'];
  creatorName: string | null;
  space: { id: string; name: string };
  text: string | null;
}

function presentResult(row: ResultRow, rank: number, terms: string[], presenter: ContentPresenter): SearchResult {
  return {
    content: presentContentView({ content: row.content, creatorName: row.creatorName }, presenter),
    space: row.space,
    rank,
    snippet: buildSnippet({ body: row.text, name: row.content.name, terms }),
  };
}

/**
 * A page past the matches remembered (see TOP_MATCHES): one statement ranks
 * the matches and counts them (a window count over the narrow ranked rows)
 * and fetches the page's items; only a page past the end, which has no row
 * to carry the count, asks for the count alone.
 */
async function searchInDatabase(opts: SearchOptions, read: RankedMatches['reading']): Promise<SearchPage> {
  const { db, viewer, search } = opts;
  const reading: Reading = { match: sql`${read.match}::tsquery`, whole: read.whole === null ? null : sql`${read.whole}::tsquery` };
  const tsquery = reading.match;
  const where: SQL = and(
    matchCondition(viewer.hubId, search, tsquery),
    isNull(spaces.archivedAt),
    visibleSpacesCondition(viewer),
    search.space_id ? eq(contents.spaceId, search.space_id) : undefined,
  )!;
  const matches = db
    .select({ id: contents.id, createdAt: contents.createdAt, rank: rankOf(reading).as('rank') })
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
        text: indexedText,
        queryTree: sql<string>`querytree(${tsquery})`,
      })
      .from(ranked)
      .innerJoin(contents, and(eq(contents.id, ranked.id), eq(contents.hubId, viewer.hubId)))
      .innerJoin(spaces, eq(spaces.id, contents.spaceId))
      .leftJoin(users, eq(users.id, contents.createdBy))
      .orderBy(desc(ranked.rank), desc(ranked.createdAt), desc(ranked.id));
    const countMatches = async () =>
      (await tx.select({ n: count() }).from(contents).innerJoin(spaces, eq(spaces.id, contents.spaceId)).where(where))[0]?.n ?? 0;
    // An empty first page means no match at all; an empty later page may be past the end of many.
    const first = found[0];
    return { rows: found, total: first ? Number(first.total) : opts.page.page === 1 ? 0 : await countMatches() };
  });
  const terms = rows[0] ? termsOfQueryTree(rows[0].queryTree) : [];
  return { items: rows.map((row) => presentResult(row, Number(row.rank), terms, opts.presenter)), count: total };
}
