import { and, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentPassages, contents, searchSpaceWords, searchWords, spaces, users } from '../../db/schema';
import type { ContentKind } from '../../../lib/contract/contents';
import type { PageQuery } from '../../../lib/contract/envelope';
import { passageLabel, type PassageLocation, type PassageRef } from '../../../lib/contract/passages';
import type { SearchResult } from '../../../lib/contract/search';
import { pageOffset } from '../../lib/envelope';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { presentContentView, type ContentPresenter } from '../contents/content-view';
import { spaceNotFound } from '../spaces/get-space';
import { isUuid } from '../spaces/is-uuid';
import { buildSnippet, termsOfQueryTree } from './build-snippet';
import { INDEXED_TEXT_MAX, quotedLexeme, searchableText, searchConfig } from './search-text';

export interface ContentSearch {
  q: string;
  kind?: ContentKind;
  space_id?: string;
  /** Who added the item (contents.created_by). */
  author_id?: string;
  /** First and last UTC day (YYYY-MM-DD) the item was last changed on, inclusive. */
  from?: string;
  to?: string;
}

// The item's columns without its text and indexes: a result page needs neither
// whole (the snippet reads the indexed part of the text only).
const { body: _body, searchVector: _searchVector, rankVector: _rankVector, ...listedColumns } = getTableColumns(contents);

/**
 * How many matches the first pass hands to be ranked exactly (see
 * searchContents): 100 pages of 10.
 */
export const RANKED_CANDIDATES = 1_000;
/** Matches are counted up to this many; more are reported as this many, flagged (count_is_capped). */
export const COUNT_CAP = 1_000;

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

/** The spaces searched, as one condition on `spaces`: those the viewer may read, not archived; `space_id`'s alone when given. */
const searchedSpaces = (viewer: SpaceViewer, spaceId: string | undefined): SQL =>
  and(visibleSpacesCondition(viewer), isNull(spaces.archivedAt), spaceId ? eq(spaces.id, spaceId) : undefined)!;

/** Midnight UTC starting a day given as YYYY-MM-DD, `days` later. */
const utcMidnight = (day: string, days = 0) => sql`((${day}::date + ${days}::int)::timestamp at time zone 'UTC')`;

/**
 * The filters besides the query and the spaces, as one condition on
 * `contents`. An author id that is no user's (or not an id at all) finds
 * nothing, like one of a user in no space the viewer reads: no answer tells
 * which users exist.
 */
function filterCondition(search: ContentSearch): SQL | undefined {
  const { author_id: author, from, to } = search;
  return and(
    search.kind ? eq(contents.kind, search.kind) : undefined,
    author === undefined ? undefined : isUuid(author) ? eq(contents.createdBy, author) : sql`false`,
    from ? gte(contents.updatedAt, utcMidnight(from)) : undefined,
    to ? lt(contents.updatedAt, utcMidnight(to, 1)) : undefined,
  );
}

interface SearchOptions {
  db: Database;
  viewer: SpaceViewer;
  presenter: ContentPresenter;
  page: PageQuery;
  search: ContentSearch;
}

type SearchPage = { items: SearchResult[]; count: number; countIsCapped: boolean };

/**
 * Full-text search over the ready items of the viewer's hub that sit in
 * spaces they may read and that are not archived, narrowed by the filters;
 * best match first, newest first among equals. The whole text is searched;
 * the rank weighs the matches in the item's first RANKED_WORDS words (its
 * name, then the opening of its text: a match in the name weighs more than
 * one in the text, and more matches more), so an item that matches only
 * further on comes after those, still found. The query is folded like the
 * index (search-text.ts) and read as a web search: words, "a phrase", or,
 * -word; its last word is also read as the start of a word, as the search
 * box searches while typing (whole-word matches first). A query that finds
 * nothing the viewer may see is read again with each misspelt word replaced
 * by the most similar word of the spaces searched, so what a correction
 * offers and whether one is made depend only on what the viewer may read.
 *
 * Who may see what is one SQL condition applied with the filters before
 * anything is ranked. A word found in most items would take far longer to
 * rank everywhere than a search may, so a first pass picks what to rank:
 * the newest RANKED_CANDIDATES items holding the query in their name, and
 * as many holding it in their ranking vector (each through its own GIN
 * index, or newest first through an index on the date; never reading a
 * whole search vector). Only those can rank above zero, and a match in the
 * name outranks one in the text only, so the first page is the best of all
 * matches unless more than RANKED_CANDIDATES match in their name (then it
 * is the best of the newest of those) or none does and more than that
 * match in their opening words. The other matches (found only
 * further into the text, or older) follow newest first, read through the
 * GIN index of the search vectors only when a page reaches them (sequential
 * scans are off for the transaction: the planner would otherwise test each
 * whole search vector). The count is exact up to COUNT_CAP; a larger one is
 * reported as COUNT_CAP, flagged.
 */
export async function searchContents(opts: SearchOptions): Promise<SearchPage> {
  const { db, viewer, search } = opts;
  if (search.space_id !== undefined) await assertVisibleSpace(db, viewer, search.space_id);

  const typed = prefixReadingOf(search.q) ?? { match: tsqueryOf(search.q), whole: null };
  let found = await rankedPage(opts, typed);
  if (found.total === 0) {
    const corrected = await typoReadingOf(db, viewer, search, search.q);
    if (corrected) found = await rankedPage(opts, { match: sql`${corrected}::tsquery`, whole: null });
  }
  const counted = { count: Math.min(found.total, COUNT_CAP), countIsCapped: found.total > COUNT_CAP };
  if (found.ids.length === 0) return { items: [], ...counted };

  const passages = await bestPassages(db, viewer.hubId, found.ids, found.reading.match);
  const rows = await db
    .select({
      content: listedColumns,
      creatorName: users.name,
      space: { id: spaces.id, name: spaces.name },
      // An item matched in a passage gets its snippet from that passage; only the others read their text.
      text: sql<string | null>`case when ${contents.id} = any(${sql.param([...passages.keys()])}::uuid[]) then null else ${indexedText} end`,
      rank: rankOf(found.reading),
    })
    .from(contents)
    .innerJoin(spaces, eq(spaces.id, contents.spaceId))
    .leftJoin(users, eq(users.id, contents.createdBy))
    .where(and(eq(contents.hubId, viewer.hubId), eq(contents.status, 'ready'), inArray(contents.id, found.ids)));
  const byId = new Map(rows.map((row) => [row.content.id, row]));
  const items = found.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentResult(row, Number(row.rank), found.terms, opts.presenter, passages.get(id) ?? null)] : [];
  });
  return { items, ...counted };
}

interface MatchedPassage {
  ref: PassageRef;
  text: string;
}

/**
 * Of each item, the passage that best matches the query (ranked like the
 * items), for the snippet and for the result to open at; an item matched
 * only in its name has none. Each item's passages are read through its own
 * key, never through the hub-wide passage index a common word would fill.
 */
async function bestPassages(db: Database, hubId: string, ids: string[], tsquery: SQL): Promise<Map<string, MatchedPassage>> {
  const { rows } = await db.execute<{
    content_id: string; position: number; location: PassageLocation; body_start: number; body_end: number; text: string;
  }>(sql`
    select item.id as content_id, best.position, best.location, best.body_start, best.body_end, best.text
      from unnest(${sql.param(ids)}::uuid[]) as item(id)
      cross join lateral (
        select p.position, p.location, p.body_start, p.body_end, p.text from ${contentPassages} as p
         where p.content_id = item.id and p.organization_id = ${hubId} and p.search_vector @@ ${tsquery}
         order by ts_rank(p.search_vector, ${tsquery}) desc, p.position
         limit 1
      ) as best`);
  return new Map(rows.map((row) => [row.content_id, {
    ref: { position: row.position, location: row.location, label: passageLabel(row.location), start: row.body_start, end: row.body_end },
    text: row.text,
  }]));
}

/** The text a snippet is cut from: the indexed part of the item's text. */
const indexedText = sql<string | null>`left(${contents.body}, ${INDEXED_TEXT_MAX})`;

const tsqueryOf = (q: string) => sql`websearch_to_tsquery(${searchConfig}::regconfig, ${searchableText(q)})`;

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
  const start = sql`to_tsquery(${searchConfig}::regconfig, ${`${last[1]}:*`})`;
  return { match: sql`(websearch_to_tsquery(${searchConfig}::regconfig, ${head}) && ${start})`, whole: tsqueryOf(q) };
}


/**
 * The query's words (as the index stems them, every one required) with each
 * word of TYPO_MIN letters or more replaced by the most similar word of the
 * given spaces (pg_trgm similarity over the hub's words, kept to those the
 * spaces have), as tsquery text; null when no word changes. Only the spaces
 * the viewer searches are asked, so a word of any other space is never
 * offered.
 */
async function typoReadingOf(db: Database, viewer: SpaceViewer, search: ContentSearch, q: string): Promise<string | null> {
  const hubId = viewer.hubId;
  const spaceIds = db.select({ id: spaces.id }).from(spaces).where(searchedSpaces(viewer, search.space_id));
  const { rows } = await db.execute<{ words: string[] | null; changed: boolean | null }>(sql`
    select array_agg(coalesce(nearest.word, typed.lexeme) order by typed.lexeme) as words,
           bool_or(nearest.word <> typed.lexeme) as changed
      from unnest(tsvector_to_array(to_tsvector(${searchConfig}::regconfig, ${searchableText(q)}))) as typed(lexeme)
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

/** Whether an item holds a query in its whole text; exclusions alone ("-word") leave nothing to look for, and would match nearly everything. */
const matches = (tsquery: SQL) => sql`${contents.searchVector} @@ ${tsquery} and querytree(${tsquery}) <> 'T'`;

/** The name's lexemes, out of the ranking vector (weight A); indexed on their own (contents_name_idx). */
const nameVector = sql`ts_filter(${contents.rankVector}, '{a}')`;

/**
 * Whether `vector`, a part of an item's ranking vector (the opening of its
 * search vector), holds a query: then its whole text holds it too, which is
 * only read when the query excludes a word (an excluded word may sit
 * further on).
 */
const holdsAtStart = (vector: SQL | typeof contents.rankVector, tsquery: SQL) => sql`${vector} @@ ${tsquery} and querytree(${tsquery}) <> 'T'
  and (position('!' in (${tsquery})::text) = 0 or ${contents.searchVector} @@ ${tsquery})`;

/** ts_rank over the ranking vector; with a `whole` reading, its matches 1 and more, those of word starts only below. */
const rankOf = ({ match, whole }: Reading) => (whole
  ? sql<number>`coalesce(nullif(ts_rank(${contents.rankVector}, ${whole}), 0) + 1, ts_rank(${contents.rankVector}, ${match}), 0)`
  : sql<number>`coalesce(ts_rank(${contents.rankVector}, ${match}), 0)`);

/** One page of a reading's matches (ids, best first), their total (up to COUNT_CAP), and the query's lexemes for the snippets. */
interface RankedPage {
  ids: string[];
  total: number;
  terms: string[];
  reading: Reading;
}

/**
 * One statement (see searchContents): the newest RANKED_CANDIDATES matches
 * in the name and as many in the ranking vector, ranked; then, only when
 * the page reaches past them, every other match newest first; and the
 * matches counted up to COUNT_CAP. Only a page past the end, which has no
 * row to carry the count, asks for it alone.
 */
async function rankedPage(opts: SearchOptions, reading: Reading): Promise<RankedPage> {
  const { db, viewer, search, page } = opts;
  const tsquery = reading.match;
  // Who may see what, and the filters: applied before anything is ranked.
  const from = sql`${contents} inner join ${spaces} on ${spaces.id} = ${contents.spaceId}`;
  const visible = and(eq(contents.hubId, viewer.hubId), eq(contents.status, 'ready'), searchedSpaces(viewer, search.space_id), filterCondition(search));
  const end = pageOffset(page) + page.page_size;
  const counted = sql`(select count(*) from (select from ${from} where ${visible} and ${matches(tsquery)} limit ${COUNT_CAP + 1}) as capped)`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = await tx.execute<{ id: string; total: string; query_tree: string }>(sql`
      with head as (
        (select ${contents.id} as id, ${contents.createdAt} as created_at, ${rankOf(reading)} as rank
           from ${from} where ${visible} and ${holdsAtStart(nameVector, tsquery)}
          order by ${contents.createdAt} desc, ${contents.id} desc
          limit ${RANKED_CANDIDATES})
        union
        (select ${contents.id} as id, ${contents.createdAt} as created_at, ${rankOf(reading)} as rank
           from ${from} where ${visible} and ${holdsAtStart(contents.rankVector, tsquery)}
          order by ${contents.createdAt} desc, ${contents.id} desc
          limit ${RANKED_CANDIDATES})
      ),
      -- Materialized, so it is read through the GIN index whole rather than newest first testing each search vector.
      tail as materialized (
        select ${contents.id} as id, ${contents.createdAt} as created_at
          from ${from} where ${visible} and ${matches(tsquery)}
           and (select count(*) from head) < ${end} and ${contents.id} not in (select id from head)
      ),
      ordered as (
        select id, created_at, rank, 0 as part from head
        union all
        select id, created_at, null, 1 from tail
      )
      select id, ${counted} as total, querytree(${tsquery}) as query_tree from ordered
       order by part, rank desc, created_at desc, id desc
       limit ${page.page_size} offset ${pageOffset(page)}`);
    const [first] = rows;
    // An empty first page means no match at all; an empty later page may be past the end of many.
    const total = first ? Number(first.total) : page.page === 1 ? 0 : Number((await tx.execute<{ total: string }>(sql`select ${counted} as total`)).rows[0]!.total);
    return { ids: rows.map((row) => row.id), total, terms: first ? termsOfQueryTree(first.query_tree) : [], reading };
  });
}

interface ResultRow {
  content: Parameters<typeof presentContentView>[0]['content'];
  creatorName: string | null;
  space: { id: string; name: string };
  text: string | null;
}

/** Markdown heading marks, left out of a passage's snippet (the result's label names its heading). */
const HEADING_MARKS = /^#{1,6}[ \t]+/gm;

function presentResult(row: ResultRow, rank: number, terms: string[], presenter: ContentPresenter, passage: MatchedPassage | null): SearchResult {
  return {
    content: presentContentView({ content: row.content, creatorName: row.creatorName }, presenter),
    space: row.space,
    rank,
    snippet: buildSnippet({ body: passage ? passage.text.replace(HEADING_MARKS, '') : row.text, name: row.content.name, terms }),
    passage: passage?.ref ?? null,
  };
}
